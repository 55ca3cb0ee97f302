import { HEADERS, retirementActionResultSchema, type CreateRetirementRequest, type RetirementActionResult } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

export interface CreateRetirementInput {
  request: CreateRetirementRequest;
  /** One key per form submission, sent again on a retry: the server never retires twice for it. */
  idempotencyKey: string;
}

export function createRetirement({ request, idempotencyKey }: CreateRetirementInput): Promise<RetirementActionResult> {
  return api.post('/retirements', request, retirementActionResultSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}
