import { retirementSchema, type Retirement } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** One retirement as the server sees it now (reconciled with the chain). */
export function fetchRetirement(retirementId: string): Promise<Retirement> {
  return api.get(`/retirements/${encodeURIComponent(retirementId)}`, retirementSchema);
}
