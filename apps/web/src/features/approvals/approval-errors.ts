import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

/** The engine's refusals and the mint's own codes for them (docs/approvals.md). */
const DECISION_REASONS = [
  'APPROVALS__NOT_PENDING',
  'APPROVALS__SELF_APPROVAL',
  'APPROVALS__NOT_APPROVER',
  'APPROVALS__ALREADY_APPROVED_LEVEL',
  'APPROVALS__NOT_DELEGATE',
  'APPROVALS__DELEGATE_NOT_ELIGIBLE',
  'MINTING__APPROVAL_NOT_PENDING',
  'MINTING__SELF_APPROVAL',
] as const;

/** What a failed decision tells the approver: the reason's own text, else the server's message translated. */
export function decisionFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = DECISION_REASONS.find((candidate) => error.is(candidate));
    if (reason) return t(`approvals.errors.${reason}`);
    return translateMessage(t, error.message);
  }
  return t('approvals.errors.unknown');
}
