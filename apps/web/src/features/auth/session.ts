import { TOKEN_REFRESH_AT, type AuthResult } from '@carbonledger/contracts';
import { ApiError } from '../../lib/api-client';
import { setUnauthorizedHandler } from '../../lib/api';
import { authStorage } from '../../lib/storage';
import { tokenSecondsLeft } from './token';
import { useAuthStore } from '../../lib/auth-store';

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function cancelRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** docs/product.md §4: refresh at 80 % of the token lifetime, and only while signed in. */
export function scheduleRefresh(lifetimeSeconds: number) {
  cancelRefresh();
  if (useAuthStore.getState().status !== 'authenticated') return;
  refreshTimer = setTimeout(() => void refreshSession(), Math.max(0, lifetimeSeconds * TOKEN_REFRESH_AT * 1000));
}

export function startSession(result: AuthResult) {
  authStorage.set({
    accessToken: result.tokens.accessToken,
    tenantId: result.tenant.id,
    userId: result.user.id,
    companyId: result.company.id,
    sessionId: result.session.sessionId,
    sessionFingerprint: result.session.fingerprint,
  });
  useAuthStore.getState().signedIn({ user: result.user, company: result.company, tenant: result.tenant, session: result.session });
  scheduleRefresh(result.tokens.expiresIn);
}

/** `expired`: the server no longer knows the session (ended elsewhere, timed out), so the user did not sign out. */
export function endSession(reason?: 'expired') {
  cancelRefresh();
  authStorage.clear();
  useAuthStore.getState().signedOut(reason);
}

/** A 401 on a signed-in request: only a session that was open can have expired. */
function sessionLost() {
  endSession(useAuthStore.getState().status === 'authenticated' ? 'expired' : undefined);
}

export async function refreshSession() {
  if (useAuthStore.getState().status !== 'authenticated') return;
  try {
    const { refreshTokens } = await import('./api/refresh');
    if (useAuthStore.getState().status !== 'authenticated') return;
    const refreshed = await refreshTokens();
    if (useAuthStore.getState().status === 'authenticated') startSession(refreshed);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionLost();
    else scheduleRefresh(30);
  }
}

/** docs/product.md §4: restore needs the stored session id and fingerprint; a refused one clears storage. */
export async function restoreSession(): Promise<void> {
  const token = authStorage.get('accessToken');
  const sessionId = authStorage.get('sessionId');
  const fingerprint = authStorage.get('sessionFingerprint');
  if (!token || !sessionId || !fingerprint) {
    endSession();
    return;
  }
  try {
    const { fetchSession } = await import('./api/restore-session');
    const restored = await fetchSession(sessionId, fingerprint);
    authStorage.set({ tenantId: restored.tenant.id, userId: restored.user.id, companyId: restored.company.id });
    useAuthStore.getState().signedIn(restored);
    const secondsLeft = tokenSecondsLeft(token);
    if (secondsLeft === null || secondsLeft <= 0) await refreshSession();
    else scheduleRefresh(secondsLeft);
  } catch (error) {
    const refused = error instanceof ApiError && (error.status === 401 || error.status === 403 || error.code === 'SESSION_VALIDATION_FAILED');
    if (refused) endSession('expired');
    else {
      cancelRefresh();
      useAuthStore.getState().signedOut();
    }
  }
}

/**
 * Reads the signed-in session again (user, company, permissions) without touching the tokens:
 * after the user's permissions changed elsewhere. A refused session ends it; a failed read
 * keeps what is shown (the next request is checked by the server anyway).
 */
export async function reloadSession(): Promise<void> {
  const sessionId = authStorage.get('sessionId');
  const fingerprint = authStorage.get('sessionFingerprint');
  if (useAuthStore.getState().status !== 'authenticated' || !sessionId || !fingerprint) return;
  try {
    const { fetchSession } = await import('./api/restore-session');
    const restored = await fetchSession(sessionId, fingerprint);
    if (useAuthStore.getState().status === 'authenticated') useAuthStore.getState().signedIn(restored);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionLost();
  }
}

setUnauthorizedHandler(sessionLost);
