import type { Address, Signature } from '@solana/kit';
import { auditTexts, type AuditAnchorCheck, type AuditAnchorStatus, type AuditVerification } from '@carbonledger/contracts';
import type { ChainClient, ChainTransaction } from '@carbonledger/chain';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { findPlatformKey } from '../chain';
import { anchorsInOrder, chainHead, countEntriesUpTo, entryHashAt, type AuditAnchorRow } from './audit.repository';
import { verifyAuditChain } from './audit.service';
import { anchorMemo, parseAnchorMemo, type AnchorClaim } from './audit-anchors.service';

export interface VerifyDeps {
  db: Database;
  chain: Pick<ChainClient, 'getTransaction' | 'getSignaturesForAddress'>;
}

/** One anchor as the evidence stands: the stored row (if any) and what the chain says. */
interface AnchorEvidence {
  signature: string;
  recorded: boolean;
  stored: AnchorClaim | null;
  /** The claim the issuer wrote on chain; null when no such transaction was found. */
  onChain: AnchorClaim | null;
  anchoredAt: string | null;
  chainProblem: 'not_on_chain' | 'memo_differs' | null;
}

const SIGNATURES_PAGE = 1000;

function claimOfRow(row: AuditAnchorRow): AnchorClaim {
  return { tenantId: row.tenantId, entryId: row.lastEntryId, entryCount: Number(row.entryCount), headHash: row.headHash };
}

/** Only a successful transaction the issuer paid for (and so signed) counts as the issuer's word. */
function issuerClaims(transaction: ChainTransaction | null, issuer: string | null, tenantId: string): AnchorClaim[] | null {
  if (!transaction || transaction.err !== null || !issuer || transaction.accountKeys[0] !== issuer) return null;
  return transaction.memos.map(parseAnchorMemo).filter((claim): claim is AnchorClaim => claim?.tenantId === tenantId);
}

async function evidenceOfRow(chain: VerifyDeps['chain'], row: AuditAnchorRow, issuer: string | null): Promise<AnchorEvidence> {
  const stored = claimOfRow(row);
  const claims = issuerClaims(await chain.getTransaction(row.signature as Signature), issuer, row.tenantId);
  const base = { signature: row.signature, recorded: true, stored, anchoredAt: row.createdAt.toISOString() };
  if (!claims) return { ...base, onChain: null, chainProblem: 'not_on_chain' };
  if (claims.some((claim) => anchorMemo(claim) === anchorMemo(stored))) return { ...base, onChain: stored, chainProblem: null };
  return { ...base, onChain: claims[0] ?? null, chainProblem: 'memo_differs' };
}

/**
 * Anchors the issuer wrote that the table does not list: rows deleted to hide a deletion of
 * entries, or an anchor confirmed after its pass gave up waiting. Walks the issuer's whole
 * history, newest first, reading only the transactions the table does not name.
 */
async function unrecordedAnchors(chain: VerifyDeps['chain'], tenantId: string, issuer: string, known: Set<string>): Promise<AnchorEvidence[]> {
  const found: AnchorEvidence[] = [];
  for (let before: Signature | undefined; ;) {
    const page = await chain.getSignaturesForAddress(issuer as Address, { limit: SIGNATURES_PAGE, before });
    for (const info of page) {
      if (known.has(info.signature) || info.err !== null) continue;
      const transaction = await chain.getTransaction(info.signature);
      for (const claim of issuerClaims(transaction, issuer, tenantId) ?? []) {
        const anchoredAt = transaction?.blockTime ? new Date(transaction.blockTime * 1000).toISOString() : null;
        found.push({ signature: info.signature, recorded: false, stored: null, onChain: claim, anchoredAt, chainProblem: null });
      }
    }
    if (page.length < SIGNATURES_PAGE) return found;
    before = page.at(-1)!.signature;
  }
}

interface ClaimCheck {
  status: 'verified' | 'entries_deleted' | 'entries_differ';
  entriesUpToAnchor: number;
}

/** An anchored head against the trail as it is now. */
async function checkClaim(tx: Tx, claim: AnchorClaim): Promise<ClaimCheck> {
  const hash = await entryHashAt(tx, claim.tenantId, claim.entryId);
  const entriesUpToAnchor = await countEntriesUpTo(tx, claim.tenantId, claim.entryId);
  if (entriesUpToAnchor < claim.entryCount) return { status: 'entries_deleted', entriesUpToAnchor };
  if (hash !== claim.headHash || entriesUpToAnchor > claim.entryCount) return { status: 'entries_differ', entriesUpToAnchor };
  return { status: 'verified', entriesUpToAnchor };
}

