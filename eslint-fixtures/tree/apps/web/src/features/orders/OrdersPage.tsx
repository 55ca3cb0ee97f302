import { Amount } from '../../components/Amount';
import { ordersPath } from './orders-api';

export function OrdersPage() {
  return (
    <a href={ordersPath}>
      <Amount value={1} />
    </a>
  );
}
