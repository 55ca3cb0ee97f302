import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { PROCESS_LOCK_NAMESPACE } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Several processes on one PostgreSQL server: a request that held its Idempotency-Key when its
 * process was SIGKILLed frees the key as soon as that process's connections close (its liveness
 * lock with them), so the client's retry through another process runs at once, not after two
 * minutes. The dying process is played by a plain connection that holds a liveness lock.
 */
describe.skipIf(!serverUrl)('an Idempotency-Key held by a process that died', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let otherProcess: pg.Client;
  const otherProcessKey = 424_242;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin@demo.test');
    const [{ name }] = (await harness.app.db.executeSql('select current_database() as name')).rows as [{ name: string }];
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    otherProcess = new pg.Client({ connectionString: url.toString() });
    await otherProcess.connect();
    await otherProcess.query('select pg_advisory_lock($1, $2)', [PROCESS_LOCK_NAMESPACE, otherProcessKey]);
  });
  afterAll(async () => {
    await otherProcess.end().catch(() => undefined);
    await harness.close();
  });

  const readAll = (key: string) =>
    harness.app.inject({ method: 'PUT', url: '/api/v1/notifications/read-all', headers: { ...admin.headers, 'idempotency-key': key } });

  /** What the other process's request leaves when it dies: its work done, its answer never stored. */
  async function heldByOtherProcess(key: string): Promise<void> {
    expect((await readAll(key)).statusCode).toBe(200);
    await harness.app.db.asSystem((tx) =>
      tx
        .update(idempotencyKeys)
        .set({ state: 'in_flight', responseStatus: null, responseBody: null, claimedBy: otherProcessKey })
        .where(eq(idempotencyKeys.key, key)),
    );
  }

  it('names this process in its claims', async () => {
    const key = randomUUID();
    expect((await readAll(key)).statusCode).toBe(200);
    const [row] = await harness.app.db.asSystem((tx) => tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)));
    expect(row!.claimedBy).toBe(harness.app.db.processKey());
    expect(row!.claimedBy).not.toBeNull();
  });

  it('answers 409 while the holding process lives, and runs the retry at once when it dies', async () => {
    const key = randomUUID();
    await heldByOtherProcess(key);
    const whileAlive = await readAll(key);
    expect(whileAlive.statusCode).toBe(409);
    expect(whileAlive.json().error.code).toBe('IDEMPOTENCY_IN_FLIGHT');

    await otherProcess.end();
    const afterDeath = await readAll(key);
    expect(afterDeath.statusCode, afterDeath.body).toBe(200);
    expect(afterDeath.headers['idempotent-replayed']).toBeUndefined();
    const replay = await readAll(key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
