import { retirementTexts } from '../retirements';
import { domainError } from './define';

/** The retirements domain's business failures (docs/architecture.md "Errors"). */
export const retirementErrors = {
  RETIREMENT__NOT_CANCELLABLE: domainError('CONFLICT', retirementTexts.cancelNotAllowed),
} as const;
