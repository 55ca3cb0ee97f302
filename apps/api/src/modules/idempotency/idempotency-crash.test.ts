import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ExecuteMintResult, MintPreview, RetirementActionResult } from '@carbonledger/contracts';
import type { App } from '../../app';
import { chainSubmissions, idempotencyKeys, mintOperations, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { resumeStaleOperations, supplyOf } from '../minting/minting.testing';
import { mintingDeps } from '../minting';
import { retirementDeps, sweepRetirements } from '../retirements';
import { post, retireBody, retirementFixture, WIND_PROJECT, type RetirementFixture } from '../retirements/retirements.testing';

const quietLog = { warn: () => undefined };
const never = () => new Promise<never>(() => undefined);

/**
 * The process serving a request dies right after the chain accepted its transaction: nothing
 * after the send runs and no answer comes. Another process (here the same app, as a second
 * instance would) serves the retries from the same database and chain.
 */
function dieAfterNextChainSend(app: App): Promise<void> {
  const chain = app.chain;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was and called with .call(chain)
  const send = chain.sendAndConfirm;
  return new Promise((died) => {
    chain.sendAndConfirm = async (transaction, options) => {
      chain.sendAndConfirm = send;
      await send.call(chain, transaction, options);
      died();
      return never();
    };
  });
}

/** The process dies just before its chain transaction is built: the operation exists, nothing was sent. */
function dieBeforeNextChainSend(app: App): Promise<void> {
  const chain = app.chain;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was and called with .call(chain)
  const blockhash = chain.getLatestBlockhash;
  return new Promise((died) => {
    chain.getLatestBlockhash = () => {
      chain.getLatestBlockhash = blockhash;
      died();
      return never();
    };
  });
}

describe('an Idempotency-Key whose request died between the chain send and the answer never runs again', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let fixture: RetirementFixture;
  const app = () => harness.app;

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    const admin = await signInAs(harness.app, 'admin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 10, managedTokens: 100 });
  });
  afterAll(() => harness.close());

  /** Time passes for the key and for whatever the dead request left running (its runner leases and claims). */
  async function later(key: string, interval: string) {
    await app().db.asSystem(async (tx) => {
      await tx
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - ${interval}::interval` })
        .where(eq(idempotencyKeys.key, key));
      await tx
        .update(retirements)
        .set({ runnerLeaseUntil: sql`now() - interval '1 second'`, updatedAt: sql`${retirements.updatedAt} - ${interval}::interval` });
      await tx.update(mintOperations).set({ updatedAt: sql`${mintOperations.updatedAt} - ${interval}::interval` });
    });
    // The background work of that time: the retirement sweep and the stale-mint sweep, as their jobs run them.
    await sweepRetirements(retirementDeps(app()), quietLog);
    await resumeStaleOperations(app(), mintingDeps(app()));
  }

  const retirementsOf = (amount: bigint) => app().db.asSystem((tx) => tx.select().from(retirements).where(eq(retirements.amount, amount)));
  const confirmed = (kind: string) =>
    app().db.asSystem((tx) =>
      tx
        .select()
        .from(chainSubmissions)
        .where(and(eq(chainSubmissions.kind, kind), eq(chainSubmissions.status, 'confirmed'))),
    );

  it('retire now with a managed wallet, dead after the burn was sent: retries at 1 s, 2 min and 1 h answer the one retirement', async () => {
    const key = randomUUID();
    const body = retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 7 });
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const burnsBefore = (await confirmed('retirement.burn')).length;

    const died = dieAfterNextChainSend(app());
    void post(app(), companyAdmin, '/api/v1/retirements', body, key);
    await died;

    const answers = [];
    for (const interval of [null, '2 minutes', '1 hour']) {
      if (interval) await later(key, interval);
      const retry = await post(app(), companyAdmin, '/api/v1/retirements', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      answers.push(retry.json().data as RetirementActionResult);
    }

    expect(answers[0]!.retirement).toMatchObject({ status: 'completed', amount: '7', walletType: 'platform_managed' });
    expect(answers[0]!.retirement.signature).toBeTruthy();
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 7n);
    expect(await confirmed('retirement.burn')).toHaveLength(burnsBefore + 1);
    expect((await retirementsOf(7n)).map((row) => row.id)).toEqual([answers[0]!.retirement.id]);
  });

  it('retire now with a managed wallet, dead before the burn: 409 with Retry-After until the sweep burns it, then that retirement', async () => {
    const key = randomUUID();
    const body = retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 11 });
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);

    const died = dieBeforeNextChainSend(app());
    void post(app(), companyAdmin, '/api/v1/retirements', body, key);
    await died;
    const [created] = await retirementsOf(11n);
    expect(created?.status).toBe('processing');

    const early = await post(app(), companyAdmin, '/api/v1/retirements', body, key);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);

    const answers = [];
    for (const interval of ['2 minutes', '1 hour']) {
      await later(key, interval);
      const retry = await post(app(), companyAdmin, '/api/v1/retirements', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      answers.push(retry.json().data as RetirementActionResult);
    }
    expect(answers[0]!.retirement).toMatchObject({ id: created!.id, status: 'completed', amount: '11' });
    expect(answers[1]).toEqual(answers[0]);
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 11n);
    expect((await retirementsOf(11n)).map((row) => row.id)).toEqual([created!.id]);
  });

  it('mint execute, dead after the mint-to was sent: retries at 1 s, 2 min and 1 h answer the one operation, minted once', async () => {
    const preview = await app().inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: companyAdmin.headers,
      payload: { projectId: WIND_PROJECT, quantity: 13, tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId: fixture.managed.id },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = { previewId: (preview.json().data as MintPreview).previewId };
    const key = randomUUID();
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const mintTosBefore = (await confirmed('minting.mint-to')).length;

    const died = dieAfterNextChainSend(app());
    void post(app(), companyAdmin, '/api/v1/minting/execute', body, key);
    await died;

    const answers = [];
    for (const interval of [null, '2 minutes', '1 hour']) {
      if (interval) await later(key, interval);
      const retry = await post(app(), companyAdmin, '/api/v1/minting/execute', body, key);
      expect(retry.statusCode, retry.body).toBe(200);
      answers.push(retry.json().data as ExecuteMintResult);
    }
    expect(answers[0]!.operation).toMatchObject({ status: 'completed', quantity: '13', mintAddress: fixture.tokenMint });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore + 13n);
    expect(await confirmed('minting.mint-to')).toHaveLength(mintTosBefore + 1);
  });
});
