import { getMemoInstruction } from '@carbonledger/chain';
import type { FastifyBaseLogger } from 'fastify';
import { sendPlatformTransaction, type ChainContext } from '../chain';
import { anchorCandidates, chainHead, countEntriesUpTo, insertAnchor, type AnchorCandidate, type AuditAnchorRow } from './audit.repository';

/** What an anchor states about a tenant's trail: its head entry, the hash there and how many entries led up to it. */
export interface AnchorClaim {
  tenantId: string;
  entryId: bigint;
  entryCount: number;
  headHash: string;
}

const MEMO_PREFIX = 'carbonledger:audit-anchor:v1';
const MEMO_PATTERN = /^carbonledger:audit-anchor:v1:([0-9a-f-]{36}):(\d+):(\d+):([0-9a-f]{64})$/;

export function anchorMemo(claim: AnchorClaim): string {
  return `${MEMO_PREFIX}:${claim.tenantId}:${claim.entryId}:${claim.entryCount}:${claim.headHash}`;
}

export function parseAnchorMemo(memo: string): AnchorClaim | null {
  const match = MEMO_PATTERN.exec(memo);
  if (!match) return null;
  return { tenantId: match[1]!, entryId: BigInt(match[2]!), entryCount: Number(match[3]), headHash: match[4]! };
}

export interface AnchorDeps {
  context: ChainContext;
  intervalMinutes: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Due when the head moved since the last anchor and the oldest entry that anchor does not
 * cover has waited the interval: no entry stays unanchored much longer than the interval,
 * and a quiet tenant costs no transaction.
 */
function isDue(candidate: AnchorCandidate, now: Date, intervalMinutes: number): boolean {
  if (candidate.headHash === candidate.anchoredHash || !candidate.oldestUnanchoredAt) return false;
  return now.getTime() - candidate.oldestUnanchoredAt.getTime() >= intervalMinutes * 60_000;
}

/**
 * Writes the tenant's current head in a Memo signed by its issuer key and records the
 * signature once the chain confirmed it. An undecided send is not recorded: the head still
 * differs from the last anchor, so the next pass anchors it again.
 */
export async function anchorTenantHead(deps: Pick<AnchorDeps, 'context' | 'log'>, tenantId: string): Promise<AuditAnchorRow | null> {
  const { context } = deps;
  const claim = await context.db.withTenant(tenantId, async (tx): Promise<AnchorClaim | null> => {
    const head = await chainHead(tx, tenantId);
    if (!head) return null;
    return { tenantId, entryId: head.entryId, entryCount: await countEntriesUpTo(tx, tenantId, head.entryId), headHash: head.hash };
  });
  if (!claim) return null;
  const result = await sendPlatformTransaction(context, {
    tenantId,
    kind: 'audit.anchor',
    feePayer: 'issuer',
    reference: { entryId: String(claim.entryId), entryCount: claim.entryCount, headHash: claim.headHash },
    build: () => [getMemoInstruction(anchorMemo(claim))],
  });
  if (result.status !== 'confirmed') {
    deps.log.warn(
      { tenantId, signature: result.signature, status: result.status, error: result.error },
      'audit anchor not confirmed; the next pass tries again',
    );
    return null;
  }
  return context.db.withTenant(tenantId, (tx) =>
    insertAnchor(tx, { tenantId, lastEntryId: claim.entryId, entryCount: BigInt(claim.entryCount), headHash: claim.headHash, signature: result.signature }),
  );
}

/**
 * One anchoring pass over every tenant. `ignoreInterval` anchors every head that moved,
 * whatever its age (an explicit request). One tenant's failure (an unfunded issuer on a
 * cluster, a chain outage) is logged and does not stop the others.
 */
export async function anchorDueHeads(deps: AnchorDeps, options: { now?: Date; ignoreInterval?: boolean } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const candidates = await deps.context.db.asSystem((tx) => anchorCandidates(tx));
  let anchored = 0;
  for (const candidate of candidates) {
    if (!isDue(candidate, now, options.ignoreInterval ? 0 : deps.intervalMinutes)) continue;
    try {
      if (await anchorTenantHead(deps, candidate.tenantId)) anchored++;
    } catch (error) {
      deps.log.error({ err: error, tenantId: candidate.tenantId }, 'audit anchor failed');
    }
  }
  return anchored;
}
