/** What other features may use of orders; everything else in this folder is its own. */
export { useAllOrders } from './api';
export { MyOrders } from './components/my-orders';
export { DeliveryCost } from './components/delivery-cost';
export { OrderLines } from './components/order-lines';
export { OrderSummaryCard, OrderSummaryRows } from './components/order-summary';
export { OrdersTable } from './components/orders-table';
