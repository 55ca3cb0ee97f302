import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { address, partiallySignTransaction, type KeyPairSigner } from '@solana/kit';
import { findHolderTokenAccount, fromWireTransaction, toWireTransaction } from '@carbonledger/chain';
import type { CompanyWallet, ExecuteMintResult, MintPreview, Retirement, RetirementActionResult } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';
import { approvedWallet, freeSubranges, importSerials } from '../minting/minting.testing';
import { decide } from '../wallets/wallets.testing';

export const WIND_PROJECT = '3107';

export interface RetirementFixture {
  external: { key: KeyPairSigner; wallet: CompanyWallet };
  managed: CompanyWallet;
  tokenMint: string;
}

async function mintTo(app: App, who: SignedIn, walletId: string, quantity: number): Promise<string> {
  const preview = await app.inject({
    method: 'POST',
    url: '/api/v1/minting/preview',
    headers: who.headers,
    payload: { projectId: WIND_PROJECT, quantity, tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const executed = await app.inject({
    method: 'POST',
    url: '/api/v1/minting/execute',
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: { previewId: (preview.json().data as MintPreview).previewId },
  });
  expect(executed.statusCode, executed.body).toBe(200);
  return (executed.json().data as ExecuteMintResult).operation.mintAddress!;
}

/**
 * The demo company with an approved external wallet (funded, holding `externalTokens`) and an
 * approved platform-managed wallet (holding `managedTokens`) of one project token, minted
 * against imported sandbox VCUs.
 */
export async function retirementFixture(
  app: App,
  member: SignedIn,
  administrator: SignedIn,
  holdings: { externalTokens: number; managedTokens: number },
): Promise<RetirementFixture> {
  const external = await approvedWallet(app, member, administrator, 'Retirements');
  await app.chain.airdrop(address(external.wallet.address), 5_000_000_000n);
  const created = await app.inject({ method: 'POST', url: '/api/v1/wallets/managed', headers: member.headers, payload: { name: 'Managed' } });
  expect(created.statusCode, created.body).toBe(201);
  const managed = created.json().data as CompanyWallet;
  expect((await decide(app, administrator, managed.id, 'approve')).statusCode).toBe(200);
  const actor = { tenantId: member.result.tenant.id, companyId: member.result.company.id, userId: member.result.user.id };
  await importSerials(app, actor, await freeSubranges(app, member, WIND_PROJECT, 1, BigInt(holdings.externalTokens + holdings.managedTokens)));
  const tokenMint = await mintTo(app, member, external.wallet.id, holdings.externalTokens);
  await mintTo(app, member, managed.id, holdings.managedTokens);
  return { external, managed, tokenMint };
}

export function retireBody(fixture: RetirementFixture, who: SignedIn, overrides: Record<string, unknown> = {}) {
  return {
    companyId: who.result.company.id,
    walletAddress: fixture.external.wallet.address,
    tokenMint: fixture.tokenMint,
    amount: 10,
    reason: 'voluntary_offset',
    location: { country: 'BR', subdivision: 'BR-SP' },
    memo: 'Scope 3 travel 2025',
    beneficiaryName: 'Verde Energia S.A. employees',
    ...overrides,
  };
}

export function post(app: App, who: SignedIn, url: string, payload?: unknown, key: string | null = randomUUID()) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(app: App, who: SignedIn, url: string) {
  return app.inject({ method: 'GET', url, headers: { authorization: who.headers.authorization! } });
}

/** The browser wallet's part: sign the prepared transaction with the holder's key. */
export async function signPrepared(key: KeyPairSigner, unsignedTxBase64: string): Promise<string> {
  return toWireTransaction(await partiallySignTransaction([key.keyPair], fromWireTransaction(unsignedTxBase64)));
}

export async function createRetirement(app: App, who: SignedIn, body: Record<string, unknown>): Promise<RetirementActionResult> {
  const response = await post(app, who, '/api/v1/retirements', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as RetirementActionResult;
}

/** Creates with the external wallet, signs and submits: the answer of the submit. */
export async function signAndSubmit(app: App, who: SignedIn, key: KeyPairSigner, result: RetirementActionResult): Promise<Retirement> {
  const signedTxBase64 = await signPrepared(key, result.transaction!.unsignedTxBase64);
  const response = await post(app, who, `/api/v1/retirements/${result.retirement.id}/submit`, { signedTxBase64 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Retirement;
}

export async function allowanceOf(app: App, owner: string, mint: string) {
  const account = await app.chain.getTokenAccount(await findHolderTokenAccount(address(owner), address(mint)));
  return { delegate: account?.delegate ?? null, amount: account?.delegatedAmount ?? 0n, balance: account?.amount ?? 0n };
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
