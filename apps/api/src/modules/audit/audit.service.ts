import { createHash } from 'node:crypto';
import { auditTexts, type AuditAction } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { ActingApiKey } from '../../lib/actor';
import { canonicalJson } from '../../lib/canonical-json';
import { entriesAfter, insertEntry, lastHash, lockTenantChain, type AuditRow } from './audit.repository';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEntry {
  tenantId: string;
  actorUserId?: string | null;
  /** Only a listed action: each is told as a sentence in the activity log and the audit trail. */
  action: AuditAction;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
  /**
   * The API key the request acted with (Actor.apiKey): actorUserId is then the key's creator,
   * so the details name the key too, and the trail tells the key's work from the person's.
   */
  apiKey?: ActingApiKey | undefined;
}

function entryHash(prevHash: string, entry: Omit<AuditRow, 'id' | 'hash' | 'prevHash'>): string {
  const content = canonicalJson({
    tenantId: entry.tenantId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    details: entry.details,
    ip: entry.ip,
    requestId: entry.requestId,
    createdAt: entry.createdAt.toISOString(),
  });
  return createHash('sha256').update(prevHash).update(content).digest('hex');
}

/** Appends an entry, hash-chained to the tenant's previous one, inside the caller's transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<AuditRow> {
  await lockTenantChain(tx, entry.tenantId);
  const prevHash = (await lastHash(tx, entry.tenantId)) ?? GENESIS_HASH;
  const createdAt = new Date();
  const row = {
    tenantId: entry.tenantId,
    actorUserId: entry.actorUserId ?? null,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.apiKey
      ? { ...entry.details, apiKey: { id: entry.apiKey.id, name: entry.apiKey.name, keyPrefix: entry.apiKey.keyPrefix } }
      : (entry.details ?? {}),
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    createdAt,
  };
  return insertEntry(tx, { ...row, prevHash, hash: entryHash(prevHash, row) });
}

export type ChainVerification = { valid: true; entries: number } | { valid: false; entries: number; brokenAtId: string; reason: string };

const WALK_PAGE_SIZE = 1000;

/** Walks the tenant's chain from the start, a page at a time, and reports the first broken link. */
export async function verifyAuditChain(tx: Tx, tenantId: string): Promise<ChainVerification> {
  let expectedPrev = GENESIS_HASH;
  let entries = 0;
  let broken: { brokenAtId: string; reason: string } | null = null;
  for (let afterId = 0n; ;) {
    const rows = await entriesAfter(tx, tenantId, afterId, WALK_PAGE_SIZE);
    if (rows.length === 0) break;
    entries += rows.length;
    afterId = rows.at(-1)!.id;
    // After the first broken link the walk only counts the remaining entries.
    if (broken) continue;
    for (const row of rows) {
      if (row.prevHash !== expectedPrev) {
        broken = { brokenAtId: String(row.id), reason: auditTexts.brokenLink.prevHash };
        break;
      }
      if (entryHash(row.prevHash, row) !== row.hash) {
        broken = { brokenAtId: String(row.id), reason: auditTexts.brokenLink.altered };
        break;
      }
      expectedPrev = row.hash;
    }
  }
  return broken ? { valid: false, entries, ...broken } : { valid: true, entries };
}
