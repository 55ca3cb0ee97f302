import { z } from 'zod';
import { severitySchema } from './security';

/** docs/product.md §4 Reconciliation discrepancy types. */
export const DISCREPANCY_TYPES = ['MISSING_ON_CHAIN', 'MISSING_OFF_CHAIN', 'AMOUNT_MISMATCH', 'STATUS_MISMATCH'] as const;
export const discrepancyTypeSchema = z.enum(DISCREPANCY_TYPES);
export type DiscrepancyType = z.infer<typeof discrepancyTypeSchema>;

/** What a discrepancy is about: one recorded chain submission, or one project token mint (its supply). */
export const discrepancyEntityTypeSchema = z.enum(['chain_submission', 'token_mint']);
export type DiscrepancyEntityType = z.infer<typeof discrepancyEntityTypeSchema>;

/**
 * docs/product.md §3 Reconciliation discrepancy: type, project, on-chain (`actual`), off-chain
 * (`expected`), severity, token id. Amounts are base units as decimal strings; statuses are words.
 */
export const discrepancySchema = z.object({
  id: z.uuid(),
  type: discrepancyTypeSchema,
  severity: severitySchema,
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
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const discrepancyListQuery = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  type: discrepancyTypeSchema.optional(),
  severity: severitySchema.optional(),
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
