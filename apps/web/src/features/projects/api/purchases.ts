import {
  HEADERS,
  SERVER_EVENTS,
  purchaseAvailabilitySchema,
  purchaseOrderListSchema,
  purchaseOrderSchema,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type PurchaseQuoteRequest,
} from '@carbonledger/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';
import { useRealtimeInvalidate } from '../../../lib/realtime/hooks';

export const purchaseKeys = { all: ['purchases'] as const };

/** A project's vintages with what is still free to buy and the unit price (USD). */
export function usePurchaseAvailability(projectId: string | null) {
  return useQuery({
    queryKey: [...purchaseKeys.all, 'availability', projectId],
    queryFn: () => api.get('/purchases/availability', purchaseAvailabilitySchema, { query: { projectId: projectId! } }),
    enabled: projectId !== null,
  });
}

/** The orders the reader may see (their company's; platform administrators every company's), read again when one changes. */
export function usePurchaseOrders(status?: PurchaseOrderStatus) {
  useRealtimeInvalidate([SERVER_EVENTS.purchaseOrderUpdate, SERVER_EVENTS.invoiceUpdate], purchaseKeys.all);
  return useQuery({
    queryKey: [...purchaseKeys.all, 'orders', status ?? 'all'],
    queryFn: () => api.get('/purchases/orders', purchaseOrderListSchema, { query: status ? { status } : {} }),
    placeholderData: keepPreviousData,
  });
}

export function useQuotePurchase() {
  return useMutation({
    mutationFn: (request: PurchaseQuoteRequest) => api.post('/purchases/quotes', request, purchaseOrderSchema),
    retry: false,
  });
}

export interface ConfirmPurchaseInput {
  orderId: string;
  walletAddress: string;
  /** One key per confirmation, sent again on a retry: the server never reserves twice for it. */
  idempotencyKey: string;
}

export function useConfirmPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, walletAddress, idempotencyKey }: ConfirmPurchaseInput): Promise<PurchaseOrder> =>
      api.post(`/purchases/orders/${encodeURIComponent(orderId)}/confirm`, { walletAddress }, purchaseOrderSchema, {
        headers: { [HEADERS.idempotencyKey]: idempotencyKey },
      }),
    retry: shouldRetryMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, idempotencyKey }: { orderId: string; idempotencyKey: string }): Promise<PurchaseOrder> =>
      api.post(`/purchases/orders/${encodeURIComponent(orderId)}/cancel`, {}, purchaseOrderSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } }),
    retry: shouldRetryMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
