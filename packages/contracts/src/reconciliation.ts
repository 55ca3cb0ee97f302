import { z } from 'zod';
import type { Severity } from './security';
import { multiLineText, singleLineText } from './text';

/** docs/product.md §4 Reconciliation discrepancy types. */
export const DISCREPANCY_TYPES = ['MISSING_ON_CHAIN', 'MISSING_OFF_CHAIN', 'AMOUNT_MISMATCH', 'STATUS_MISMATCH'] as const;
export const discrepancyTypeSchema = z.enum(DISCREPANCY_TYPES);
export type DiscrepancyType = z.infer<typeof discrepancyTypeSchema>;

/** docs/product.md §4 Reconciliation severities. */
export const DISCREPANCY_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const discrepancySeveritySchema = z.enum(DISCREPANCY_SEVERITIES);
export type DiscrepancySeverity = z.infer<typeof discrepancySeveritySchema>;

/**
 * The detector records the severity of the security alert it raises (critical … low); the
 * queue shows the product's three (docs/reconciliation.md "Severity"): critical and high are HIGH.
 */
export function discrepancySeverityOf(alertSeverity: Severity): DiscrepancySeverity {
  if (alertSeverity === 'critical' || alertSeverity === 'high') return 'HIGH';
  return alertSeverity === 'medium' ? 'MEDIUM' : 'LOW';
}

/** The alert severities a queue severity stands for (the list filter). */
export function alertSeveritiesOf(severity: DiscrepancySeverity): Severity[] {
  return severity === 'HIGH' ? ['critical', 'high'] : severity === 'MEDIUM' ? ['medium'] : ['low'];
}

/**
 * What a discrepancy is about: one recorded chain submission, one project token mint (its
 * supply), or one mint's VCUs in the registry — those still locked (`registry_locked`, against
 * the supply) and those retired (`registry_retired`, against the completed retirements).
 */
export const discrepancyEntityTypeSchema = z.enum(['chain_submission', 'token_mint', 'registry_locked', 'registry_retired']);
export type DiscrepancyEntityType = z.infer<typeof discrepancyEntityTypeSchema>;

/** Where a discrepancy stands in the exception queue: open (assigned or not), waiting for its sync's approval, resolved. */
export const DISCREPANCY_STATUSES = ['open', 'awaiting_approval', 'resolved'] as const;
export const discrepancyStatusSchema = z.enum(DISCREPANCY_STATUSES);
export type DiscrepancyStatus = z.infer<typeof discrepancyStatusSchema>;

/** docs/product.md §4 Reconciliation resolutions. */
export const DISCREPANCY_RESOLUTIONS = ['sync_to_chain', 'sync_to_database', 'mark_resolved'] as const;
export const discrepancyResolutionSchema = z.enum(DISCREPANCY_RESOLUTIONS);
export type DiscrepancyResolution = z.infer<typeof discrepancyResolutionSchema>;

export const reconciliationTexts = {
  reasonRequired: 'A reason is required to resolve a discrepancy.',
  wouldCreateTonnes:
    'This sync would create tonnes: the chain or the ledger would count credits that no locked VCU backs. It is refused; investigate the difference and mark it resolved once explained.',
  notExecutable: 'The platform cannot carry out this sync itself for this discrepancy; see why in the resolution options.',
  certificateRestsOnIt:
    'A retirement certificate rests on this burn: the ledger cannot be set to the chain while the burn is missing. Resolve the retirement instead.',
  alreadyResolved: 'This discrepancy is already resolved.',
  awaitingApproval: 'A sync of this discrepancy is already waiting for approval.',
  assigneeNotAllowed: 'The assignee must be an active user who may work on reconciliation for this discrepancy.',
  runQueued: 'Reconciliation pass queued.',
  resolved: 'Discrepancy resolved: a re-check of the chain agrees with the ledger.',
  stillOpen: 'The resolution ran, but a re-check still finds a difference: the discrepancy stays open.',
  approvalRequested: 'The sync waits for approval in Approvals; it runs and is re-checked once approved.',
  assigned: 'Discrepancy assigned.',
} as const;

/** Why a resolution can or cannot run for this discrepancy (shown in the resolve dialog). */
export const resolutionOptionSchema = z.object({
  action: discrepancyResolutionSchema,
  executable: z.boolean(),
  /** What it does, or why it is refused. */
  explanation: z.string(),
});
export type ResolutionOption = z.infer<typeof resolutionOptionSchema>;

/**
 * docs/product.md §3 Reconciliation discrepancy: type, project, on-chain (`actual`), off-chain
 * (`expected`), severity, token id; and the exception queue's assignee, status and age.
 * Amounts are base units as decimal strings; statuses are words.
 */
