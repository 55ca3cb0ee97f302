import { LRUCache } from 'lru-cache';

/**
 * This process's copies of rows its requests read, each trusted for at most `maxAgeMs` from
 * the start of the read that fetched it: a change made where no message reaches (another
 * process, a write straight to the database) holds for every request begun that long after it.
 * A change this process learns of (`forget`) discards the copies it makes wrong at once, and
 * every read in flight, which may have seen the state before it.
 */
export interface FreshCopies<Value, Flight = Value | undefined> {
  get(key: string): Value | undefined;
  /**
   * Runs `read` once for every caller that asks for the same `flight` while it runs, unless a
   * change was forgotten since it began: a copy that expires under load costs one database
   * read, not one per request that finds it gone.
   */
  share(flight: string, read: () => Promise<Flight>): Promise<Flight>;
  /** Called before reading from the database: `keep` stores what the read answered unless a change was forgotten since. */
  startRead(): { keep(key: string, value: Value): void };
  forget(keys: Iterable<string>): void;
  forgetWhere(matches: (value: Value) => boolean): void;
}

export function createFreshCopies<Value extends object, Flight = Value | undefined>({
  maxAgeMs,
  max,
}: {
  maxAgeMs: number;
  max: number;
}): FreshCopies<Value, Flight> {
  const copies = new LRUCache<string, Value>({ max, ttl: maxAgeMs });
  // Changes are rare: any of them discards every read in flight, whichever key it was for.
  let changes = 0;
  const flights = new Map<string, { changes: number; result: Promise<Flight> }>();
  return {
    get: (key) => copies.get(key),
    share(flight, read) {
      const running = flights.get(flight);
      if (running?.changes === changes) return running.result;
      const entry = { changes, result: read() };
      flights.set(flight, entry);
      const land = () => {
        if (flights.get(flight) === entry) flights.delete(flight);
      };
      entry.result.then(land, land);
      return entry.result;
    },
    startRead() {
      const startedAt = performance.now();
      const changesBefore = changes;
      return {
        keep(key, value) {
          const ttl = maxAgeMs - (performance.now() - startedAt);
          if (changes === changesBefore && ttl >= 1) copies.set(key, value, { ttl });
        },
      };
    },
    forget(keys) {
      changes += 1;
      for (const key of keys) copies.delete(key);
    },
    forgetWhere(matches) {
      changes += 1;
      const stale = [...copies.entries()].filter(([, value]) => matches(value)).map(([key]) => key);
      for (const key of stale) copies.delete(key);
    },
  };
}
