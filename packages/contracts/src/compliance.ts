import { z } from 'zod';
import { kycStatusSchema } from './auth';
import { kycChecklistSchema, kycDocumentStatusSchema, kycRiskLevelSchema } from './kyc';

/**
 * A company's compliance profile (`/compliance`, Settings → Compliance; docs/product.md §3
 * Compliance, §9 KYC tiers and limits): its KYC tier, the daily and monthly tCO2e limits the
 * API enforces on mint and retire, the volume already used, and the KYC review's risk level,
 * score, checklist and documents.
 */

/** docs/product.md §9: each tier caps the limits an officer may give a company. */
export const KYC_TIERS = ['basic', 'standard', 'enhanced'] as const;
export const kycTierSchema = z.enum(KYC_TIERS);
export type KycTier = z.infer<typeof kycTierSchema>;

/** docs/product.md §9 KYC tiers: the highest daily and monthly tCO2e volume a company of each tier may be given. */
export const KYC_TIER_BOUNDS: Readonly<Record<KycTier, { daily: number; monthly: number }>> = {
  basic: { daily: 10_000, monthly: 100_000 },
  standard: { daily: 100_000, monthly: 1_000_000 },
  enhanced: { daily: 1_000_000, monthly: 10_000_000 },
};
/** A company nobody has set limits for yet has the standard tier at its bounds. */
export const DEFAULT_KYC_TIER: KycTier = 'standard';

/** The operations whose tCO2e count towards the limits (docs/product.md §5 Compliance limits). */
export const COMPLIANCE_OPERATIONS = ['mint', 'retire', 'transfer'] as const;
export type ComplianceOperation = (typeof COMPLIANCE_OPERATIONS)[number];

export const complianceTexts = {
  loadFailed: 'Failed to load compliance data. Please try again later.',
  saved: 'Compliance limits saved.',
  notOfficer: 'Only compliance officers can change the compliance limits.',
  dailyOverMonthly: 'The daily limit cannot be higher than the monthly limit.',
  overTierBound: 'The limit is higher than the tier allows.',
  mintKycRequired: 'KYC/AML verification must be approved for your company before minting credits.',
  dailyLimitExceeded: "This operation exceeds the company's daily compliance limit.",
  monthlyLimitExceeded: "This operation exceeds the company's monthly compliance limit.",
} as const;

/** The refusal's text with the amounts: what was asked, the limit and what remains of it (never below zero). */
export function limitExceededText(period: 'daily' | 'monthly', requested: string, limit: string, remaining: string): string {
  const base = period === 'daily' ? complianceTexts.dailyLimitExceeded : complianceTexts.monthlyLimitExceeded;
  return `${base} Requested ${requested} tCO2e; limit ${limit} tCO2e; ${remaining} tCO2e remaining ${period === 'daily' ? 'today' : 'this month'}.`;
}

/**
 * tCO2e volume of one period. Tokenisation (mint operations and batch VCU jobs) and retirement
 * are each counted against the period's limit on their own (docs/product.md §5 Compliance limits),
 * so a company that tokenised a lot today can still retire today; transfers happen outside the
 * platform and are not counted.
 */
export const complianceVolumeSchema = z.object({
  minted: z.string(),
  retired: z.string(),
  transferred: z.string(),
  limit: z.string(),
  /** What may still be tokenised in the period (never below zero). */
  mintRemaining: z.string(),
  /** What may still be retired in the period (never below zero). */
  retireRemaining: z.string(),
});
export type ComplianceVolume = z.infer<typeof complianceVolumeSchema>;

export const complianceDocumentSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  category: z.string(),
  status: kycDocumentStatusSchema,
  uploadedAt: z.string(),
});
export type ComplianceDocument = z.infer<typeof complianceDocumentSchema>;

/** Whether the company's token accounts follow its KYC status on chain (docs/product.md §4 KYC). */
export const tokenAccountsStateSchema = z.enum(['open', 'frozen', 'syncing']);

export const complianceProfileSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  kycStatus: kycStatusSchema,
  kycTier: kycTierSchema,
  dailyLimit: z.string(),
  monthlyLimit: z.string(),
  daily: complianceVolumeSchema,
  monthly: complianceVolumeSchema,
  riskLevel: kycRiskLevelSchema.nullable(),
  score: z.number().int().nullable(),
  checklist: kycChecklistSchema,
  documents: z.array(complianceDocumentSchema),
  tokenAccounts: tokenAccountsStateSchema,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The caller may change the tier and limits (compliance officers). */
  canEdit: z.boolean(),
  /** The platform bounds of every tier, for the form. */
  tierBounds: z.record(kycTierSchema, z.object({ daily: z.number().int(), monthly: z.number().int() })),
});
export type ComplianceProfile = z.infer<typeof complianceProfileSchema>;

export const complianceProfileQuery = z.object({ companyId: z.uuid().optional() }).strict();
export type ComplianceProfileQuery = z.input<typeof complianceProfileQuery>;
export const complianceCompanyParams = z.object({ companyId: z.uuid() });

const limitField = z.number().int().positive().max(KYC_TIER_BOUNDS.enhanced.monthly);

/** PUT /compliance/profiles/:companyId: an officer sets the tier and the limits within its bounds. */
export const updateComplianceProfileRequest = z
  .object({ kycTier: kycTierSchema, dailyLimit: limitField, monthlyLimit: limitField })
  .strict()
  .superRefine((value, context) => {
    const bounds = KYC_TIER_BOUNDS[value.kycTier];
    if (value.dailyLimit > bounds.daily) context.addIssue({ code: 'custom', path: ['dailyLimit'], message: complianceTexts.overTierBound });
    if (value.monthlyLimit > bounds.monthly) context.addIssue({ code: 'custom', path: ['monthlyLimit'], message: complianceTexts.overTierBound });
    if (value.dailyLimit > value.monthlyLimit) context.addIssue({ code: 'custom', path: ['dailyLimit'], message: complianceTexts.dailyOverMonthly });
  });
export type UpdateComplianceProfileRequest = z.input<typeof updateComplianceProfileRequest>;
