import type { FastifyInstance } from 'fastify';
import type { PriorityFee } from '@carbonledger/chain';
import type { ExplorerTarget } from '../../lib/explorer';
import { approvalsDepsOf, type ApprovalsDeps } from '../approvals';
import type { ChainContext } from '../chain';
import { priorityFeeFor, priorityFeePolicyOf, rpcFeeSampler, type RecentFeeSampler } from '../chain-settings';
import type { NotificationPublisher } from '../notifications';
import type { RegistryProvider } from '../registry';

/** What the minting services need from the app, built once per app by mintingDeps. */
export interface MintingDeps {
  context: ChainContext;
  publisher: NotificationPublisher;
  live: {
    emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void;
    transactionRecorded(tenantId: string, record: { kind: 'mint_operation' | 'minting_job'; id: string }): void;
  };
  explorer: ExplorerTarget;
  /** Where project facts come from: the configured registry (Verra) or the embedded sandbox. */
  registry: RegistryProvider;
  /** This deployment's public origin (PUBLIC_URL), for the metadata uri written on chain. */
  publicBaseUrl: string;
  /** The approval engine a mint above the limit waits for. */
  approvals: ApprovalsDeps;
  /** Recent priority-fee prices on the cluster, for a percentile priority-fee policy (none: no samples). */
  recentPriorityFees?: RecentFeeSampler;
}

/** The minting dependencies out of the app's shared ones (also used by the demo holdings seed). */
export function mintingDeps(app: FastifyInstance): MintingDeps {
  return {
    context: app.chainContext,
    publisher: app.live,
    live: app.live,
    explorer: app.explorer,
    registry: app.registryFor,
    publicBaseUrl: app.publicBaseUrl,
    approvals: approvalsDepsOf(app),
    recentPriorityFees: rpcFeeSampler(app.config.solanaRpcUrl),
  };
}

/**
 * The priority fee a mint transaction sent now pays under the tenant's policy (Settings →
 * Blockchain): the price the mint preview charged for, read again when the transactions are built.
 */
export async function priorityFeeOfTenant(deps: MintingDeps, tenantId: string): Promise<PriorityFee | undefined> {
  const policy = await deps.context.db.withTenant(tenantId, priorityFeePolicyOf);
  return priorityFeeFor(policy, deps.recentPriorityFees ?? (() => Promise.resolve([])));
}
