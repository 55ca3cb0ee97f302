import { dashboardLayoutSchema, type DashboardLayout, type DashboardLayoutItem } from '@carbonledger/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const layoutKey = ['dashboard', 'layout'] as const;

export function useDashboardLayout() {
  return useQuery({ queryKey: layoutKey, queryFn: () => api.get('/dashboard/layout', dashboardLayoutSchema), staleTime: Infinity });
}

/**
 * Saves the arrangement on the server; the screen shows it at once (the grid has already moved)
 * and goes back to the server's copy if the save is refused.
 */
export function useSaveDashboardLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: DashboardLayoutItem[]) => api.put('/dashboard/layout', { items }, dashboardLayoutSchema),
    onMutate: (items) => {
      const previous = queryClient.getQueryData<DashboardLayout>(layoutKey);
      queryClient.setQueryData<DashboardLayout>(layoutKey, { items, saved: true, updatedAt: previous?.updatedAt ?? null });
      return { previous };
    },
    onError: (_error, _items, context) => queryClient.setQueryData(layoutKey, context?.previous),
    onSuccess: (layout) => queryClient.setQueryData(layoutKey, layout),
  });
}

export function useResetDashboardLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/dashboard/layout', dashboardLayoutSchema),
    onSuccess: (layout) => queryClient.setQueryData(layoutKey, layout),
  });
}
