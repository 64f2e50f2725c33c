import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFiscalReceipt } from '../../../shared/fiscal';
import type {
  LiqPayCheckout,
  MonobankInvoice,
  Order,
  OrderList,
  OrderStatus,
  OrderSummary,
  PayOrder,
  PayPalCreated,
  RefundRequest,
} from '../../../shared/orders';
import { api } from '../../api/client';

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => api<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ signal }) => api<OrderSummary[]>('/api/orders/mine', { signal }),
  });

export const allOrdersQuery = (query: { pageNumber: number; status?: OrderStatus; q: string }) =>
  queryOptions({
    queryKey: ['orders', 'all', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ pageNumber: String(query.pageNumber) });
      if (query.status) params.set('status', query.status);
      if (query.q) params.set('q', query.q);
      return api<OrderList>(`/api/orders?${params}`, { signal });
    },
    placeholderData: (previous) => previous,
  });

export const useOrder = (id: string) => useQuery(orderQuery(id));
export const useMyOrders = () => useQuery(myOrdersQuery());
export const useAllOrders = (query: Parameters<typeof allOrdersQuery>[0]) => useQuery(allOrdersQuery(query));

/** After paying or delivering, the order and every list showing it are read again (docs/orders.md). */
function useOrderMutation<T>(mutationFn: (input: T) => Promise<Order>, stale: string[][] = [['orders']]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order.id).queryKey, order),
    onSettled: () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const step = (id: string, action: 'confirm' | 'mark-paid' | 'ship' | 'deliver' | 'cancel' | 'return' | 'refund', body?: object) =>
  api<Order>(`/api/orders/${encodeURIComponent(id)}/${action}`, { method: 'PUT', body });

/** The status steps of docs/orders.md: the admin's, and the shopper's cancel. */
/** "Підтвердити замовлення": the shop keeps an unpaid offline order (docs/orders.md). */
export const useConfirmOrder = (id: string) => useOrderMutation(() => step(id, 'confirm'));
export const useMarkPaid = (id: string) => useOrderMutation(() => step(id, 'mark-paid'));
export const useShipOrder = (id: string) => useOrderMutation((trackingNumber: string) => step(id, 'ship', { trackingNumber }));
/** "Створити ТТН": Nova Poshta makes the waybill and the order ships under its number. */
export const useCreateWaybill = (id: string) => useOrderMutation(() => api<Order>(`/api/orders/${encodeURIComponent(id)}/waybill`, { method: 'POST' }));
export const useDeliverOrder = (id: string) => useOrderMutation(() => step(id, 'deliver'));
// The stock came back: the catalogue's counts changed too.
export const useCancelOrder = (id: string) => useOrderMutation(() => step(id, 'cancel'), [['orders'], ['products']]);
/** "Підтвердити повернення": the parcel is back, its stock too (docs/orders.md, "Returns"). */
export const useConfirmReturn = (id: string) => useOrderMutation(() => step(id, 'return'), [['orders'], ['products']]);
/** "Повернути кошти": the chosen lines' money back through the payment's provider (docs/orders.md, "Refunds"). */
export const useRefundOrder = (id: string) => useOrderMutation((request: RefundRequest) => step(id, 'refund', request));

/** A guest's order by the secret in its link (docs/delivery.md). */
export const guestOrderQuery = (token: string) =>
  queryOptions({
    queryKey: ['orders', 'guest', token],
    queryFn: ({ signal }) => api<Order>(`/api/orders/guest/${encodeURIComponent(token)}`, { signal }),
  });

export const useGuestOrder = (token: string) => useQuery(guestOrderQuery(token));

/** The signed-in customer takes the guest order of this link into the account. */
export function useClaimGuestOrder(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Order>(`/api/orders/guest/${encodeURIComponent(token)}/claim`, { method: 'POST' }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/**
 * Where an order's payment calls go: `/api/orders/{id}` for the signed-in owner, the guest link's
 * `/api/orders/guest/{secret}` for a guest (docs/payments.md). The payment panel takes either.
 */
export const orderPaymentBase = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
export const guestOrderPaymentBase = (token: string) => `/api/orders/guest/${encodeURIComponent(token)}`;

/** The test payment (test mode), or a PayPal id from older pages. */
export const usePayOrder = (base: string) => useOrderMutation((payment: PayOrder) => api<Order>(`${base}/pay`, { method: 'PUT', body: payment }));

/** PayPal's createOrder: our server creates the PayPal order in dollars and answers its id, amount and rate. */
export const createPayPalOrder = (base: string) => api<PayPalCreated>(`${base}/paypal`, { method: 'POST' });

/** PayPal's onApprove: our server captures and checks the payment, then marks the order paid. */
export const useCapturePayPal = (base: string) =>
  useOrderMutation((paypalOrderId: string) => api<Order>(`${base}/paypal/capture`, { method: 'POST', body: { id: paypalOrderId } }));

/** The signed LiqPay form for this order; the page posts it to LiqPay's checkout. */
export const useLiqPayCheckout = (base: string) => useMutation({ mutationFn: () => api<LiqPayCheckout>(`${base}/liqpay`, { method: 'POST' }) });

/** Back from LiqPay's page: the server asks LiqPay for the payment's status and answers the order. */
export const useLiqPayRecheck = (base: string) => useOrderMutation(() => api<Order>(`${base}/liqpay/status`, { method: 'POST' }));

/** The order's monobank invoice (a still-valid one reused); the page sends the browser to its `pageUrl`. */
export const useMonobankInvoice = (base: string) => useMutation({ mutationFn: () => api<MonobankInvoice>(`${base}/monobank`, { method: 'POST' }) });

/** Back from monobank's page: the server asks monobank for the invoice's status and answers the order. */
export const useMonobankRecheck = (base: string) => useOrderMutation(() => api<Order>(`${base}/monobank/status`, { method: 'POST' }));

/** The order's fiscal receipts as the admin sees them: state, attempts, Checkbox's last error (docs/fiscal.md). */
export const orderReceiptsQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'receipts', id],
    queryFn: ({ signal }) => api<AdminFiscalReceipt[]>(`/api/orders/${encodeURIComponent(id)}/receipts`, { signal }),
  });

export const useOrderReceipts = (id: string) => useQuery(orderReceiptsQuery(id));

/** Admin: failed receipts go to Checkbox again under the same ids. */
export function useRetryReceipts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<AdminFiscalReceipt[]>(`/api/orders/${encodeURIComponent(id)}/receipts/retry`, { method: 'POST' }),
    onSuccess: (receipts) => queryClient.setQueryData(orderReceiptsQuery(id).queryKey, receipts),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders', 'detail', id] }),
  });
}
