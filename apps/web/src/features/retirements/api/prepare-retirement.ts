import { HEADERS, retirementActionResultSchema, type RetirementActionResult } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** A fresh transaction for a retirement that waits for the holder's signature. */
export function prepareRetirement(retirementId: string, idempotencyKey: string): Promise<RetirementActionResult> {
  return api.post(`/retirements/${encodeURIComponent(retirementId)}/prepare`, undefined, retirementActionResultSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}
