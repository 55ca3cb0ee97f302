import { complianceTexts } from '../compliance';
import { domainError } from './define';

/** The compliance controls' business failures (docs/product.md §5 Compliance limits). */
export const complianceErrors = {
  /** The operation would take the company's tCO2e volume of today over its daily limit; the text names what remains. */
  COMPLIANCE__DAILY_LIMIT_EXCEEDED: domainError('CONFLICT', complianceTexts.dailyLimitExceeded),
  /** The operation would take the company's tCO2e volume of this month over its monthly limit; the text names what remains. */
  COMPLIANCE__MONTHLY_LIMIT_EXCEEDED: domainError('CONFLICT', complianceTexts.monthlyLimitExceeded),
  /** Changing the tier and limits is for compliance officers (kyc:review). */
  COMPLIANCE__NOT_OFFICER: domainError('ACCESS_DENIED', complianceTexts.notOfficer),
} as const;
