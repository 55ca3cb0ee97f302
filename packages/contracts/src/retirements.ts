import { z } from 'zod';
import { bigintString, ISO_COUNTRY_CODES, registryIdSchema } from './registry';
import { preparedTransactionSchema } from './signing';
import { cappedTotalFields, pageBeyondListWindowIssue, pageWithinListWindow } from './list-window';
import { singleLineText } from './text';
import { tonnesField } from './tonnes';
import { companyWalletKindSchema } from './wallets';

/**
 * Retirements (docs/product.md §2 Retirements, §3 Retirement, §4 Retirement, §5 "Retirements need a
 * connected wallet and KYC/AML approval for the selected company", §8 "failed to load
 * retirement data"). The label shown for `completed` is "Retired".
 */
/**
 * How far ahead a retirement may be scheduled: its tokens stay reserved until then, so a date
 * years away would hold them indefinitely (docs/retirements.md).
 */
export const RETIREMENT_SCHEDULE_MAX_DAYS = 366;

export function withinScheduleHorizon(scheduledFor: string, now: Date = new Date()): boolean {
  return Date.parse(scheduledFor) <= now.getTime() + RETIREMENT_SCHEDULE_MAX_DAYS * 86_400_000;
}

export const retirementTexts = {
  loadFailed: 'Failed to load retirement data',
  kycRequired: 'KYC/AML verification must be approved for the selected company before retiring credits.',
  kycLink: '/kyc',
  walletRequired: 'Connect an approved wallet of the selected company to retire credits.',
  holderWalletRequired: 'Connect the wallet that holds this token: it signs the retirement.',
  insufficientTokens: 'Insufficient token balance for this retirement.',
  burnNotOnChain: 'The burn of this retirement is not on chain, so it is not shown as retired until the discrepancy is resolved.',
  scheduleInPast: 'The execution time must be in the future.',
  scheduleTooFar: `The execution time must be within ${RETIREMENT_SCHEDULE_MAX_DAYS} days.`,
  cancelNotAllowed: 'This retirement can no longer be cancelled.',
  prepareNotAllowed: 'This retirement has no transaction to sign.',
  submitNotAllowed: 'This retirement is not waiting for a signature.',
  unknownToken: 'This token is not a carbon token of your organisation.',
  selectCompany: 'Please select a company.',
  created: 'Retirement created. Sign the transaction with your wallet to retire the credits.',
  retired: 'Credits retired. The certificate was issued.',
  scheduleCreated: 'Sign the approval with your wallet to schedule the retirement.',
  scheduled: 'Retirement scheduled.',
  cancelled: 'Retirement cancelled.',
  processing: 'The retirement was sent to the chain and is waiting for confirmation.',
  failed: 'The retirement failed.',
  completedTitle: 'Credits retired',
  failedTitle: 'Retirement failed',
  cancelledTitle: 'Scheduled retirement cancelled',
  awaitingApproval: 'The retirement exceeds the approval limit and is waiting for an administrator to approve it.',
  approvalRejected: 'The retirement request was rejected:',
} as const;

/**
 * awaiting_approval: above the retirement approval limit, waiting for the approval workflow
 * (docs/product.md §5 Retirements); its tokens stay reserved and count towards the limits;
 * pending: created, the burn transaction waits for the holder's signature;
 * awaiting_signature: scheduled, the delegate approval waits for the holder's signature;
 * scheduled: the platform's retirement delegate may burn the amount at `scheduledFor`;
 * processing: sent to the chain, not yet decided; completed ("Retired"); failed; cancelled.
 */
export const RETIREMENT_STATUSES = [
  'awaiting_approval',
  'pending',
  'awaiting_signature',
  'scheduled',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export const retirementStatusSchema = z.enum(RETIREMENT_STATUSES);
export type RetirementStatus = z.infer<typeof retirementStatusSchema>;

/** Statuses a holder may cancel (docs/product.md §4: a scheduled retirement can be cancelled). */
export const CANCELLABLE_RETIREMENT_STATUSES: readonly RetirementStatus[] = ['pending', 'awaiting_signature', 'scheduled'];

export const RETIREMENT_REASONS = ['voluntary_offset', 'compliance', 'net_zero_commitment', 'product_neutrality', 'event_offset', 'other'] as const;
export const retirementReasonSchema = z.enum(RETIREMENT_REASONS);
export type RetirementReason = z.infer<typeof retirementReasonSchema>;

const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => ISO_COUNTRY_CODES.has(value), 'must be an ISO 3166-1 alpha-2 country code');

