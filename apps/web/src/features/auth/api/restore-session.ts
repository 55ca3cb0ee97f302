import { HEADERS, sessionRestoreSchema, type SessionRestore } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** docs/product.md §4: restore presents the stored session id and fingerprint. */
export function fetchSession(sessionId: string, fingerprint: string): Promise<SessionRestore> {
  return api.get('/auth/session', sessionRestoreSchema, {
    headers: { [HEADERS.sessionId]: sessionId, [HEADERS.sessionFingerprint]: fingerprint },
  });
}
