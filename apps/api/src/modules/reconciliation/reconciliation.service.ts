import { address } from '@solana/kit';
import type { ChainClient } from '@carbonledger/chain';
import type { Database } from '../../db/database';
import { decideSubmission, presenceOnChain } from '../chain';
import { raiseSecurityAlert, type RequestOrigin, type SecurityNotice } from '../security';
import { registryFindings, submissionFinding, supplyFinding } from './reconciliation.findings';
import * as repository from './reconciliation.repository';
import { recordWebhookEvent } from '../webhooks';

export interface ReconciliationDeps {
  db: Database;
  chain: ChainClient;
  log: { info(details: object, message: string): void };
}

/** What one pass looked at and what it found; `notices` are the alerts it raised, for the realtime feed. */
export interface ReconciliationReport {
  /** Decided submissions compared with the chain: those no earlier pass saw consistent. */
  submissionsChecked: number;
  mintsChecked: number;
  /** Confirmed submissions missing on chain whose stored bytes could still land and were sent again. */
  resent: number;
  opened: number;
  seenAgain: number;
  notices: SecurityNotice[];
}

/** Where a pass is, for a 'run now' screen: the phase, records compared so far and in all. */
export interface PassProgress {
  phase: 'submissions' | 'supplies' | 'registry' | 'recording';
  checked: number;
  total: number;
}

/** A pass over one tenant (a 'run now') or every tenant (the schedule), optionally told of its progress. */
export interface PassOptions {
  tenantId?: string;
  onProgress?: (progress: PassProgress) => Promise<void> | void;
}

/** Submissions read per database round trip (and checked per chain round trips of 256). */
const SUBMISSIONS_PER_PAGE = 1_000;
/** Parallel getMint calls, so a cluster's rate limit is not hit in one burst. */
const PARALLEL_MINT_READS = 8;

/**
 * Every submission the ledger records as decided and no pass has yet seen consistent, against
 * the chain: a confirmed one must have landed without error, a failed or expired one must not
 * have landed. A confirmed one the chain does not have is sent again (the stored signed bytes,
 * as the submissions tracker does) while its blockhash is valid; only one that can no longer
 * land becomes a discrepancy, and stays unchecked so every pass sees it again.
 *
 * A consistent one is marked checked once the chain's answer can no longer change: it landed
 * (with or without error), or it is absent and its blockhash has expired. It is not read again:
 * the passes stay as cheap as what was decided since the last one, and a chain that later
 * forgets an old signature (status cache and history are bounded) raises no false alarm. A
 * checked transaction lost later still shows in the mint's supply (checkSupplies).
 */
async function checkSubmissions(
  deps: ReconciliationDeps,
  report: ReconciliationReport,
  options: PassOptions,
  progress: PassProgress,
): Promise<repository.DiscrepancyFinding[]> {
  const findings: repository.DiscrepancyFinding[] = [];
  for (let after: string | null = null; ;) {
    const page = await deps.db.asSystem((tx) => repository.uncheckedDecidedSubmissionsAfter(tx, after, SUBMISSIONS_PER_PAGE, options.tenantId));
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    report.submissionsChecked += page.length;
    // Read before the statuses: past this height an absent transaction can never land.
    const blockHeight = await deps.chain.getBlockHeight();
    const presence = await presenceOnChain(
      deps.chain,
      page.map((row) => row.signature),
    );
    const consistent: string[] = [];
    for (const row of page) {
      const seen = presence.get(row.signature);
      if (!seen) continue;
      let resendOutcome: string | null = null;
      if (row.status === 'confirmed' && seen.state === 'absent') {
        const decision = await decideSubmission(deps.chain, row);
        if (decision === null || decision.status === 'confirmed') {
          report.resent++;
          deps.log.info({ submissionId: row.id, signature: row.signature }, 'reconciliation: a confirmed transaction missing on chain was sent again');
          continue;
        }
        resendOutcome = decision.status === 'expired' ? 'its blockhash has expired, it cannot be sent again' : `sending it again failed: ${decision.error}`;
      }
      const finding = submissionFinding(row, seen, resendOutcome);
      if (finding) findings.push(finding);
      else if (seen.state !== 'absent' || blockHeight > row.lastValidBlockHeight) consistent.push(row.id);
    }
    await deps.db.asSystem((tx) => repository.markChainChecked(tx, consistent));
    progress.checked += page.length;
    await options.onProgress?.({ ...progress });
  }
  return findings;
}

