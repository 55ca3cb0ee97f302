import { z } from 'zod';
import { PROJECT_TYPES, type ProjectType } from './projects';
import { bigintString, registryIdSchema } from './registry';
import { multiLineText, singleLineText } from './text';
import { formatBaseUnits, tonnesField } from './tonnes';

/** docs/product.md §8 Minting texts, plus the server's own wording for the rules of docs/product.md §5 Mint. */
export const mintingTexts = {
  selectProject: 'Please select a project first.',
  fillRequired: 'Please fill in all required fields.',
  walletConnectionFailed: 'Wallet connection failed. Please try again.',
  configGenerationFailed: 'Failed to generate token configuration.',
  previewFailed: 'Failed to preview minting. Please try again.',
  validationFailed: 'Validation failed. Please review the token configuration.',
  mintingFailed: 'Minting failed. Please try again.',
  mintingFailedNoResponse: 'Minting failed: no response data received.',
  cannotExecute: 'Cannot execute minting. Please connect your wallet and review the preview.',
  insufficientBalance: 'Insufficient balance',
  logoUploadFailed: 'Failed to upload logo.',
  walletNotApproved: 'The mint wallet must be approved for minting.',
  quantityUnavailable: 'The requested quantity exceeds the credits available for this project.',
  previewValid: 'Validation succeeded. Review the fees and execute the minting.',
  mintCompleted: 'Tokens minted successfully.',
  awaitingApproval: 'This mint exceeds the approval limit and is waiting for an administrator.',
  batchCreated: 'Batch minting started.',
  errorLoadingVcus: 'Error loading VCUs',
  approvalNotPending: 'This approval request is no longer pending.',
  logoUrlInvalid: 'Enter an https address, or upload an image.',
} as const;

/** A file of the product's own store (docs/files.md): `/api/v1/files/<cid>`, alone or after any origin. */
const FILE_STORE_PATH = /^\/api\/v1\/files\/(bafkrei[a-z2-7]{52})$/;

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The CID when a logo address is a file of this product's store given without https (an upload
 * answers `http://localhost:3000/api/v1/files/<cid>` on a local server): published under this
 * deployment's own origin, whatever origin it came with.
 */
export function fileStoreCidOfLogo(logoUrl: string): string | undefined {
  if (logoUrl.startsWith('/')) return FILE_STORE_PATH.exec(logoUrl)?.[1];
  const url = parsedUrl(logoUrl);
  if (!url || url.protocol !== 'http:' || url.search || url.hash) return undefined;
  return FILE_STORE_PATH.exec(url.pathname)?.[1];
}

/** Published as the token's `image` and opened by wallets and explorers: https, or the product's file store. */
export function isAcceptedLogoUrl(logoUrl: string): boolean {
  const url = parsedUrl(logoUrl);
  return (url?.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password) || fileStoreCidOfLogo(logoUrl) !== undefined;
}

/** "Insufficient balance: 0.0123 SOL required, 0.0050 SOL available" (amounts in SOL, lamports exact in the payload). */
export function insufficientBalanceText(requiredLamports: bigint, availableLamports: bigint): string {
  return `${mintingTexts.insufficientBalance}: ${formatSol(requiredLamports)} SOL required, ${formatSol(availableLamports)} SOL available.`;
}

/** SOL has 9 decimals: lamports as an exact SOL amount. */
export function formatSol(lamports: bigint): string {
  return formatBaseUnits(lamports, 9);
}

export const mintPreviewRequest = z.object({
  projectId: z.string().regex(/^[0-9]{1,9}$/, mintingTexts.selectProject),
  vintage: z.number().int().min(1990).max(2100).optional(),
  quantity: tonnesField,
  tokenName: singleLineText().trim().min(1, mintingTexts.fillRequired).max(32),
  symbol: z
    .string()
    .trim()
    .min(1, mintingTexts.fillRequired)
    .max(10)
    .regex(/^[A-Za-z0-9]+$/, 'Symbol may only contain letters and digits'),
  description: multiLineText().max(500).optional(),
  logoUrl: singleLineText().trim().max(200, mintingTexts.logoUrlInvalid).refine(isAcceptedLogoUrl, mintingTexts.logoUrlInvalid).optional(),
  decimals: z.number().int().min(0).max(9).default(0),
  walletId: z.string().uuid(mintingTexts.walletNotApproved),
});
export type MintPreviewRequest = z.input<typeof mintPreviewRequest>;

