import { expect } from 'vitest';
import { address } from '@solana/kit';
import { formatVerraSerial, parseVerraSerial, serialForRange, type CarbonProjectDetail, type Vcu } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';
import { sandboxRegistry } from '../registry/registry.testing';
import { importVcuBlock, type VcuImporter } from '../registry';
import { decide, registerNewWallet } from '../wallets/wallets.testing';

/** The crash-recovery pass, for tests that kill an operation half-way and resume it. */
export { resumeStaleOperations } from './minting.jobs';
/** The batch job's steps, for tests that drive a batch to its end (or its failure) without the queue. */
export { createMintingBatch, runMintingJob } from './minting-jobs.service';

/** SOL the test wallets get from the local faucet: enough for any preview's total cost (docs/product.md §5). */
export const TEST_WALLET_LAMPORTS = 1_000_000_000n;

/** A wallet of the member's company that an administrator approved (its accounts thawed on chain), funded unless asked not to be. */
export async function approvedWallet(app: App, member: SignedIn, administrator: SignedIn, name = 'Treasury', { funded = true } = {}) {
  const { key, wallet } = await registerNewWallet(app, member, name);
  const approved = await decide(app, administrator, wallet.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  if (funded) await app.chain.airdrop(address(wallet.address), TEST_WALLET_LAMPORTS);
  return { key, wallet };
}

/** The serials of `count` consecutive ranges of `unitsEach` units from the first issued block of a project that is large enough. */
export async function freeSubranges(app: App, who: SignedIn, projectId: string, count: number, unitsEach: bigint, skipBlocks = 0): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: { authorization: who.headers.authorization! } });
  const project = response.json().data as CarbonProjectDetail;
  const blocks = project.vcuBlocks.filter(
    (block) => block.status === 'issued' && BigInt(block.blockEnd) - BigInt(block.blockStart) + 1n >= BigInt(count) * unitsEach,
  );
  const block = blocks[skipBlocks];
  if (!block) throw new Error(`Project ${projectId} has no free block of ${BigInt(count) * unitsEach} units`);
  const parsed = parseVerraSerial(block.serialNumber);
  if (!parsed.ok) throw new Error('bad sandbox serial');
  return Array.from({ length: count }, (_, i) => {
    const start = parsed.serial.blockStart + BigInt(i) * unitsEach;
    return formatVerraSerial(serialForRange(parsed.serial, start, start + unitsEach - 1n));
  });
}

/** Imports serials through the registry service (the import endpoint's own code path) and answers the block ids. */
export async function importSerials(app: App, actor: VcuImporter, serials: readonly string[]): Promise<string[]> {
  return app.db.withTenant(actor.tenantId, async (tx) => {
    const ids: string[] = [];
    for (const serial of serials) ids.push((await importVcuBlock(tx, sandboxRegistry(tx), actor, serial)).id);
    return ids;
  });
}

export async function supplyOf(app: App, mint: string): Promise<bigint> {
  return (await app.chain.getMint(address(mint)))?.supply ?? 0n;
}

export function vcusOf(app: App, who: SignedIn, query = '') {
  return app
    .inject({ method: 'GET', url: `/api/v1/vcus${query}`, headers: { authorization: who.headers.authorization! } })
    .then((response) => response.json().data as Vcu[]);
}
