import { OrdersPage } from '../features/orders/OrdersPage';

export const embedded = OrdersPage;