/**
 * Every project mint's supply on chain against the ledger (minted − retired). The ledger is read
 * before and after the chain, and only a supply outside both readings counts: a mint or a
 * retirement that finished in between is not taken for a difference. Then the registry's VCUs of
 * each mint against the ledger read after (one statement: one snapshot of both).
 */
async function checkSupplies(
  deps: ReconciliationDeps,
  report: ReconciliationReport,
  options: PassOptions,
  progress: PassProgress,
): Promise<repository.DiscrepancyFinding[]> {
  const only = { tenantId: options.tenantId };
  const before = await deps.db.asSystem((tx) => repository.mintLedgers(tx, only));
  progress.total += before.length * 2;
  const supplies = new Map<string, bigint | null>();
  for (let start = 0; start < before.length; start += PARALLEL_MINT_READS) {
    const batch = before.slice(start, start + PARALLEL_MINT_READS);
    const mints = await Promise.all(batch.map((row) => deps.chain.getMint(address(row.mintAddress))));
    batch.forEach((row, index) => supplies.set(row.mintAddress, mints[index]?.supply ?? null));
    progress.checked += batch.length;
    await options.onProgress?.({ ...progress, phase: 'supplies' });
  }
  const after = new Map((await deps.db.asSystem((tx) => repository.mintLedgers(tx, only))).map((row) => [row.mintAddress, row]));
  report.mintsChecked += before.length;

  const findings: repository.DiscrepancyFinding[] = [];
  for (const row of before) {
    const later = after.get(row.mintAddress) ?? row;
    const supplyIssue = supplyFinding(row, later, supplies.get(row.mintAddress) ?? null);
    if (supplyIssue) findings.push(supplyIssue);
    findings.push(...registryFindings(later));
  }
  progress.checked += before.length;
  await options.onProgress?.({ ...progress, phase: 'registry' });
  return findings;
}

const PASS_ORIGIN: Omit<RequestOrigin, 'notices'> = { ip: null, userAgent: null, requestId: null, country: null };

/**
 * Records what a pass found: a new problem opens a discrepancy and raises a security alert in
 * the same transaction; a problem already open is only marked seen again (one open row per
 * problem, one alert). Nothing on the ledger or the chain is changed to make them agree.
 */
async function record(deps: ReconciliationDeps, findings: readonly repository.DiscrepancyFinding[], report: ReconciliationReport): Promise<void> {
  const byTenant = new Map<string, repository.DiscrepancyFinding[]>();
  for (const finding of findings) byTenant.set(finding.tenantId, [...(byTenant.get(finding.tenantId) ?? []), finding]);
  for (const [tenantId, tenantFindings] of byTenant) {
    await deps.db.withTenant(tenantId, async (tx) => {
      const origin: RequestOrigin = { ...PASS_ORIGIN, notices: [] };
      for (const finding of tenantFindings) {
        const opened = await repository.openDiscrepancy(tx, finding);
        if (!opened) {
          await repository.markSeenAgain(tx, finding);
          report.seenAgain++;
          continue;
        }
        const alert = await raiseSecurityAlert(tx, origin, {
          tenantId,
          kind: 'reconciliation_discrepancy',
          title: `Ledger and chain disagree: ${finding.type}`,
          description: finding.description,
          severity: finding.severity,
        });
        await repository.linkAlert(tx, opened.id, alert.id);
        await recordWebhookEvent(tx, {
          tenantId,
          companyId: opened.companyId,
          type: 'discrepancy.detected',
          data: {
            discrepancyId: opened.id,
            companyId: opened.companyId,
            type: opened.type,
            severity: opened.severity,
            entityType: opened.entityType,
            entityId: opened.entityId,
            description: opened.description,
            expected: opened.expected,
            actual: opened.actual,
          },
        });
        report.opened++;
      }
      report.notices.push(...origin.notices!);
    });
  }
}

/** One reconciliation pass over every tenant (or one): submissions, supplies and registry holdings against the chain, differences recorded. */
export async function runReconciliationPass(deps: ReconciliationDeps, options: PassOptions = {}): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { submissionsChecked: 0, mintsChecked: 0, resent: 0, opened: 0, seenAgain: 0, notices: [] };
  const progress: PassProgress = {
    phase: 'submissions',
    checked: 0,
    total: await deps.db.asSystem((tx) => repository.countUncheckedSubmissions(tx, options.tenantId)),
  };
  await options.onProgress?.({ ...progress });
  const findings = [...(await checkSubmissions(deps, report, options, progress)), ...(await checkSupplies(deps, report, options, progress))];
  await options.onProgress?.({ ...progress, phase: 'recording' });
  await record(deps, findings, report);
  return report;
}
