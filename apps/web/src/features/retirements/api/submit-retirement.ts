import { HEADERS, retirementSchema, type Retirement } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

export interface SubmitRetirementInput {
  retirementId: string;
  signedTxBase64: string;
  idempotencyKey: string;
}

/** Sends the transaction the holder's wallet signed (the burn, the delegate approval or its revocation). */
export function submitRetirement({ retirementId, signedTxBase64, idempotencyKey }: SubmitRetirementInput): Promise<Retirement> {
  return api.post(`/retirements/${encodeURIComponent(retirementId)}/submit`, { signedTxBase64 }, retirementSchema, {
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
}
