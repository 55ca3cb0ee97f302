/**
 * Progressive delays per e-mail and client IP (docs/auth.md#lockout). Failed sign-ins of one
 * address from one IP are free up to FREE_FAILURES; after that the pair waits, twice as long
 * after each further failure, and is answered RATE_LIMITED without the password being
 * checked. Known and unknown e-mails are counted alike, so the answer tells nobody whether an
 * account exists, and a guesser slows down only their own IP, never the account's owner.
 * Kept in memory, per process (the per-IP rate limit, by contrast, is shared through Redis with REDIS_URL).
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** A pair without failures for this long starts again from zero. */
  forgetAfterMs: 60 * 60_000,
  /** Bounds the memory an attacker can fill with made-up addresses; the oldest pairs go first. */
  maxPairs: 100_000,
} as const;

interface Pair {
  failures: number;
  lastFailureAt: number;
  waitUntil: number;
}

export interface LoginThrottle {
  /** Whether this e-mail may be tried from this IP now. */
  allows(email: string, ip: string | null, now?: number): boolean;
  recordFailure(email: string, ip: string | null, now?: number): void;
  recordSuccess(email: string, ip: string | null): void;
}

export function createLoginThrottle(): LoginThrottle {
  const pairs = new Map<string, Pair>();
  const keyOf = (email: string, ip: string | null) => `${email.trim().toLowerCase()}\n${ip ?? ''}`;
  const current = (key: string, now: number): Pair | undefined => {
    const pair = pairs.get(key);
    if (pair && now - pair.lastFailureAt > LOGIN_THROTTLE.forgetAfterMs) {
      pairs.delete(key);
      return undefined;
    }
    return pair;
  };

  return {
    allows(email, ip, now = Date.now()) {
      const pair = current(keyOf(email, ip), now);
      return !pair || pair.waitUntil <= now;
    },
    recordFailure(email, ip, now = Date.now()) {
      const key = keyOf(email, ip);
      const failures = (current(key, now)?.failures ?? 0) + 1;
      const beyond = failures - LOGIN_THROTTLE.freeFailures;
      const delay = beyond < 0 ? 0 : Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** beyond, LOGIN_THROTTLE.maxDelayMs);
      // Re-inserted, so the Map's order is least recently failed first.
      pairs.delete(key);
      pairs.set(key, { failures, lastFailureAt: now, waitUntil: now + delay });
      if (pairs.size > LOGIN_THROTTLE.maxPairs) pairs.delete(pairs.keys().next().value!);
    },
    recordSuccess(email, ip) {
      pairs.delete(keyOf(email, ip));
    },
  };
}
