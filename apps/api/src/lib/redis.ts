import { Redis } from 'ioredis';
import { ConfigError } from '../config';

const CHECK_TIMEOUT_MS = 3000;

/** The URL without its password, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Connects to `url` and sends one PING, giving up after a few seconds; throws what went wrong. */
export async function pingRedis(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    commandTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis also emits the failure as an event; without a listener Node would treat it as unhandled.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${String(answer)}`);
  } finally {
    client.disconnect();
  }
}

/**
 * A configured Redis that cannot be reached stops the start instead of failing later, silently.
 */
export async function assertRedisReachable(url: string): Promise<void> {
  try {
    await pingRedis(url);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: cannot reach Redis at ${shown(url)} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
