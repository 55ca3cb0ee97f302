import { z } from 'zod';
import { activityParamsSchema } from './activity';
import { LANGUAGES, type Language } from './constants';
import { cappedTotalFields, pageBeyondListWindowIssue, pageWithinListWindow } from './list-window';
import { singleLineText } from './text';

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

/**
 * The audit trail screen (docs/product.md §2 `/audit-trail`, docs/audit.md): the hash-chained
 * entries themselves, searchable and filterable, each also told in words (`describeActivity`).
 */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const auditTrailTexts = {
  loadFailed: 'Failed to load the audit trail. Please try again later.',
} as const;

/** The filters of the list and of the CSV export; `from` and `to` are inclusive (a day `to` means its end). */
export const auditTrailFiltersSchema = z.object({
  /** Who acted. */
  actorId: z.uuid().optional(),
  /** An action type (`wallet`) or one action (`wallet.approved`). */
  action: singleLineText()
    .trim()
    .regex(/^[a-z_]{1,40}(\.[a-z_]{1,60})?$/, 'Unknown action')
    .optional(),
  /** The entity: its type, and optionally its id. */
  resourceType: singleLineText()
    .trim()
    .regex(/^[a-z_]{1,60}$/, 'Unknown resource type')
    .optional(),
  resourceId: singleLineText().trim().min(1).max(200).optional(),
  /** Free text: the action, the entity id, the actor's name or e-mail, the recorded details, the request id. */
  q: singleLineText().trim().min(1).max(100).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
});
export type AuditTrailFilters = z.infer<typeof auditTrailFiltersSchema>;

export const auditTrailListQuery = auditTrailFiltersSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine(pageWithinListWindow, pageBeyondListWindowIssue);
export type AuditTrailListQuery = z.input<typeof auditTrailListQuery>;

export const auditTrailExportQuery = auditTrailFiltersSchema.extend({ lang: z.enum(LANGUAGES).default('en') });
export type AuditTrailExportQuery = z.input<typeof auditTrailExportQuery>;

export const auditTrailEntrySchema = z.object({
  /** The entry's id: entries are chained in id order (docs/audit.md). */
  id: z.string(),
  at: z.string(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  /** Null for work the platform did on its own. */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** The details' short values, for the sentence. */
  params: activityParamsSchema,
  /** The details as recorded (hashed into the entry). */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditTrailEntry = z.infer<typeof auditTrailEntrySchema>;

export const auditTrailListSchema = z.object({
  items: z.array(auditTrailEntrySchema),
  ...cappedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditTrailList = z.infer<typeof auditTrailListSchema>;

/** What the filter menus offer: the people the reader may see, the actions and the entity types recorded for them. */
export const auditTrailFacetsSchema = z.object({
  users: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  actions: z.array(z.string()),
  resourceTypes: z.array(z.string()),
});
export type AuditTrailFacets = z.infer<typeof auditTrailFacetsSchema>;

/** The export holds at most this many entries (newest first). */
export const AUDIT_TRAIL_EXPORT_MAX_ROWS = 100_000;

/** The CSV export's column headings, in the reader's language. */
export const AUDIT_TRAIL_CSV_HEADINGS: Record<Language, readonly string[]> = {
  en: ['Entry', 'Time (UTC)', 'User', 'E-mail', 'In words', 'Action', 'Entity', 'Entity id', 'IP address', 'Request id', 'Details', 'Hash', 'Previous hash'],
  pt: [
    'Entrada',
    'Data e hora (UTC)',
    'Usuário',
    'E-mail',
    'Em palavras',
    'Ação',
    'Entidade',
    'Id da entidade',
    'Endereço IP',
    'Id da requisição',
    'Detalhes',
    'Hash',
    'Hash anterior',
  ],
  es: [
    'Entrada',
    'Fecha y hora (UTC)',
    'Usuario',
    'Correo electrónico',
    'En palabras',
    'Acción',
    'Entidad',
    'Id de la entidad',
    'Dirección IP',
    'Id de la solicitud',
    'Detalles',
    'Hash',
    'Hash anterior',
  ],
};
