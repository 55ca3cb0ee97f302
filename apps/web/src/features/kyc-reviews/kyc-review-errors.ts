import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

const REVIEW_REASONS = ['KYC__OWN_CASE', 'KYC__NOT_REVIEWABLE', 'KYC__CHECKLIST_INCOMPLETE', 'KYC__RISK_NOT_ASSESSED'] as const;

/** What a failed review call tells the officer: the KYC__ reason's own text, else the server's message translated. */
export function reviewFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.is('KYC__DECISION_AWAITING_APPROVAL')) return t('governance.kyc.alreadyPending');
    const reason = REVIEW_REASONS.find((candidate) => error.is(candidate));
    if (reason) return t(`kycReviews.errors.${reason}`);
    return translateMessage(t, error.message);
  }
  return t('kycReviews.errors.unknown');
}
