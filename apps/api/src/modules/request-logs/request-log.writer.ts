import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { requestLogs } from '../../db/schema';

export type RequestLogEntry = typeof requestLogs.$inferInsert;

export interface RequestLogWriter {
  /** Queues an entry; never waits for the database and never throws. */
  record(entry: RequestLogEntry): void;
  /** Writes everything queued so far (also runs on a timer and at shutdown). */
  flush(): Promise<void>;
}

const BATCH_SIZE = 250;
const FLUSH_INTERVAL_MS = 1000;
/** While the database is unreachable the oldest entries give way, so memory stays bounded. */
const MAX_QUEUED = 20_000;

/**
 * Request logs are written in batches off the request path: a request only appends to an
 * in-memory queue, and a timer (or a full batch) writes the queue in one multi-row insert.
 */
export function createRequestLogWriter(database: Database, log: FastifyBaseLogger): RequestLogWriter {
  let queue: RequestLogEntry[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function writeBatch(batch: RequestLogEntry[]): Promise<void> {
    try {
      for (let start = 0; start < batch.length; start += BATCH_SIZE) {
        const chunk = batch.slice(start, start + BATCH_SIZE);
        await database.asSystem((tx) => tx.insert(requestLogs).values(chunk));
      }
    } catch (error) {
      log.warn({ err: error, lost: batch.length }, 'request logs could not be written');
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = queue;
    queue = [];
    writing = writing.then(() => (batch.length > 0 ? writeBatch(batch) : undefined));
    return writing;
  }

  return {
    record(entry) {
      queue.push(entry);
      if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
      if (queue.length >= BATCH_SIZE) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_INTERVAL_MS);
        timer.unref();
      }
    },
    flush,
  };
}