/** docs/product.md §3 Fees, lamports as decimal strings, read from the chain. */
export const mintFeesSchema = z.object({
  tokenCreation: bigintString,
  transaction: bigintString,
  associatedTokenAccount: bigintString,
  total: bigintString,
});
export type MintFees = z.infer<typeof mintFeesSchema>;

export const mintPreviewCheckSchema = z.object({ ok: z.boolean(), message: z.string() });

export const mintPreviewSchema = z.object({
  previewId: z.string().uuid(),
  expiresAt: z.string(),
  valid: z.boolean(),
  project: z.object({ id: z.string(), name: z.string(), registry: registryIdSchema, methodology: z.string(), type: z.enum(PROJECT_TYPES) }),
  vintage: z.number().int(),
  quantity: bigintString,
  availableQuantity: bigintString,
  token: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** The project+vintage mint when it exists; null means execution creates it. */
    existingMint: z.string().nullable(),
    willCreateMint: z.boolean(),
    mintAuthority: z.string(),
    freezeAuthority: z.string(),
    method: z.literal('non-custodial'),
  }),
  /**
   * The wallet the tokens land in. docs/product.md §5: a connected (external) wallet must hold enough SOL
   * for the total cost (`balance` in lamports); a platform-managed one is funded by the platform.
   */
  /** The receiving wallet; its SOL `balance` is informational: it pays nothing for the mint (`payer` does). */
  wallet: z.object({ id: z.string().uuid(), address: z.string(), status: z.string(), approved: z.boolean(), balance: bigintString }),
  fees: mintFeesSchema,
  /** Who pays the fees: the tenant's platform issuer key (it signs mint creation and mint-to). */
  payer: z.object({ address: z.string(), role: z.literal('platform_issuer'), balance: bigintString, required: bigintString, sufficient: z.boolean() }),
  requiresApproval: z.boolean(),
  approvalLimit: bigintString,
  checks: z.object({
    projectExists: mintPreviewCheckSchema,
    quantityAvailable: mintPreviewCheckSchema,
    token: mintPreviewCheckSchema,
    walletApproved: mintPreviewCheckSchema,
    balance: mintPreviewCheckSchema,
  }),
});
export type MintPreview = z.infer<typeof mintPreviewSchema>;

export const executeMintRequest = z.object({ previewId: z.string().uuid(mintingTexts.cannotExecute) });
export type ExecuteMintRequest = z.infer<typeof executeMintRequest>;

/** docs/product.md §6 transaction statuses. */
export const mintOperationStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed']);
export type MintOperationStatus = z.infer<typeof mintOperationStatusSchema>;

