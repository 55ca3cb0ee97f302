import { errorCatalogue } from '@carbonledger/contracts';
import { ApiError, clientErrorTexts } from '../../lib/api-client';
import { loginErrorTexts } from '../../lib/messages';

const KNOWN_CODES = ['INVALID_CREDENTIALS', 'MFA_REQUIRED', 'INVALID_MFA_TOKEN', 'ACCOUNT_LOCKED', 'KYC_REQUIRED', 'RATE_LIMITED', 'VALIDATION_ERROR'] as const;

/** docs/product.md §8 dual-auth failure: the server's specific text, else 'Dual authentication failed'. */
export function walletLoginErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'WALLET_AUTH_FAILED') return error.message || loginErrorTexts.dualAuthFailed;
  return loginErrorText(error, loginErrorTexts.dualAuthFailed);
}

export function isMfaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'MFA_REQUIRED';
}

/** The password is right but temporary: the sign-in is sent again with a new one (docs/product.md §3 New user). */
export function isPasswordChangeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.is('AUTH__PASSWORD_CHANGE_REQUIRED');
}

/** The docs/product.md §8 text for a failed sign-in. */
export function loginErrorText(error: unknown, fallback: string = loginErrorTexts.failed): string {
  if (isMfaRequired(error)) return errorCatalogue.MFA_REQUIRED.message;
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'ZodError' ? loginErrorTexts.noData : fallback;
  const known = KNOWN_CODES.find((code) => code === error.code);
  if (known) return errorCatalogue[known].message;
  if (error.status === 401) return errorCatalogue.INVALID_CREDENTIALS.message;
  if (error.code === 'NETWORK_ERROR') return clientErrorTexts.network;
  if (error.message === clientErrorTexts.emptyResponse) return loginErrorTexts.noData;
  return fallback;
}
