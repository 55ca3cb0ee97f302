import { retirementTexts, type RetirementStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { trackSentSubmissions } from '../chain';
import { burnSpec } from './retirements.certificate';
import { RETIREMENT_KINDS, sendPlatformBurn } from './retirements.chain';
import { completeRetirement } from './retirements.completion';
import { audit, managedSignerOf, notifyCreator, publish, type RetirementDeps } from './retirements.context';
import * as repository from './retirements.repository';

// The chain's decisions become the retirement's status. `nextStep` is the state machine: from
// what the ledger knows of the retirement and its submissions (a snapshot, no side effects) it
// picks one step; `reconcileRetirement` loads the snapshot and `takeStep` carries the step out.

/** How long a runner may hold a retirement before another one may take over (crash, restart). */
const RUNNER_LEASE_MS = 60_000;
/** A submit claims the retirement (processing) just before it sends; a claim this old whose transaction never left was abandoned by a crash. */
const ABANDONED_CLAIM_MS = 120_000;

/** `run` (jobs, the managed-wallet request) may also send the platform-signed burn; `observe` only follows the chain. */
export type ReconcileMode = 'observe' | 'run';

export interface Snapshot {
  row: repository.RetirementRow;
  /** The retirement's burns, newest first. */
  burns: repository.SubmissionRow[];
  /** The delegate approval of a scheduled retirement still waiting on it (awaiting_signature, processing). */
  approval: repository.SubmissionRow | undefined;
  mode: ReconcileMode;
  now: number;
}

export type Step =
  | { kind: 'stay' }
  | { kind: 'complete'; burn: repository.SubmissionRow }
  | { kind: 'fail'; error: string }
  | { kind: 'set'; status: Extract<RetirementStatus, 'pending' | 'awaiting_signature' | 'processing'>; error: string | null }
  /** The allowance is on chain: scheduled, and the job burns at scheduledFor (at once if that time has passed). */
  | { kind: 'schedule' }
  /** The allowance is on chain and the time has come, but only a runner burns: the job is asked again. */
  | { kind: 'enqueue' }
  | { kind: 'send_burn' };

const STAY: Step = { kind: 'stay' };

function failed(submission: repository.SubmissionRow): Step {
  return { kind: 'fail', error: submission.error ?? retirementTexts.failed };
}

function claimAbandoned(row: repository.RetirementRow, now: number): boolean {
  return now - row.updatedAt.getTime() > ABANDONED_CLAIM_MS;
}

function burnInFlight(snapshot: Snapshot): boolean {
  return snapshot.burns.some((submission) => submission.status === 'sent');
}

/** pending: the holder's burn is prepared. It moves once the burn is sent, and fails with it. */
function fromPending(snapshot: Snapshot): Step {
  if (burnInFlight(snapshot)) return { kind: 'set', status: 'processing', error: null };
  const latest = snapshot.burns[0];
  return latest && latest.id === snapshot.row.transactionId && latest.status === 'failed' ? failed(latest) : STAY;
}

/** awaiting_signature: the holder's delegate approval is prepared; it decides the schedule. */
function fromAwaitingSignature(snapshot: Snapshot): Step {
  if (burnInFlight(snapshot) || !snapshot.row.scheduledFor) return STAY;
  return approvalStep(snapshot) ?? STAY;
}

/** processing: sent or about to be; a scheduled one's approval decides first, then the burn. */
function fromProcessing(snapshot: Snapshot): Step {
  if (burnInFlight(snapshot)) return STAY;
  if (snapshot.row.scheduledFor) {
    const step = approvalStep(snapshot);
    if (step) return step;
  }
  return burnStep(snapshot);
}

/** What a scheduled retirement's delegate approval decides; undefined once it is on chain and the burn is due. */
function approvalStep(snapshot: Snapshot): Step | undefined {
  const { row, approval, now } = snapshot;
  switch (approval?.status) {
    case 'sent':
      return row.status === 'processing' ? STAY : { kind: 'set', status: 'processing', error: null };
    case 'failed':
      return failed(approval);
    case 'expired':
      return approvalLapsed(row, approval);
    case 'pending':
      return row.status === 'processing' && claimAbandoned(row, now) ? approvalLapsed(row, approval) : STAY;
    case 'confirmed':
      if (row.status === 'awaiting_signature' || row.scheduledFor!.getTime() > now) return { kind: 'schedule' };
      if (snapshot.mode === 'observe' && snapshot.burns.length === 0) return { kind: 'enqueue' };
      return undefined;
    default:
      return STAY;
  }
}

/** The approval expired unsent: the holder signs a fresh one; a managed wallet's was the platform's only attempt. */
function approvalLapsed(row: repository.RetirementRow, approval: repository.SubmissionRow): Step {
  return row.walletType === 'platform_managed' ? failed(approval) : { kind: 'set', status: 'awaiting_signature', error: approval.error };
}

/** A processing retirement's burn: failed, re-signed by the holder, or sent by the platform once. */
function burnStep(snapshot: Snapshot): Step {
  const { row, now } = snapshot;
  const latest = snapshot.burns[0];
  if (latest?.status === 'failed') return failed(latest);
  const platformSends = row.scheduledFor !== null || row.walletType === 'platform_managed';
  if (!platformSends) {
    // The holder's own burn expired before it landed, or its submit died before sending: sign a fresh one.
    if (latest?.status === 'expired') return { kind: 'set', status: 'pending', error: latest.error };
    if (latest?.status === 'pending' && claimAbandoned(row, now)) return { kind: 'set', status: 'pending', error: null };
    return STAY;
  }
  return snapshot.mode === 'observe' ? STAY : { kind: 'send_burn' };
}

/** The transition table: a confirmed burn completes the retirement whatever it stands in; otherwise its status decides. */
const FROM_STATUS: Record<RetirementStatus, (snapshot: Snapshot) => Step> = {
  // Nothing is prepared or sent before its approval workflow decides (retirements.approval.ts).
  awaiting_approval: () => STAY,
  pending: fromPending,
  awaiting_signature: fromAwaitingSignature,
  processing: fromProcessing,
  scheduled: () => STAY,
  completed: () => STAY,
  failed: () => STAY,
  cancelled: () => STAY,
};

export function nextStep(snapshot: Snapshot): Step {
  const confirmed = snapshot.burns.find((submission) => submission.status === 'confirmed');
  if (confirmed) return { kind: 'complete', burn: confirmed };
  return FROM_STATUS[snapshot.row.status](snapshot);
}

async function approvalOf(deps: RetirementDeps, row: repository.RetirementRow): Promise<repository.SubmissionRow | undefined> {
  const waitsOnApproval = row.scheduledFor && (row.status === 'awaiting_signature' || row.status === 'processing') && row.approvalTransactionId;
  return waitsOnApproval ? deps.context.db.withTenant(row.tenantId, (tx) => repository.findSubmissionRow(tx, row.approvalTransactionId!)) : undefined;
}

/**
 * Brings a retirement in line with its chain submissions. A confirmed burn completes it
 * whichever way it was sent (this API, the sign tool, a job before a crash). In `run` mode
 * (jobs, the managed-wallet request) it may also send the platform-signed burn, once: under
 * the runner lease and only when no earlier burn of it is confirmed or undecided.
 */
export async function reconcileRetirement(deps: RetirementDeps, tenantId: string, id: string, mode: ReconcileMode): Promise<repository.RetirementRow> {
  const load = () =>
    deps.context.db.withTenant(tenantId, async (tx) => ({
      row: (await repository.findRetirement(tx, id))!,
      burns: await repository.submissionsOf(tx, id, [RETIREMENT_KINDS.burn]),
    }));
  let { row, burns } = await load();
  if (!row || row.status === 'completed' || row.status === 'failed') return row;
  if (burns.some((submission) => submission.status === 'sent')) {
    await trackSentSubmissions(deps.context);
    ({ row, burns } = await load());
  }
  return takeStep(deps, row, nextStep({ row, burns, approval: await approvalOf(deps, row), mode, now: Date.now() }));
}

async function takeStep(deps: RetirementDeps, row: repository.RetirementRow, step: Step): Promise<repository.RetirementRow> {
  switch (step.kind) {
    case 'stay':
      return row;
    case 'complete':
      return completeRetirement(deps, row, step.burn);
    case 'fail':
      return failRetirement(deps, row, step.error);
    case 'set':
      return setStatus(deps, row, step.status, step.error);
    case 'schedule': {
      const scheduled = await setStatus(deps, row, 'scheduled');
      await scheduleOnce(deps, scheduled);
      return scheduled;
    }
    case 'enqueue':
      await scheduleOnce(deps, row);
      return row;
    case 'send_burn':
      return sendBurnOnce(deps, row);
  }
}

/** Reconciles and, when the platform signs this retirement's burn, sends it once. */
export function runRetirement(deps: RetirementDeps, tenantId: string, id: string): Promise<repository.RetirementRow> {
  return reconcileRetirement(deps, tenantId, id, 'run');
}

async function setStatus(
  deps: RetirementDeps,
  row: repository.RetirementRow,
  status: repository.RetirementRow['status'],
  error: string | null = null,
): Promise<repository.RetirementRow> {
  const moved = await deps.context.db.withTenant(row.tenantId, (tx) => repository.transitionRetirement(tx, row.id, row.status, { status, error }));
  if (moved) {
    await publish(deps, row.tenantId, row.id);
    return moved;
  }
  return (await deps.context.db.withTenant(row.tenantId, (tx) => repository.findRetirement(tx, row.id)))!;
}

async function scheduleOnce(deps: RetirementDeps, row: repository.RetirementRow): Promise<void> {
  await deps.schedule({ tenantId: row.tenantId, retirementId: row.id, at: row.scheduledFor ?? new Date() });
}

async function sendBurnOnce(deps: RetirementDeps, row: repository.RetirementRow): Promise<repository.RetirementRow> {
  const { context } = deps;
  const leased = await context.db.withTenant(row.tenantId, async (tx) => {
    const locked = await repository.findRetirementForUpdate(tx, row.id);
    if (locked?.status !== 'processing') return undefined;
    const undecided = (await repository.submissionsOf(tx, row.id, [RETIREMENT_KINDS.burn])).some(
      (submission) => submission.status === 'sent' || submission.status === 'confirmed',
    );
    if (undecided) return undefined;
    return repository.claimRunnerLease(tx, row.id, new Date(Date.now() + RUNNER_LEASE_MS));
  });
  if (!leased) return row;
  const spec = await burnSpec(deps.publicBaseUrl, leased);
  await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { certificateMint: spec.certificateMint.address }));
  const authority = leased.scheduledFor ? ('retirement_delegate' as const) : { managedHolder: await managedSignerOf(deps, leased) };
  try {
    const result = await sendPlatformBurn(context, spec, authority);
    await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { transactionId: result.transactionId }));
  } finally {
    await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { runnerLeaseUntil: null }));
  }
  return reconcileRetirement(deps, row.tenantId, row.id, 'observe');
}

async function failRetirement(deps: RetirementDeps, row: repository.RetirementRow, error: string): Promise<repository.RetirementRow> {
  const failed = await deps.context.db.withTenant(row.tenantId, (tx) => markFailed(tx, row, error));
  return announceFailure(deps, failed);
}

/** Records the failure in the caller's transaction (with its audit entry); `announceFailure` tells about it once committed. */
export async function markFailed(tx: Tx, row: repository.RetirementRow, error: string): Promise<repository.RetirementRow> {
  const updated = await repository.updateRetirement(tx, row.id, { status: 'failed', error, runnerLeaseUntil: null });
  await audit(tx, updated, 'retirement.failed', null, { error });
  return updated;
}

/** Tells the creator and the open screens; the failure is already recorded. */
export async function announceFailure(deps: RetirementDeps, failed: repository.RetirementRow): Promise<repository.RetirementRow> {
  await notifyCreator(deps, failed, retirementTexts.failedTitle, failed.error ?? '');
  await publish(deps, failed.tenantId, failed.id);
  return failed;
}
