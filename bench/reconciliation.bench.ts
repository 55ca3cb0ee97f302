import { randomBytes } from 'node:crypto';
import { address, getBase58Decoder, type KeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import {
  findHolderTokenAccount,
  getBurnWithMemoInstructions,
  getMintTokensInstruction,
  getThawTokenAccountInstruction,
  openEmbeddedChain,
  type ChainClient,
} from '../packages/chain/src';
import { createProjectMint, executeOrThrow, fundedSigner } from '../packages/chain/src/testing';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/database';
import { chainSubmissions, companyWallets, mintOperations, projectMints, retirements, users, vcuBlocks } from '../apps/api/src/db/schema';
import { presenceOnChain } from '../apps/api/src/modules/chain';
import { reconcileNow } from '../apps/api/src/modules/reconciliation';
import { createTestDatabase } from '../apps/api/src/test/test-app';

const MINTS = 100;
/** Per mint: mint operations (each its own mint-to) and partial retirements (each its own burn): 10,000 token records in all. */
const MINTS_PER_TOKEN = 80;
const RETIREMENTS_PER_TOKEN = 20;
const RECORDS = MINTS * (MINTS_PER_TOKEN + RETIREMENTS_PER_TOKEN);
const BUDGET_MS = 5_000;
/** Seeded discrepancies: 3 MISSING_ON_CHAIN + 3 STATUS_MISMATCH submissions, 1 AMOUNT_MISMATCH and 1 MISSING_OFF_CHAIN supply. */
const SEEDED = 8;

interface Seeded {
  signatures: string[];
  mints: string[];
}

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * The ledger and the chain of 10,000 token records on 100 project mints: every record a real
 * transaction on the embedded chain with its confirmed submission and its mint operation or
 * retirement row, the registry's VCUs locked and retired to match; then the seeded differences.
 */
async function seed(app: App, chain: ChainClient): Promise<Seeded> {
  const db: Database = app.db;
  const { tenantId, companyId, userId, walletId } = await db.asSystem(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
    const [wallet] = await tx.select().from(companyWallets).where(eq(companyWallets.companyId, user!.companyId));
    return { tenantId: user!.tenantId, companyId: user!.companyId, userId: user!.id, walletId: wallet!.id };
  });
  const issuer = await fundedSigner(chain, 1_000_000_000_000n);
  const holder: KeyPairSigner = await fundedSigner(chain, 1_000_000_000_000n);
  const submissions: Row<typeof chainSubmissions>[] = [];
  const operations: Row<typeof mintOperations>[] = [];
  const burns: Row<typeof retirements>[] = [];
  const mintRows: Row<typeof projectMints>[] = [];
  const blocks: Row<typeof vcuBlocks>[] = [];
  const signatures: string[] = [];
  const mints: string[] = [];
  const submission = (kind: string, signature: string, status: 'confirmed' | 'failed' = 'confirmed') =>
    submissions.push({
      tenantId,
      kind,
      status,
      messageBase64: 'AA==',
      preparedTxBase64: 'AA==',
      signedTxBase64: 'AA==',
      signature,
      lastValidBlockHeight: 0n,
      createdBy: userId,
    });

  for (let m = 0; m < MINTS; m++) {
    const projectId = `BENCH-RECON-${m}`;
    const { mint, freeze } = await createProjectMint(chain, issuer, { name: `Bench project ${m}`, symbol: `BR${m}`, uri: '' }, [holder.address]);
    const account = await findHolderTokenAccount(holder.address, mint.address);
    await executeOrThrow(chain, issuer, [getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze })]);
    mints.push(mint.address);
    mintRows.push({
      tenantId,
      registry: 'sandbox',
      projectId,
      vintage: 2024,
      mintAddress: mint.address,
      status: 'created',
      name: `Bench project ${m}`,
      symbol: `BR${m}`,
      decimals: 0,
    });
    let minted = 0n;
    let retired = 0n;
    for (let i = 1; i <= MINTS_PER_TOKEN; i++) {
      const quantity = BigInt(100 + i);
      const { signature } = await executeOrThrow(chain, issuer, [
        getMintTokensInstruction({ mint: mint.address, destination: account, issuer, amount: quantity, decimals: 0 }),
      ]);
      minted += quantity;
      submission('minting.mint-to', signature);
      signatures.push(signature);
      operations.push({
        tenantId,
        companyId,
        registry: 'sandbox',
        projectId,
        projectName: `Bench project ${m}`,
        vintage: 2024,
        quantity,
        tokenName: `Bench project ${m}`,
        symbol: `BR${m}`,
        decimals: 0,
        walletId,
        walletAddress: holder.address,
        status: 'completed',
        mintAddress: mint.address,
        signature,
      });
    }
    for (let i = 1; i <= RETIREMENTS_PER_TOKEN; i++) {
      const amount = BigInt(i);
      const { signature } = await executeOrThrow(
        chain,
        holder,
        getBurnWithMemoInstructions({ account, mint: mint.address, authority: holder, amount, decimals: 0, memo: `bench retirement ${m}-${i}` }),
      );
      retired += amount;
      submission('retirement.burn', signature);
      signatures.push(signature);
      burns.push({
        tenantId,
        companyId,
        walletId,
        walletAddress: holder.address,
        walletType: 'external',
        tokenMint: mint.address,
        tokenSymbol: `BR${m}`,
        projectId,
        projectName: `Bench project ${m}`,
        registry: 'sandbox',
        vintage: 2024,
        amount,
        decimals: 0,
        reason: 'voluntary_offset',
        country: 'BR',
        beneficiaryName: 'Bench',
        beneficiaryHash: 'bench',
        status: 'completed',
        certificateNumber: `BENCH-${m}-${i}-${randomBytes(4).toString('hex')}`,
        signature,
      });
    }
    const block = (start: bigint, units: bigint, status: 'tokenised' | 'retired') => ({
      tenantId,
      companyId,
      registry: 'sandbox' as const,
      projectId,
      serialNumber: `BENCH-${m}-${start}`,
      blockStart: start,
      blockEnd: start + units - 1n,
      vintageStart: '2024-01-01',
      vintageEnd: '2024-12-31',
      issuanceDate: '2025-01-01',
      verifier: 'Bench',
      status,
      mintAddress: mint.address,
    });
    blocks.push(block(1n, minted - retired, 'tokenised'), block(minted - retired + 1n, retired, 'retired'));
  }

  // The seeded differences: supply burned and minted outside the platform, lost and misrecorded transactions.
  const holderAccount = (mint: string) => findHolderTokenAccount(holder.address, address(mint));
  await executeOrThrow(
    chain,
    holder,
    getBurnWithMemoInstructions({
      account: await holderAccount(mints[0]!),
      mint: address(mints[0]!),
      authority: holder,
      amount: 5n,
      decimals: 0,
      memo: 'outside',
    }),
  );
  await executeOrThrow(chain, issuer, [
    getMintTokensInstruction({ mint: address(mints[1]!), destination: await holderAccount(mints[1]!), issuer, amount: 5n, decimals: 0 }),
  ]);
  for (let i = 0; i < 3; i++) submission('minting.mint-to', getBase58Decoder().decode(randomBytes(64)));
  for (let i = 0; i < 3; i++) {
    const { signature } = await executeOrThrow(chain, issuer, [
      getMintTokensInstruction({ mint: address(mints[2 + i]!), destination: await holderAccount(mints[2 + i]!), issuer, amount: 0n, decimals: 0 }),
    ]);
    submission('wallet.approve', signature, 'failed');
  }

  await db.withTenant(tenantId, async (tx) => {
    await tx.insert(projectMints).values(mintRows);
    for (let start = 0; start < operations.length; start += 1_000) await tx.insert(mintOperations).values(operations.slice(start, start + 1_000));
    for (let start = 0; start < burns.length; start += 1_000) await tx.insert(retirements).values(burns.slice(start, start + 1_000));
    for (let start = 0; start < submissions.length; start += 1_000) await tx.insert(chainSubmissions).values(submissions.slice(start, start + 1_000));
    await tx.insert(vcuBlocks).values(blocks);
  });
  return { signatures, mints };
}

