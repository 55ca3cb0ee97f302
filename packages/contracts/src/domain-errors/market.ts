import { marketTexts } from '../market';
import { domainError } from './define';

/** The market domain's refusals (docs/architecture.md "Errors"). */
export const marketErrors = {
  /** The configured price feed (MARKET_DATA_URL) did not answer, or answered something that is not a price series. */
  MARKET__SOURCE_UNAVAILABLE: domainError('SERVICE_UNAVAILABLE', marketTexts.sourceUnavailable),
} as const;
