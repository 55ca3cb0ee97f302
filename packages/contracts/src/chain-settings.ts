import { z } from 'zod';
import { bigintString } from './registry';

/**
 * Settings → Blockchain (docs/product.md §2 Profile and Settings tabs, §6 administrators-only
 * actions, §9 settings without values): what the tenant's administrators see of the chain the
 * platform talks to, and the few chain settings they choose themselves.
 */

/** How a transaction's priority fee is chosen: a fixed price per compute unit, or a percentile of the prices recently paid on the cluster. */
export const PRIORITY_FEE_MODES = ['fixed', 'percentile'] as const;
export const priorityFeeModeSchema = z.enum(PRIORITY_FEE_MODES);
export type PriorityFeeMode = z.infer<typeof priorityFeeModeSchema>;

/** A validator's per-transaction compute budget: no transaction can ask for more units than this. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Highest price per compute unit an administrator may set (0.01 SOL per million units): a typing slip must not drain the fee payer. */
export const MAX_MICRO_LAMPORTS_PER_COMPUTE_UNIT = 10_000_000;
/** Slippage tolerance is given in basis points (1 bp = 0.01 %), at most 50 %. */
export const MAX_SLIPPAGE_BPS = 5_000;

const microLamports = z.number().int().min(0).max(MAX_MICRO_LAMPORTS_PER_COMPUTE_UNIT);
const computeUnitLimit = z.number().int().min(1_000).max(MAX_COMPUTE_UNIT_LIMIT);

export const priorityFeePolicySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('fixed'), microLamports, computeUnitLimit }),
  z.object({
    mode: z.literal('percentile'),
    /** The percentile of the recent prices per compute unit paid on the cluster (1–100). */
    percentile: z.number().int().min(1).max(100),
    /** Whatever the cluster paid recently, never more than this per compute unit. */
    maxMicroLamports: microLamports,
    computeUnitLimit,
  }),
]);
export type PriorityFeePolicy = z.infer<typeof priorityFeePolicySchema>;

/** No priority fee until an administrator sets one: previews show exactly the base fees. */
export const DEFAULT_PRIORITY_FEE_POLICY: PriorityFeePolicy = { mode: 'fixed', microLamports: 0, computeUnitLimit: 400_000 };
/** docs/product.md §9: slippage tolerance has no value in the product; 1 % until an administrator chooses. */
export const DEFAULT_SLIPPAGE_BPS = 100;
/** 0.1 SOL: below this a platform key's balance raises a security alert. */
export const DEFAULT_LOW_BALANCE_LAMPORTS = 100_000_000n;

/** The platform keys whose balance matters: the issuer pays every minting fee, the retirement delegate the retirements it signs for. */
export const PLATFORM_KEY_ROLES = ['issuer', 'retirement_delegate'] as const;
export const platformKeyRoleSchema = z.enum(PLATFORM_KEY_ROLES);
export type PlatformKeyRole = z.infer<typeof platformKeyRoleSchema>;

export const platformKeyBalanceSchema = z.object({
  role: platformKeyRoleSchema,
  address: z.string(),
  /** Lamports, or null when the chain could not be read. */
  balance: bigintString.nullable(),
  low: z.boolean(),
});
export type PlatformKeyBalance = z.infer<typeof platformKeyBalanceSchema>;

export const blockchainSettingsSchema = z.object({
  /** Set by the deployment's configuration (SOLANA_CLUSTER, SOLANA_RPC_URL, SOLANA_EXPLORER_URL, SOLANA_COMMITMENT): shown, never changed here. */
  network: z.object({
    cluster: z.string(),
    /** Whether an RPC endpoint is configured; otherwise the platform's embedded chain answers. */
    rpcConfigured: z.boolean(),
    explorerUrl: z.string(),
    commitment: z.string(),
  }),
  priorityFee: priorityFeePolicySchema,
  slippageToleranceBps: z.number().int(),
  lowBalanceThresholdLamports: bigintString,
  platformKeys: z.array(platformKeyBalanceSchema),
  updatedAt: z.string().nullable(),
});
export type BlockchainSettings = z.infer<typeof blockchainSettingsSchema>;

export const updateBlockchainSettingsRequest = z
  .object({
    priorityFee: priorityFeePolicySchema.optional(),
    slippageToleranceBps: z.number().int().min(0).max(MAX_SLIPPAGE_BPS).optional(),
    /** At most 1,000 SOL: a threshold beyond any balance a fee payer holds is a typing slip. */
    lowBalanceThresholdLamports: bigintString
      .refine((value) => /^[0-9]{1,16}$/.test(value) && BigInt(value) <= 1_000_000_000_000n, 'must be at most 1,000 SOL')
      .optional(),
  })
  .strict();
export type UpdateBlockchainSettingsRequest = z.infer<typeof updateBlockchainSettingsRequest>;

export const blockchainSettingsTexts = {
  saved: 'Blockchain settings saved.',
  lowBalanceAlertTitle: 'Platform key balance is low',
} as const;
