import { z } from 'zod';
import { bigintString, registryIdSchema, registryVcuBlockSchema, verraSerialField } from './registry';
import { singleLineText } from './text';

/** Carbon project types; the carbon-projects screen offers All plus the types present. */
export const PROJECT_TYPES = ['renewable', 'wind', 'forestry', 'cookstoves', 'blue_carbon', 'methane_capture'] as const;
export const projectTypeSchema = z.enum(PROJECT_TYPES);
export type ProjectType = z.infer<typeof projectTypeSchema>;

export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  renewable: 'Renewable',
  wind: 'Wind',
  forestry: 'Forestry',
  cookstoves: 'Cookstoves',
  blue_carbon: 'Blue Carbon',
  methane_capture: 'Methane Capture',
};

/** docs/product.md §3 Carbon project: name, id, location, type, vintage, co-benefits, methodology, total, available and retired credits. */
export const carbonProjectSchema = z.object({
  id: z.string(),
  registry: registryIdSchema,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  country: z.string().length(2),
  type: projectTypeSchema,
  /** Finer technology, e.g. "Solar photovoltaic", "REDD+". */
  technology: z.string(),
  /** The vintage years as shown on a card: "2021" or "2018–2022". */
  vintage: z.string(),
  vintages: z.array(z.number().int()),
  coBenefits: z.array(z.string()),
  methodology: z.string(),
  methodologyName: z.string(),
  developer: z.string(),
  standard: z.string(),
  sectoralScope: z.number().int(),
  totalCredits: bigintString,
  availableCredits: bigintString,
  retiredCredits: bigintString,
});
export type CarbonProject = z.infer<typeof carbonProjectSchema>;

export const carbonProjectDetailSchema = carbonProjectSchema.extend({
  vcuBlocks: z.array(registryVcuBlockSchema),
});
export type CarbonProjectDetail = z.infer<typeof carbonProjectDetailSchema>;

export const projectTypeFilterSchema = z.enum(['all', ...PROJECT_TYPES]);

export const projectListQuery = z.object({
  /** Matches the name, the registry id or the location. */
  search: singleLineText().trim().max(100).optional(),
  type: projectTypeFilterSchema.default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const projectPageSchema = z.object({
  items: z.array(carbonProjectSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;

const creditTotals = {
  projectCount: z.number().int(),
  totalCredits: bigintString,
  availableCredits: bigintString,
  retiredCredits: bigintString,
};

export const projectStatsSchema = z.object({
  ...creditTotals,
  byType: z.array(z.object({ type: projectTypeSchema, ...creditTotals })),
});
export type ProjectStats = z.infer<typeof projectStatsSchema>;

export const projectIdParams = z.object({ id: z.string().regex(/^[0-9]{1,9}$/, 'Project id must be the registry number, e.g. 1529') });

/**
 * Status of a VCU block as the tenant sees it: not_imported (issued in the registry, free
 * to import), unavailable (locked or retired in the registry by someone else), or the
 * state of the tenant's own record: available (imported and locked for tokenisation),
 * reserved (held for a mint in progress), tokenised, retired.
 */
export const vcuStatusSchema = z.enum(['not_imported', 'unavailable', 'available', 'reserved', 'tokenised', 'retired']);
export type VcuStatus = z.infer<typeof vcuStatusSchema>;

/** The states of the tenant's own VCU records (the vcu_blocks table); released frees the range. */
export const vcuRecordStatusSchema = z.enum(['available', 'reserved', 'tokenised', 'retired', 'released']);
export type VcuRecordStatus = z.infer<typeof vcuRecordStatusSchema>;

/** docs/product.md §3 VCU: serial number, project, vintage, amount in tCO2e, status, verification. */
export const vcuSchema = z.object({
  /** The tenant's record id; null while the block is only in the registry. */
  id: z.uuid().nullable(),
  serialNumber: z.string(),
  registry: registryIdSchema,
  projectId: z.string(),
  projectName: z.string(),
  vintage: z.string(),
  vintageStart: z.string(),
  vintageEnd: z.string(),
  /** Units in the block, 1 unit = 1 tCO2e. */
  amount: bigintString,
  status: vcuStatusSchema,
  verification: z.object({
    status: z.literal('verified'),
    verifier: z.string(),
    issuanceDate: z.string(),
    /** The registry's reference for the lock (or retirement) of this range, once there is one. */
    registryReference: z.string().nullable(),
  }),
  mintAddress: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type Vcu = z.infer<typeof vcuSchema>;

/** The tenant's imported VCUs across projects (batch minting picks from these). */
export const vcuListQuery = z.object({
  status: vcuRecordStatusSchema.exclude(['released']).optional(),
  projectId: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});
export type VcuListQuery = z.infer<typeof vcuListQuery>;

export const importVcuRequest = z.object({ serialNumber: verraSerialField });
export type ImportVcuRequest = z.infer<typeof importVcuRequest>;

/** Texts of the registry and projects endpoints. */
export const registryTexts = {
  imported: 'VCU block imported and locked in the registry',
  overlap: 'This serial range overlaps VCUs that are already imported or tokenised; a serial range can never be tokenised twice.',
  projectNotFound: 'Carbon project not found',
  blockNotFound: 'No issued VCU block in the registry contains this serial range',
  blockNotIssued: 'This serial range is not free in the registry: it is already locked or retired',
  issuanceMismatch:
    'This serial range lies inside an issued block, but its other fields (issuance, vintage, country, scope or code) differ from the registry record',
  registryUnavailable: 'The carbon registry is not reachable. Please try again later.',
  loadProjectsFailed: 'Failed to load projects',
  loadVcusFailed: 'Error loading VCUs',
} as const;
