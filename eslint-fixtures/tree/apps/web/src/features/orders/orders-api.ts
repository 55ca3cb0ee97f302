export const ordersPath = '/orders';
