import type { TransactionSigner } from '@solana/kit';
import { SERVER_EVENTS, type AuditAction, type Retirement } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { ExplorerTarget } from '../../lib/explorer';
import type { ApprovalsDeps } from '../approvals';
import { recordAudit } from '../audit';
import type { ChainContext } from '../chain';
import { notify, type NotificationPublisher } from '../notifications';
import type { RegistryProvider } from '../registry';
import { findWalletByAddress, platformManagedSigner } from '../wallets';
import * as repository from './retirements.repository';
import { toRetirement } from './retirements.view';

/** What the retirement services need from the app, built once by `retirementDeps(app)`. */
export interface RetirementDeps {
  context: ChainContext;
  publisher: NotificationPublisher;
  live: {
    emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void;
    transactionRecorded(tenantId: string, record: { kind: 'retirement'; id: string }): void;
  };
  explorer: ExplorerTarget;
  registry: RegistryProvider;
  masterKey: Buffer;
  /** Base of the public links written into certificates, e.g. "https://ledger.example.com". */
  publicBaseUrl: string;
  /** Asks the job queue to run the retirement at its scheduled time. */
  schedule(job: { tenantId: string; retirementId: string; at: Date }): Promise<void>;
  /** The approval engine a retirement above the retirement approval limit waits for. */
  approvals: ApprovalsDeps;
}

export async function viewOf(deps: RetirementDeps, tenantId: string, id: string): Promise<Retirement> {
  const row = await deps.context.db.withTenant(tenantId, (tx) => repository.findRetirementView(tx, id));
  if (!row) throw AppError.notFound('Retirement');
  return toRetirement(deps, row);
}

/** Reads the retirement as it stands and tells the company's open screens. */
export async function publish(deps: RetirementDeps, tenantId: string, id: string): Promise<Retirement> {
  return announce(deps, tenantId, await viewOf(deps, tenantId, id));
}

function announce(deps: RetirementDeps, tenantId: string, view: Retirement): Retirement {
  deps.live.emitToCompany({ tenantId, companyId: view.companyId }, SERVER_EVENTS.retirementUpdate, view);
  deps.live.transactionRecorded(tenantId, { kind: 'retirement', id: view.id });
  return view;
}

/**
 * The answer of a request that reconciled on the way. Reconciliation announces every status
 * it sets (completed, scheduled, failed, …), so the request announces the retirement only
 * while it still stands in a status the request set itself: one event per state change.
 */
export async function publishUnlessAnnounced(
  deps: RetirementDeps,
  tenantId: string,
  id: string,
  ownStatuses: readonly Retirement['status'][],
): Promise<Retirement> {
  const view = await viewOf(deps, tenantId, id);
  return ownStatuses.includes(view.status) ? announce(deps, tenantId, view) : view;
}

/** Another company's retirement answers as unknown to an actor confined to their own company. */
export function visibleTo<Row extends repository.RetirementRow>(actor: Actor, row: Row | undefined): Row {
  const scope = companyScopeOf(actor);
  if (!row || (scope && row.companyId !== scope)) throw AppError.notFound('Retirement');
  return row;
}

export async function requireRetirement(tx: Tx, actor: Actor, id: string): Promise<repository.RetirementRow> {
  return visibleTo(actor, await repository.findRetirement(tx, id));
}

/** The audit entry of a retirement's step; `actor` is null for the platform's own steps (jobs, reconciliation). */
export function audit(tx: Tx, row: repository.RetirementRow, action: AuditAction, actor: Actor | null, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: row.tenantId,
    actorUserId: actor?.userId ?? null,
    action,
    resourceType: 'retirement',
    resourceId: row.id,
    details: { amount: row.amount.toString(), tokenMint: row.tokenMint, walletAddress: row.walletAddress, ...details },
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    apiKey: actor?.apiKey,
  });
}

/** A notification to the user who asked for the retirement, if they are still known. */
export async function notifyCreator(deps: RetirementDeps, row: repository.RetirementRow, title: string, message: string): Promise<void> {
  if (!row.userId) return;
  await notify(deps.context.db, deps.publisher, row.tenantId, { userIds: [row.userId] }, { type: 'TRANSACTION', title, message, link: '/retirements' });
}

/** The key of the platform-managed wallet that holds the retirement's tokens. */
export async function managedSignerOf(deps: RetirementDeps, row: repository.RetirementRow): Promise<TransactionSigner> {
  const wallet = await deps.context.db.withTenant(row.tenantId, (tx) => findWalletByAddress(tx, row.walletAddress));
  if (!wallet) throw new AppError('RETIREMENT__MANAGED_WALLET_MISSING');
  return platformManagedSigner(deps.masterKey, wallet);
}
