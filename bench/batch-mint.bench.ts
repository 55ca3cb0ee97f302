import { randomBytes } from 'node:crypto';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { generateKeyPairSigner, lamports, type Instruction } from '@solana/kit';
import { formatVerraSerial, parseVerraSerial, serialForRange, type AuthResult, type MintingJob } from '@carbonledger/contracts';
import {
  buildTransactionMessage,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getMintTokensInstruction,
  openEmbeddedChain,
  projectMintLayout,
  signTransaction,
  getThawTokenAccountInstruction,
} from '../packages/chain/src';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { sandboxRegistry } from '../apps/api/src/modules/registry/sandbox-registry';
import { importVcuBlock } from '../apps/api/src/modules/registry/vcu-blocks.service';

const BLOCKS = 1000;
const BUDGET_MS = 3_000;
const PASSWORD = 'Bench!2345';
/** The sandbox's first Texas wind block (5,000 units): cut into 1,000 imported blocks of 5 units. */
const SOURCE_BLOCK = '16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0';

async function signIn(app: App, email: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.body}`);
  const result = response.json<{ data: AuthResult }>().data;
  return { result, headers: { authorization: `Bearer ${result.tokens.accessToken}`, 'x-csrf-token': String(response.headers['x-csrf-token']) } };
}

/** Raw LiteSVM mint-to transactions per second (build, sign, svm.sendTransaction), the baseline of this run. */
async function rawMintToPerSecond(iterations: number): Promise<number> {
  const svm = new LiteSVM();
  const [payer, mint, freeze, holder] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
  svm.airdrop(payer.address, lamports(1_000_000_000_000n));
  const send = async (instructions: Instruction[]) => {
    const transaction = await signTransaction(
      buildTransactionMessage({ feePayer: payer, lifetime: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 0n }, instructions }),
    );
    const result = svm.sendTransaction(transaction);
    if (result instanceof FailedTransactionMetadata) throw new Error(result.toString());
  };
  const metadata = { name: 'Bench Project', symbol: 'BENCH', uri: '' };
  await send(
    getCreateProjectMintInstructions({
      payer,
      mint,
      issuer: payer,
      freezeAuthority: freeze.address,
      metadata,
      mintLamports: svm.minimumBalanceForRentExemption(BigInt(projectMintLayout(metadata).finalSize)),
    }),
  );
  const account = await findHolderTokenAccount(holder.address, mint.address);
  await send([
    await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address }),
    getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze }),
  ]);
  const started = performance.now();
  for (let i = 1; i <= iterations; i++)
    await send([getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount: BigInt(i), decimals: 0 })]);
  return (iterations / (performance.now() - started)) * 1000;
}

/**
 * Batch minting of 1,000 VCU blocks end to end on the embedded chain: POST /minting/batches
 * (reservation of every block, job row, pg-boss job) → the worker (project mint, mint-to per
 * chunk, blocks tokenised, progress) until the job is completed. Budget 3 s (issue 20); the ratio to
 * raw LiteSVM mint-to throughput of the same run is printed.
 */
export async function run() {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: `/tmp/carbonledger-bench-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { database, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
  await app.ready();
  try {
    const member = await signIn(app, 'companyadmin@demo.test');
    const administrator = await signIn(app, 'admin@demo.test');
    const created = await app.inject({ method: 'POST', url: '/api/v1/wallets/managed', headers: member.headers, payload: { name: 'Bench treasury' } });
    const walletId = created.json<{ data: { id: string } }>().data.id;
    const approved = await app.inject({ method: 'POST', url: `/api/v1/wallets/${walletId}/approve`, headers: administrator.headers });
    if (approved.statusCode !== 200) throw new Error(`wallet approval: ${approved.body}`);

    const parsed = parseVerraSerial(SOURCE_BLOCK);
    if (!parsed.ok) throw new Error('bad source serial');
    const actor = { tenantId: member.result.tenant.id, companyId: member.result.company.id, userId: member.result.user.id };
    const blockIds = await app.db.withTenant(actor.tenantId, async (tx) => {
      const ids: string[] = [];
      for (let i = 0n; i < BigInt(BLOCKS); i++) {
        const start = parsed.serial.blockStart + i * 5n;
        ids.push((await importVcuBlock(tx, sandboxRegistry(tx), actor, formatVerraSerial(serialForRange(parsed.serial, start, start + 4n)))).id);
      }
      return ids;
    });

    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/minting/batches',
      headers: { ...member.headers, 'idempotency-key': randomBytes(8).toString('hex') },
      payload: { vcuBlockIds: blockIds, walletId },
    });
    if (response.statusCode !== 202) throw new Error(`batch: ${response.body}`);
    const jobId = response.json<{ data: MintingJob }>().data.id;
    let job = response.json<{ data: MintingJob }>().data;
    while (job.status !== 'completed' && job.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await app.inject({ method: 'GET', url: `/api/v1/minting/batches/${jobId}`, headers: { authorization: member.headers.authorization } })).json<{
        data: MintingJob;
      }>().data;
    }
    const elapsedMs = performance.now() - started;
    if (job.status !== 'completed') throw new Error(`batch failed: ${job.error}`);

    const raw = await rawMintToPerSecond(BLOCKS);
    const endToEnd = (BLOCKS / elapsedMs) * 1000;
    console.log(`\nBatch minting of ${BLOCKS} VCU blocks (${job.totalAmount} tCO2e), API → job → chain → database`);
    console.log(`  elapsed ${(elapsedMs / 1000).toFixed(2)} s (budget ${BUDGET_MS / 1000} s): ${elapsedMs <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`  end to end ${endToEnd.toFixed(0)} blocks/s; raw LiteSVM ${raw.toFixed(0)} mint-to/s; ratio ${(endToEnd / raw).toFixed(3)}`);
  } finally {
    await app.close();
  }
}