const problemTexts: Record<AuditAnchorStatus, string | null> = {
  verified: null,
  not_on_chain: auditTexts.anchor.notOnChain,
  memo_differs: auditTexts.anchor.memoDiffers,
  entries_deleted: auditTexts.anchor.entriesDeleted,
  entries_differ: auditTexts.anchor.entriesDiffer,
};

/**
 * The tenant's audit trail checked end to end: the hash chain from its first entry, every
 * anchor row read back from the chain, anchors on chain the table lost, and each anchored
 * head compared with the trail as it is now. The memo on chain is what counts: a database
 * superuser can rewrite rows, not the issuer's transactions.
 */
export async function verifyTenantAudit(deps: VerifyDeps, tenantId: string): Promise<AuditVerification> {
  const stored = await deps.db.withTenant(tenantId, async (tx) => ({
    walk: await verifyAuditChain(tx, tenantId),
    head: await chainHead(tx, tenantId),
    rows: await anchorsInOrder(tx, tenantId),
    issuer: (await findPlatformKey(tx, tenantId, 'issuer'))?.address ?? null,
  }));
  const { walk, head, rows, issuer } = stored;

  const evidence: AnchorEvidence[] = [];
  for (const row of rows) evidence.push(await evidenceOfRow(deps.chain, row, issuer));
  if (issuer) evidence.push(...(await unrecordedAnchors(deps.chain, tenantId, issuer, new Set(rows.map((row) => row.signature)))));
  const claimOf = (item: AnchorEvidence) => item.onChain ?? item.stored!;
  evidence.sort((a, b) => (claimOf(a).entryId < claimOf(b).entryId ? -1 : claimOf(a).entryId > claimOf(b).entryId ? 1 : 0));

  // Only what the issuer wrote on chain is compared with the trail; a row is just a pointer to it.
  const claimChecks = await deps.db.withTenant(tenantId, async (tx) => {
    const checks = new Map<AnchorEvidence, ClaimCheck>();
    for (const item of evidence) if (item.onChain) checks.set(item, await checkClaim(tx, item.onChain));
    return checks;
  });

  const anchors: AuditAnchorCheck[] = evidence.map((item) => {
    const claim = claimOf(item);
    const status = item.chainProblem ?? claimChecks.get(item)?.status ?? 'not_on_chain';
    return {
      signature: item.signature,
      entryId: String(claim.entryId),
      entryCount: claim.entryCount,
      headHash: claim.headHash,
      anchoredAt: item.anchoredAt,
      recorded: item.recorded,
      status,
      problem: problemTexts[status],
    };
  });

  // The newest head the issuer vouched for on chain decides whether the tail of the trail is still there.
  const newest = evidence.filter((item) => item.onChain).at(-1);
  const tailCheck = newest ? claimChecks.get(newest) : undefined;
  const missingTail =
    newest?.onChain && tailCheck && tailCheck.status !== 'verified'
      ? {
          anchorSignature: newest.signature,
          anchoredEntryId: String(newest.onChain.entryId),
          anchoredEntryCount: newest.onChain.entryCount,
          entriesUpToAnchor: tailCheck.entriesUpToAnchor,
          reason: auditTexts.missingTail,
        }
      : null;

  const brokenLink = walk.valid ? null : { entryId: walk.brokenAtId, reason: walk.reason };
  return {
    tenantId,
    valid: !brokenLink && !missingTail && anchors.every((anchor) => anchor.status === 'verified'),
    checkedAt: new Date().toISOString(),
    entries: walk.entries,
    head: head ? { entryId: String(head.entryId), hash: head.hash } : null,
    issuer,
    brokenLink,
    missingTail,
    anchors,
  };
}

/** The verification an administrator asks for: exactly ADMIN or SUPER_ADMIN, for their own tenant. */
export async function verifyAuditAs(deps: VerifyDeps, actor: Pick<Actor, 'tenantId' | 'role'>): Promise<AuditVerification> {
  // The exact roles: the docs/product.md §6 role check would also let CSO and Head of Digital Assets through.
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  return verifyTenantAudit(deps, actor.tenantId);
}
