/** Seconds of lifetime left in a JWT, read from its exp claim; null if it has none. */
export function tokenSecondsLeft(token: string, now = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp - now / 1000 : null;
  } catch {
    return null;
  }
}
