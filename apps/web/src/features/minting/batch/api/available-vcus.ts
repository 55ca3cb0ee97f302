import { vcuSchema, type Vcu } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api';
import { availableVcuKeys } from '../../../../lib/vcu-keys';

/** The batch can hold up to 2,000 blocks, the most the list answers at once. */
export const BATCH_VCU_LIMIT = 2000;

/** The company's imported VCU blocks still free for minting (GET /vcus?status=available). */
export function fetchAvailableVcus(): Promise<Vcu[]> {
  return api.get('/vcus', z.array(vcuSchema), { query: { status: 'available', limit: BATCH_VCU_LIMIT } });
}

export function useAvailableVcus() {
  return useQuery(queryOptions({ queryKey: availableVcuKeys.all, queryFn: fetchAvailableVcus, staleTime: 10_000 }));
}
