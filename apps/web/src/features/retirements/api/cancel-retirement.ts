import { HEADERS, retirementActionResultSchema, type RetirementActionResult } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** Cancels a retirement not yet executed; a scheduled one answers the revoke transaction to sign. */
export function cancelRetirement(retirementId: string, idempotencyKey: string): Promise<RetirementActionResult> {
  return api.post(`/retirements/${encodeURIComponent(retirementId)}/cancel`, undefined, retirementActionResultSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}