/** ISO 3166-2 subdivision of the country, e.g. "BR-SP". */
const subdivisionField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code such as BR-SP');

export const retirementLocationSchema = z
  .object({ country: countryField, subdivision: subdivisionField.optional() })
  .refine((location) => !location.subdivision || location.subdivision.startsWith(`${location.country}-`), {
    message: 'the subdivision must belong to the country',
    path: ['subdivision'],
  });

export const createRetirementRequest = z.object({
  companyId: z.uuid(retirementTexts.selectCompany),
  /** The connected wallet (an approved wallet of the company) that holds and burns the tokens. */
  walletAddress: singleLineText().min(32, retirementTexts.walletRequired).max(44, retirementTexts.walletRequired),
  /** The project token (its Token-2022 mint). */
  tokenMint: singleLineText().min(32).max(44),
  /** Whole tCO2e (1 token = 1 tCO2e; base units = amount × 10^decimals). */
  amount: tonnesField,
  reason: retirementReasonSchema,
  location: retirementLocationSchema,
  memo: singleLineText().trim().max(120).optional(),
  /** Who the retirement is made on behalf of; stored off chain, the chain holds its hash only. */
  beneficiaryName: singleLineText().trim().min(1).max(200),
  /** Schedule toggle: the execute-at time (ISO 8601). Absent = retire now. */
  scheduledFor: z.iso
    .datetime({ offset: true })
    .refine((value) => withinScheduleHorizon(value), retirementTexts.scheduleTooFar)
    .optional(),
});
export type CreateRetirementRequest = z.input<typeof createRetirementRequest>;

export const submitRetirementRequest = z.object({ signedTxBase64: singleLineText().min(1).max(4096) });
export type SubmitRetirementRequest = z.infer<typeof submitRetirementRequest>;

export const retirementIdParams = z.object({ id: z.uuid() });

export const retirementSchema = z.object({
  id: z.uuid(),
  status: retirementStatusSchema,
  /** Base units (tCO2e × 10^decimals). */
  amount: bigintString,
  decimals: z.number().int(),
  companyId: z.uuid(),
  companyName: z.string(),
  walletAddress: z.string(),
  walletType: companyWalletKindSchema,
  tokenMint: z.string(),
  tokenSymbol: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  vintage: z.number().int(),
  reason: retirementReasonSchema,
  country: z.string(),
  subdivision: z.string().nullable(),
  memo: z.string().nullable(),
  beneficiaryName: z.string(),
  /** The burn (or burn + certificate) transaction signature: docs/product.md "tx". */
  signature: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** docs/product.md "registry": the registry and its retirement reference once reported. */
  registry: registryIdSchema,
  registryReference: z.string().nullable(),
  serialNumbers: z.array(z.string()),
  certificateId: z.uuid().nullable(),
  certificateNumber: z.string().nullable(),
  certificateMint: z.string().nullable(),
  /** The prepared transaction waiting for the holder's signature (pending / awaiting_signature). */
  transactionId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  scheduledFor: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Retirement = z.infer<typeof retirementSchema>;

/** Create / prepare / cancel answer the retirement and, when the holder must sign, the transaction. */
export const retirementActionResultSchema = z.object({
  retirement: retirementSchema,
  transaction: preparedTransactionSchema.nullable(),
});
export type RetirementActionResult = z.infer<typeof retirementActionResultSchema>;

export const retirementListQuery = z
  .object({
    status: retirementStatusSchema.optional(),
    companyId: z.uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(pageWithinListWindow, pageBeyondListWindowIssue);
export type RetirementListQuery = z.input<typeof retirementListQuery>;

export const retirementListSchema = z.object({
  items: z.array(retirementSchema),
  ...cappedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RetirementList = z.infer<typeof retirementListSchema>;

/** docs/product.md §2 stat cards: total retired (tCO2e), certificates, transactions. */
export const retirementStatsSchema = z.object({
  totalRetired: bigintString,
  certificates: z.number().int().nonnegative(),
  /** Confirmed chain transactions of retirements (burns, delegate approvals and revocations). */
  transactions: z.number().int().nonnegative(),
});
export type RetirementStats = z.infer<typeof retirementStatsSchema>;

/** Socket event payload (SERVER_EVENTS.retirementUpdate). */
export const retirementUpdatePayload = retirementSchema;