/** The chain reads a pass cannot avoid, timed alone: every signature's status and every mint's supply (the baseline). */
async function rawChainReads(chain: ChainClient, seeded: Seeded): Promise<number> {
  const started = performance.now();
  await presenceOnChain(chain, seeded.signatures);
  for (const mint of seeded.mints) await chain.getMint(address(mint));
  return performance.now() - started;
}

async function measure(label: string, database: Database): Promise<void> {
  const chain = openEmbeddedChain({ snapshotPath: null });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: `/tmp/carbonledger-bench-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: 'Bench!2345',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { database, chain, logger: false });
  await app.ready();
  try {
    const seeding = performance.now();
    const seeded = await seed(app, chain);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const deps = { db: app.db, chain: app.chain, log: app.log };

    const started = performance.now();
    const report = await reconcileNow(app, deps);
    const elapsedMs = performance.now() - started;
    if (report.submissionsChecked < RECORDS || report.opened < SEEDED)
      throw new Error(`unexpected pass: ${JSON.stringify({ ...report, notices: report.notices.length })}`);
    const baselineMs = await rawChainReads(chain, seeded);

    console.log(`\nReconciliation of ${RECORDS} token records on ${MINTS} mints (${label}; seeded in ${seedSeconds.toFixed(1)} s)`);
    console.log(
      `  pass: ${report.submissionsChecked} transactions and ${report.mintsChecked} supplies and registry holdings checked, ${report.opened} discrepancies opened (${SEEDED} seeded + the demo's)`,
    );
    console.log(`  elapsed ${(elapsedMs / 1000).toFixed(2)} s (budget ${BUDGET_MS / 1000} s): ${elapsedMs <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
    console.log(
      `  ${((RECORDS / elapsedMs) * 1000).toFixed(0)} records/s; chain reads alone (baseline) ${(baselineMs / 1000).toFixed(2)} s; ratio pass / baseline ${(elapsedMs / baselineMs).toFixed(2)}`,
    );
  } finally {
    await app.close();
  }
}

/**
 * issue 16 Performance: 10,000 token records (mint operations and partial retirements, each a
 * real transaction, with a few seeded discrepancies of each type) reconciled end to end — one
 * pass: submissions against the chain, supplies, registry holdings, differences recorded — on the
 * embedded runtime (PGlite + LiteSVM), then on PostgreSQL when TEST_DATABASE_URL names a server.
 */
export async function run() {
  const embedded = await openDatabase({ kind: 'pglite', dataDir: null });
  await measure('embedded: PGlite + LiteSVM', embedded);
  if (!process.env.TEST_DATABASE_URL) {
    console.log('  PostgreSQL: set TEST_DATABASE_URL to measure it too');
    return;
  }
  const postgres = await createTestDatabase();
  try {
    await measure('PostgreSQL + LiteSVM', postgres.database);
  } finally {
    await postgres.drop();
  }
}
