import { z } from 'zod';

/**
 * Audit trail verification (docs/audit.md): the hash chain walked from its first entry, and
 * every anchor of the chain head read back from the chain and compared with the trail.
 */
export const auditTexts = {
  intact: 'The audit trail is intact.',
  tampered: 'The audit trail was tampered with.',
  brokenLink: {
    prevHash: 'previous hash does not match',
    altered: 'entry content was altered',
  },
  missingTail: 'entries deleted after the last anchor',
  anchor: {
    verified: 'The memo on chain matches this anchor and the trail still holds the anchored head.',
    notOnChain: 'No successful transaction of the issuer with this signature is on chain.',
    memoDiffers: 'The memo on chain differs from this anchor.',
    entriesDeleted: 'The trail holds fewer entries up to the anchored entry than the anchor recorded: entries were deleted.',
    entriesDiffer: 'The anchored entry is missing or its hash differs, or entries were added before it: the trail was rewritten.',
  },
} as const;

export const auditAnchorStatusSchema = z.enum(['verified', 'not_on_chain', 'memo_differs', 'entries_deleted', 'entries_differ']);
export type AuditAnchorStatus = z.infer<typeof auditAnchorStatusSchema>;

/** One checkpoint of the chain head, as stored (recorded) or found only on chain. */
export const auditAnchorCheckSchema = z.object({
  signature: z.string(),
  /** The last entry the anchor covers, its hash and how many entries the trail held up to it. */
  entryId: z.string(),
  entryCount: z.number().int(),
  headHash: z.string(),
  anchoredAt: z.string().nullable(),
  /** False for an anchor found on chain that has no row in the database. */
  recorded: z.boolean(),
  status: auditAnchorStatusSchema,
  problem: z.string().nullable(),
});
export type AuditAnchorCheck = z.infer<typeof auditAnchorCheckSchema>;

export const auditVerificationSchema = z.object({
  tenantId: z.uuid(),
  valid: z.boolean(),
  checkedAt: z.string(),
  entries: z.number().int(),
  head: z.object({ entryId: z.string(), hash: z.string() }).nullable(),
  /** The tenant's issuer key, whose transactions carry the anchors; null before it exists. */
  issuer: z.string().nullable(),
  brokenLink: z.object({ entryId: z.string(), reason: z.string() }).nullable(),
  /** The newest anchor's head is gone: entries were deleted after it was written. */
  missingTail: z
    .object({
      anchorSignature: z.string(),
      anchoredEntryId: z.string(),
      anchoredEntryCount: z.number().int(),
      entriesUpToAnchor: z.number().int(),
      reason: z.string(),
    })
    .nullable(),
  anchors: z.array(auditAnchorCheckSchema),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
