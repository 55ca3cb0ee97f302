import { formatAmount } from '../../lib/format';

export function InvoicesPage() {
  return <p>{formatAmount(2)}</p>;
}
