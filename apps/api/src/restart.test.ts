import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { companies, idempotencyKeys, tenants, users } from './db/schema';
import { signInAs, type SignedIn } from './modules/auth/auth.testing';

/** The embedded defaults as `npm start` uses them: PGlite and LiteSVM under DATA_DIR. */
describe('embedded mode across a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-restart-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const counts = (app: Awaited<ReturnType<typeof buildApp>>) =>
    app.db.asSystem(async (tx) => ({
      tenants: (await tx.select({ n: count() }).from(tenants))[0]!.n,
      companies: (await tx.select({ n: count() }).from(companies))[0]!.n,
      users: (await tx.select({ n: count() }).from(users))[0]!.n,
    }));

  it('keeps the database and the chain, and seeding again adds nothing', async () => {
    const first = await buildApp(config, { logger: false });
    await first.ready();
    const seeded = await counts(first);
    expect(seeded).toMatchObject({ tenants: 1, users: 9 });
    const login = await first.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'admin@demo.test', password: 'Demo!2345' } });
    expect(login.statusCode).toBe(200);
    const slotBefore = (await first.chain.health()).slot;
    // A request that held its Idempotency-Key when the process was SIGKILLed: its work done, its answer never stored.
    const readAll = (app: typeof first, who: SignedIn) =>
      app.inject({ method: 'PUT', url: '/api/v1/notifications/read-all', headers: { ...who.headers, 'idempotency-key': 'read-all-before-the-crash' } });
    expect((await readAll(first, await signInAs(first, 'admin@demo.test'))).statusCode).toBe(200);
    await first.db.asSystem((tx) =>
      tx
        .update(idempotencyKeys)
        .set({ state: 'in_flight', responseStatus: null, responseBody: null })
        .where(eq(idempotencyKeys.key, 'read-all-before-the-crash')),
    );
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'chain.bin.json'))).toBe(true);

    const second = await buildApp(config, { logger: false });
    await second.ready();
    expect(await counts(second)).toEqual(seeded);
    const sessions = await second.inject({
      url: '/api/v1/auth/session',
      headers: {
        authorization: `Bearer ${login.json().data.tokens.accessToken}`,
        'x-session-id': login.json().data.session.sessionId,
        'x-session-fingerprint': login.json().data.session.fingerprint,
      },
    });
    expect(sessions.statusCode).toBe(200);
    // Its client's retry runs at once after the restart, rather than 409 for two minutes.
    const retry = await readAll(second, await signInAs(second, 'admin@demo.test'));
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await second.chain.health()).slot).toBeGreaterThanOrEqual(slotBefore);
    await second.close();
    // Two whole boots (every migration, the seed, the chain) and two drained shutdowns: 5–15 s, more on a loaded CI machine.
  }, 90_000);
});
