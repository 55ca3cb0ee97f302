import { OrdersPage } from '../features/orders/OrdersPage';

export const routes = [
  { path: '/orders', page: OrdersPage },
  { path: '/invoices', load: () => import('../features/invoices/InvoicesPage') },
];
