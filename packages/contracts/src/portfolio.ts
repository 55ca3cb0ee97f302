import { z } from 'zod';
import { PROJECT_TYPES } from './projects';
import { bigintString } from './registry';
import { tonnesString } from './tonnes';
import { companyWalletKindSchema } from './wallets';

/** One holding: a token (project + vintage mint) in one company wallet, read from the chain. */
export const portfolioHoldingSchema = z.object({
  mint: z.string(),
  symbol: z.string(),
  tokenName: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  projectType: z.enum(PROJECT_TYPES).nullable(),
  vintage: z.number().int().nullable(),
  walletId: z.string().uuid(),
  walletAddress: z.string(),
  /** external: the holder signs its own burns in the browser; platform_managed: the platform signs for it. */
  walletType: companyWalletKindSchema,
  /** The wallet on the cluster's block explorer (the chain the server runs on). */
  walletExplorerUrl: z.string(),
  decimals: z.number().int(),
  /** Base units held on chain now. */
  heldAmount: bigintString,
  /** Tokens of this mint the company retired (burnt) from this wallet: the sum of its completed retirements. */
  retiredAmount: bigintString,
  /** Price per tCO2e in US cents used for the value (tenant setting or default by project type). */
  priceUsdCents: z.number().int(),
  /** heldAmount in tCO2e × price, in US cents. */
  valueUsdCents: bigintString,
  frozen: z.boolean(),
});
export type PortfolioHolding = z.infer<typeof portfolioHoldingSchema>;

export const portfolioSchema = z.object({
  holdings: z.array(portfolioHoldingSchema),
  /** tCO2e held across every holding (each holding's base units with its mint's decimals). */
  totalHeld: tonnesString,
  /** tCO2e retired across every holding. */
  totalRetired: tonnesString,
  totalValueUsdCents: bigintString,
  readAt: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** Texts of the portfolio screen (docs/product.md §8 wording style). */
export const portfolioTexts = {
  loadFailed: 'Failed to load portfolio',
} as const;

/** Platform administrators may read another company's portfolio (e.g. to retire on its behalf); others always read their own. */
export const portfolioQuery = z.object({ companyId: z.uuid().optional() });