export const mintOperationSchema = z.object({
  id: z.string().uuid(),
  status: mintOperationStatusSchema,
  projectId: z.string(),
  projectName: z.string(),
  registry: registryIdSchema,
  vintage: z.number().int(),
  quantity: bigintString,
  tokenName: z.string(),
  symbol: z.string(),
  walletAddress: z.string(),
  mintAddress: z.string().nullable(),
  signature: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  serialNumbers: z.array(z.string()),
  error: z.string().nullable(),
  approvalRequestId: z.string().uuid().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type MintOperation = z.infer<typeof mintOperationSchema>;

export const mintOperationIdParams = z.object({ id: z.string().uuid() });
export const mintOperationListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** docs/product.md §3 Approval. */
export const approvalStatusSchema = z.enum(['pending', 'approved', 'rejected', 'delegated']);
export const approvalPrioritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export const approvalRequestSchema = z.object({
  id: z.string().uuid(),
  type: z.literal('mint'),
  requestorId: z.string().uuid().nullable(),
  projectId: z.string(),
  credits: bigintString,
  status: approvalStatusSchema,
  priority: approvalPrioritySchema,
  level: z.number().int(),
  approverRole: z.string(),
  timeoutAt: z.string(),
  operationId: z.string().uuid(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** Execute answers the finished operation (200) or the approval it waits for (202). */
export const executeMintResultSchema = z.object({ operation: mintOperationSchema, approval: approvalRequestSchema.nullable() });
export type ExecuteMintResult = z.infer<typeof executeMintResultSchema>;

export const approvalIdParams = z.object({ id: z.string().uuid() });

/** Tenant minting settings: the approval limit and the price per tCO2e used to value the portfolio. */
export const mintingSettingsSchema = z.object({
  approvalLimit: bigintString,
  /** Price per tCO2e in US cents, per project type. */
  pricesUsdCents: z.record(z.enum(PROJECT_TYPES), z.number().int().nonnegative()),
});
export type MintingSettings = z.infer<typeof mintingSettingsSchema>;
export const updateMintingSettingsRequest = z.object({
  approvalLimit: tonnesField.optional(),
  pricesUsdCents: z.partialRecord(z.enum(PROJECT_TYPES), z.number().int().nonnegative()).optional(),
});

export const DEFAULT_APPROVAL_LIMIT_TCO2E = 10_000n;

/**
 * Reference prices per tCO2e (US cents) by project type, indicative voluntary-market levels
 * (nature-based removals and blue carbon above renewables); a tenant overrides them in its settings.
 */
export const DEFAULT_PRICES_USD_CENTS: Record<ProjectType, number> = {
  renewable: 250,
  wind: 300,
  forestry: 1200,
  cookstoves: 600,
  blue_carbon: 2500,
  methane_capture: 450,
};

/** docs/product.md §3 Minting job. */
export const mintingJobStatusSchema = z.enum(['pending', 'running', 'completed', 'failed', 'retrying']);
export type MintingJobStatus = z.infer<typeof mintingJobStatusSchema>;

export const createMintingBatchRequest = z.object({
  vcuBlockIds: z.array(z.string().uuid()).min(1, mintingTexts.fillRequired).max(2000),
  walletId: z.string().uuid(mintingTexts.walletNotApproved),
});
export type CreateMintingBatchRequest = z.infer<typeof createMintingBatchRequest>;

export const mintingJobSchema = z.object({
  id: z.string().uuid(),
  vcuCount: z.number().int(),
  totalAmount: bigintString,
  mintedAmount: bigintString,
  status: mintingJobStatusSchema,
  progress: z.number().int().min(0).max(100),
  walletAddress: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type MintingJob = z.infer<typeof mintingJobSchema>;
export const mintingJobIdParams = z.object({ id: z.string().uuid() });

/** Pushed to the tenant over the socket after every minted chunk (SERVER_EVENTS.mintingJobUpdate). */
export const mintingJobUpdatePayload = mintingJobSchema;

/**
 * The JSON a project mint's on-chain metadata uri points to (the token-metadata JSON wallets
 * and explorers read), with the registry facts and every Verra serial range behind the supply.
 */
export const tokenMetadataDocumentSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image: z.string().optional(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
  properties: z.object({
    registry: registryIdSchema,
    projectId: z.string(),
    projectName: z.string(),
    methodology: z.string(),
    vintage: z.number().int(),
    /** Serial ranges tokenised into this mint (retired ones included: they were issued as tokens too). */
    serialRanges: z.array(z.object({ serialNumber: z.string(), units: bigintString, status: z.enum(['tokenised', 'retired']) })),
    /**
     * The units that exist now: the mint's supply read from the chain (base units), not the
     * database, so a burn made on chain without the platform lowers it too.
     */
    supply: bigintString,
    decimals: z.number().int(),
  }),
});
export type TokenMetadataDocument = z.infer<typeof tokenMetadataDocumentSchema>;
export const tokenMetadataParams = z.object({ mint: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Not a token address') });
