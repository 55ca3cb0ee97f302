import type { FastifyInstance } from 'fastify';
import type { Role } from '@carbonledger/contracts';
import { DEMO_CUSTOMER_COMPANY, DEMO_TENANT_SLUG } from '../../db/seed';
import * as minting from '../minting';
import * as retirements from '../retirements';
import * as wallets from '../wallets';
import * as repository from './demo-holdings.repository';

/** What the demo company holds from the first start (README "Demo holdings"). */
export const DEMO_HOLDINGS = {
  company: DEMO_CUSTOMER_COMPANY,
  walletName: 'Verde treasury (managed)',
  member: 'companyadmin@demo.test',
  administrator: 'admin@demo.test',
  projectId: '1360',
  vintage: 2020,
  tokenName: 'Tambopata REDD+ 2020',
  symbol: 'TBRP20',
  minted: 1000n,
  retired: 100n,
  beneficiary: DEMO_CUSTOMER_COMPANY,
  country: 'BR',
} as const;

/** Shown in audit entries and request-log columns of what the seed did. */
const SEED_REQUEST_ID = 'demo-holdings-seed';

interface DemoActors {
  tenantId: string;
  companyId: string;
  member: { userId: string; companyId: string; role: Role };
  administrator: { userId: string; companyId: string; role: Role };
}

/** Who the seed acts as and what earlier starts left, read in one transaction; null without the demo accounts. */
async function demoState(app: FastifyInstance) {
  return app.db.asSystem(async (tx) => {
    const tenant = await repository.findTenantBySlug(tx, DEMO_TENANT_SLUG);
    if (!tenant) return null;
    const company = await repository.findCompanyByName(tx, tenant.id, DEMO_HOLDINGS.company);
    const people = await repository.findUsersByEmail(tx, tenant.id, [DEMO_HOLDINGS.member, DEMO_HOLDINGS.administrator]);
    const member = people.find((user) => user.email === DEMO_HOLDINGS.member);
    const administrator = people.find((user) => user.email === DEMO_HOLDINGS.administrator);
    if (!company || !member || !administrator) return null;
    const actors: DemoActors = {
      tenantId: tenant.id,
      companyId: company.id,
      member: { userId: member.id, companyId: member.companyId, role: member.role },
      administrator: { userId: administrator.id, companyId: administrator.companyId, role: administrator.role },
    };
    const wallet = await repository.findWalletByName(tx, company.id, DEMO_HOLDINGS.walletName);
    if (!wallet) return { actors, wallet: null, mints: [], retired: false };
    return { actors, wallet, mints: await repository.mintOperationsOfWallet(tx, wallet.id), retired: await repository.hasRetirementFromWallet(tx, wallet.id) };
  });
}

/**
 * The demo company's holdings, made through the product's own services so the registry, the
 * VCU records, the token mint and the chain agree: a platform-managed wallet approved by the
 * platform administrator, 1,000 tCO2e of the Tambopata REDD+ project minted into it and 100
 * of them retired with a certificate. Each step runs only when its result is missing, so a
 * restart adds nothing and a start that stopped half-way finishes the rest.
 */
export async function seedDemoHoldings(app: FastifyInstance): Promise<'seeded' | 'present' | 'skipped'> {
  // Real clusters hold real money: demo tokens only ever go to the embedded chain.
  if (app.chain.driver !== 'embedded') return 'skipped';
  const state = await demoState(app);
  if (!state) return 'skipped';
  if (state.wallet && state.wallet.status !== 'pending' && state.mints.length > 0 && state.retired) return 'present';
  const { actors } = state;
  const { tenantId } = actors;
  const member = { tenantId, ...actors.member, requestId: SEED_REQUEST_ID, ip: null };
  const administrator = { tenantId, ...actors.administrator, requestId: SEED_REQUEST_ID, ip: null };

  const wallet = state.wallet ?? (await wallets.createManagedWallet(wallets.walletDeps(app), member, { name: DEMO_HOLDINGS.walletName }));
  if (wallet.status === 'pending') await wallets.approveWallet(wallets.walletDeps(app), administrator, wallet.id);

  let tokenMint = state.mints.find((operation) => operation.status === 'completed')?.mintAddress ?? null;
  if (state.mints.length === 0) {
    const deps = minting.mintingDeps(app);
    const preview = await minting.previewMint(deps, member, {
      projectId: DEMO_HOLDINGS.projectId,
      vintage: DEMO_HOLDINGS.vintage,
      quantity: DEMO_HOLDINGS.minted,
      tokenName: DEMO_HOLDINGS.tokenName,
      symbol: DEMO_HOLDINGS.symbol,
      decimals: 0,
      walletId: wallet.id,
    });
    if (!preview.valid) throw new Error(`demo mint preview is not valid: ${preview.checks.balance.message}`);
    const { result } = await minting.executeMint(deps, member, preview.previewId);
    if (result.operation.status !== 'completed') throw new Error(`demo mint ended ${result.operation.status}: ${result.operation.error ?? 'no error given'}`);
    tokenMint = result.operation.mintAddress;
  }

  if (!state.retired && tokenMint) {
    await retirements.createRetirement(retirements.retirementDeps(app), member, {
      companyId: actors.companyId,
      walletAddress: wallet.address,
      tokenMint,
      amount: DEMO_HOLDINGS.retired,
      reason: 'voluntary_offset',
      location: { country: DEMO_HOLDINGS.country },
      beneficiaryName: DEMO_HOLDINGS.beneficiary,
    });
  }
  return 'seeded';
}

/** Startup hook: seeds, logs how long it took, and never stops the server from starting. */
export async function seedDemoHoldingsAtStartup(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  try {
    const outcome = await seedDemoHoldings(app);
    app.log.info({ outcome, ms: Math.round(performance.now() - started) }, 'demo holdings');
  } catch (error) {
    app.log.warn({ err: error }, 'demo holdings could not be seeded; the server starts without them');
  }
}
