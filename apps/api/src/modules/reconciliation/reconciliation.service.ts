import { address } from '@solana/kit';
import type { ChainClient } from '@carbonledger/chain';
import type { Discrepancy, DiscrepancyList, DiscrepancyListQuery } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { decideSubmission, presenceOnChain, type ChainPresence } from '../chain';
import { raiseSecurityAlert, type RequestOrigin, type SecurityNotice } from '../security';
import * as repository from './reconciliation.repository';

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

/** Submissions read per database round trip (and checked per chain round trips of 256). */
const SUBMISSIONS_PER_PAGE = 1_000;
/** Parallel getMint calls, so a cluster's rate limit is not hit in one burst. */
const PARALLEL_MINT_READS = 8;

/** Token-moving transactions are what the ledger's figures rest on; the rest (wallet approvals, memos) weigh less. */
function movesTokens(kind: string): boolean {
  return kind.startsWith('minting.') || kind.startsWith('retirement.');
}

function submissionFinding(row: repository.DecidedSubmissionRow, presence: ChainPresence, resendOutcome: string | null): repository.DiscrepancyFinding | null {
  const base = { tenantId: row.tenantId, companyId: row.companyId, entityType: 'chain_submission' as const, entityId: row.id, tokenMint: null, project: null };
  const tokens = movesTokens(row.kind);
  if (row.status === 'confirmed' && presence.state === 'failed') {
    return {
      ...base,
      type: 'STATUS_MISMATCH',
      severity: tokens ? 'critical' : 'high',
      expected: 'confirmed',
      actual: `failed: ${presence.error}`,
      description: `Transaction ${row.kind} ${row.signature} is recorded as confirmed but failed on chain (${presence.error}).`,
    };
  }
  if (row.status === 'confirmed' && presence.state === 'absent') {
    return {
      ...base,
      type: 'MISSING_ON_CHAIN',
      severity: tokens ? 'critical' : 'high',
      expected: 'confirmed',
      actual: 'not found',
      description: `Transaction ${row.kind} ${row.signature} is recorded as confirmed but the chain does not have it${resendOutcome ? ` (${resendOutcome})` : ''}.`,
    };
  }
  if (row.status !== 'confirmed' && presence.state === 'landed') {
    return {
      ...base,
      type: 'STATUS_MISMATCH',
      severity: tokens ? 'high' : 'medium',
      expected: row.status,
      actual: 'confirmed',
      description: `Transaction ${row.kind} ${row.signature} is recorded as ${row.status} but landed on chain.`,
    };
  }
  return null;
}

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
async function checkSubmissions(deps: ReconciliationDeps, report: ReconciliationReport): Promise<repository.DiscrepancyFinding[]> {
  const findings: repository.DiscrepancyFinding[] = [];
  for (let after: string | null = null; ;) {
    const page = await deps.db.asSystem((tx) => repository.uncheckedDecidedSubmissionsAfter(tx, after, SUBMISSIONS_PER_PAGE));
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
  }
  return findings;
}

/** The range of supplies the ledger explains: minted − retired, widened by what is being minted or retired right now. */
function ledgerRange(row: repository.MintLedgerRow): { expected: bigint; low: bigint; high: bigint } {
  const scale = 10n ** BigInt(row.decimals);
  const expected = row.mintedTonnes * scale - row.retired;
  return { expected, low: expected - row.retiring, high: expected + row.mintingTonnes * scale };
}

/**
 * Every project mint's supply on chain against the ledger (minted − retired). The ledger is read
 * before and after the chain, and only a supply outside both readings counts: a mint or a
 * retirement that finished in between is not taken for a difference.
 */
async function checkSupplies(deps: ReconciliationDeps, report: ReconciliationReport): Promise<repository.DiscrepancyFinding[]> {
  const before = await deps.db.asSystem((tx) => repository.mintLedgers(tx));
  const supplies = new Map<string, bigint | null>();
  for (let start = 0; start < before.length; start += PARALLEL_MINT_READS) {
    const batch = before.slice(start, start + PARALLEL_MINT_READS);
    const mints = await Promise.all(batch.map((row) => deps.chain.getMint(address(row.mintAddress))));
    batch.forEach((row, index) => supplies.set(row.mintAddress, mints[index]?.supply ?? null));
  }
  const after = new Map((await deps.db.asSystem((tx) => repository.mintLedgers(tx))).map((row) => [row.mintAddress, row]));
  report.mintsChecked += before.length;

  const findings: repository.DiscrepancyFinding[] = [];
  for (const row of before) {
    const first = ledgerRange(row);
    const later = after.get(row.mintAddress);
    const second = later ? ledgerRange(later) : first;
    const expected = second.expected;
    const supply = supplies.get(row.mintAddress) ?? null;
    const base = {
      tenantId: row.tenantId,
      companyId: null,
      entityType: 'token_mint' as const,
      entityId: row.mintAddress,
      tokenMint: row.mintAddress,
      project: row.name,
      expected: expected.toString(),
    };
    if (supply === null) {
      findings.push({
        ...base,
        type: 'MISSING_ON_CHAIN',
        severity: 'critical',
        actual: 'not found',
        description: `Token ${row.symbol} (${row.mintAddress}) is recorded but its mint does not exist on chain.`,
      });
    } else if (supply < first.low && supply < second.low) {
      findings.push({
        ...base,
        type: 'AMOUNT_MISMATCH',
        severity: 'high',
        actual: supply.toString(),
        description: `The supply of ${row.symbol} on chain is ${expected - supply} base units below the ledger (minted − retired): burned outside the platform.`,
      });
    } else if (supply > first.high && supply > second.high) {
      findings.push({
        ...base,
        type: 'MISSING_OFF_CHAIN',
        severity: 'critical',
        actual: supply.toString(),
        description: `The supply of ${row.symbol} on chain is ${supply - expected} base units above the ledger (minted − retired): minted outside the platform.`,
      });
    }
  }
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
        report.opened++;
      }
      report.notices.push(...origin.notices!);
    });
  }
}

/** One reconciliation pass over every tenant: submissions and supplies against the chain, differences recorded. */
export async function runReconciliationPass(deps: ReconciliationDeps): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { submissionsChecked: 0, mintsChecked: 0, resent: 0, opened: 0, seenAgain: 0, notices: [] };
  const findings = [...(await checkSubmissions(deps, report)), ...(await checkSupplies(deps, report))];
  await record(deps, findings, report);
  return report;
}

function toDiscrepancy(row: repository.DiscrepancyRow): Discrepancy {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    entityType: row.entityType,
    entityId: row.entityId,
    companyId: row.companyId,
    tokenMint: row.tokenMint,
    project: row.project,
    description: row.description,
    expected: row.expected,
    actual: row.actual,
    detectedAt: row.detectedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Platform administrators see the tenant's discrepancies; the other reconciliation roles those of their company. */
export async function listDiscrepancies(tx: Tx, viewer: Pick<Actor, 'companyId' | 'role'>, query: DiscrepancyListQuery): Promise<DiscrepancyList> {
  const { rows, total } = await repository.listDiscrepancies(
    tx,
    { companyId: companyScopeOf(viewer), status: query.status, type: query.type, severity: query.severity },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: rows.map(toDiscrepancy), total, page: query.page, pageSize: query.pageSize };
}