export const discrepancySchema = z.object({
  id: z.uuid(),
  type: discrepancyTypeSchema,
  severity: discrepancySeveritySchema,
  entityType: discrepancyEntityTypeSchema,
  entityId: z.string(),
  /** The company the entity belongs to; null for tenant-wide entities such as a token's supply. */
  companyId: z.uuid().nullable(),
  tokenMint: z.string().nullable(),
  project: z.string().nullable(),
  description: z.string(),
  /** What the ledger (the database) says. */
  expected: z.string(),
  /** What the chain says. */
  actual: z.string(),
  detectedAt: z.string(),
  /** The latest pass that still found the problem. */
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  status: discrepancyStatusSchema,
  assigneeId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  /** Seconds since it was detected (until it was resolved). */
  ageSeconds: z.number().int().nonnegative(),
  resolution: discrepancyResolutionSchema.nullable(),
  resolutionReason: z.string().nullable(),
  /** The approval workflow of a sync (awaiting or decided). */
  approvalId: z.uuid().nullable(),
  resolutions: z.array(resolutionOptionSchema),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const discrepancyListQuery = z.object({
  /** open: every unresolved one (open and awaiting approval). */
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  type: discrepancyTypeSchema.optional(),
  severity: discrepancySeveritySchema.optional(),
  /** Part of the project's name or the token id. */
  search: singleLineText().trim().max(200).optional(),
  assignedToMe: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DiscrepancyListQuery = z.infer<typeof discrepancyListQuery>;

export const discrepancyListSchema = z.object({
  items: z.array(discrepancySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DiscrepancyList = z.infer<typeof discrepancyListSchema>;

export const discrepancyIdParams = z.object({ id: z.uuid() });

/** POST /reconciliation/discrepancies/{id}/assign: null takes the assignment back. */
export const assignDiscrepancyRequest = z.object({ assigneeId: z.uuid().nullable() });

/** POST /reconciliation/discrepancies/{id}/resolve. */
export const resolveDiscrepancyRequest = z.object({
  action: discrepancyResolutionSchema,
  reason: multiLineText().trim().min(1, reconciliationTexts.reasonRequired).max(2000),
});
export type ResolveDiscrepancyRequest = z.infer<typeof resolveDiscrepancyRequest>;

/** The re-check of the discrepancy's entity after a resolution ran. */
export const recheckSchema = z.object({ agrees: z.boolean(), expected: z.string(), actual: z.string() });

export const resolveDiscrepancyResultSchema = z.object({
  outcome: z.enum(['resolved', 'still_open', 'awaiting_approval']),
  discrepancy: discrepancySchema,
  /** Null while the sync waits for approval. */
  recheck: recheckSchema.nullable(),
});
export type ResolveDiscrepancyResult = z.infer<typeof resolveDiscrepancyResultSchema>;

/** Who may be assigned: the tenant's users who may open /reconciliation for the discrepancy's company. */
export const reconciliationAssigneeSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() });
export const reconciliationAssigneeListSchema = z.array(reconciliationAssigneeSchema);

export const RECONCILIATION_RUN_PHASES = ['queued', 'submissions', 'supplies', 'registry', 'recording', 'completed', 'failed'] as const;
export const reconciliationRunPhaseSchema = z.enum(RECONCILIATION_RUN_PHASES);
export type ReconciliationRunPhase = z.infer<typeof reconciliationRunPhaseSchema>;

/** A 'run now' pass of the tenant and where it is. */
export const reconciliationRunSchema = z.object({
  id: z.uuid(),
  phase: reconciliationRunPhaseSchema,
  /** Records compared so far (submissions, mints, registry holdings) and how many there are. */
  checked: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  opened: z.number().int().nonnegative(),
  seenAgain: z.number().int().nonnegative(),
  error: z.string().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

/**
 * docs/product.md §3 Reconciliation project summary: per project and vintage, the ledger
 * (minted − retired − adjustments), the chain's supply and their delta, in base units; the VCUs
 * the registry holds locked and retired for the token, in tonnes.
 */
export const reconciliationSummaryRowSchema = z.object({
  tokenMint: z.string(),
  project: z.string(),
  symbol: z.string(),
  vintage: z.number().int(),
  decimals: z.number().int(),
  ledger: z.string(),
  /** Null when the mint does not exist on chain. */
  chain: z.string().nullable(),
  /** chain − ledger. */
  delta: z.string(),
  registryLocked: z.string(),
  registryRetired: z.string(),
  openDiscrepancies: z.number().int().nonnegative(),
});
export type ReconciliationSummaryRow = z.infer<typeof reconciliationSummaryRowSchema>;
export const reconciliationSummarySchema = z.object({ projects: z.array(reconciliationSummaryRowSchema), lastRun: reconciliationRunSchema.nullable() });
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

/** reconciliation_progress: a run moved (same shape as the run). */
export const reconciliationProgressPayload = reconciliationRunSchema;
/** reconciliation_update: discrepancies changed (found, assigned, resolved); queues read again. */
export const reconciliationUpdatePayload = z.object({ discrepancyId: z.uuid().nullable() });
export type ReconciliationUpdatePayload = z.infer<typeof reconciliationUpdatePayload>;
