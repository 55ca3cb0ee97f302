import { z } from 'zod';
import { ISO_COUNTRY_CODES } from './registry';
import { RETIREMENT_SCHEDULE_MAX_DAYS, retirementReasonSchema, retirementStatusSchema } from './retirements';
import { singleLineText } from './text';
import { tonnesField } from './tonnes';

/**
 * Offset requests (docs/product.md §2 `/offsets/requests`): a company asks for credits to be
 * retired on behalf of a beneficiary — from its own platform-managed wallet, or sourced by the
 * platform from the platform company's holdings. The request goes through the approval
 * workflow; on the final approval the retirement runs once and its certificate is linked back.
 */
export const offsetTexts = {
  loadFailed: 'Failed to load offset requests. Please try again later.',
  created: 'Offset request submitted for approval.',
  walletRequired: 'Choose the platform-managed wallet of your company that holds the credits.',
  managedWalletRequired: 'Offsets from your own credits are retired from a platform-managed wallet: an approval cannot wait for a browser signature.',
  unknownToken: 'This token is not a carbon token of your organisation.',
  requestedDatePast: 'The requested date cannot be in the past.',
  requestedDateTooFar: `The requested date must be within ${RETIREMENT_SCHEDULE_MAX_DAYS} days.`,
  noPlatformSource: 'The platform holds no approved platform-managed wallet with enough of this token to source the request.',
  submittedTitle: 'Offset request submitted',
  approvedTitle: 'Offset request approved',
  completedTitle: 'Offset retired',
  rejectedTitle: 'Offset request rejected',
  failedTitle: 'Offset request failed',
  withdrawn: 'Offset request withdrawn.',
  withdrawnTitle: 'Offset request withdrawn',
  withdrawnReason: 'Withdrawn by the requester.',
  notWithdrawable: 'Only a request still waiting for approval can be withdrawn.',
  notRequester: 'Only the person who made the request can withdraw it.',
} as const;

/**
 * pending_approval: the approval workflow runs; approved: the last level approved, the
 * retirement is being created; retiring: the retirement exists and is not finished (scheduled
 * for the requested date, or on its way to the chain); completed: retired, certificate issued;
 * rejected: an approver said no; failed: the retirement could not be made or failed on chain;
 * withdrawn: its requester took it back while it waited for approval.
 */
export const OFFSET_REQUEST_STATUSES = ['pending_approval', 'approved', 'retiring', 'completed', 'rejected', 'failed', 'withdrawn'] as const;
export const offsetRequestStatusSchema = z.enum(OFFSET_REQUEST_STATUSES);
export type OffsetRequestStatus = z.infer<typeof offsetRequestStatusSchema>;

/** own_credits: retired from the company's own platform-managed wallet; platform_sourced: the platform sources and retires them. */
export const OFFSET_SOURCINGS = ['own_credits', 'platform_sourced'] as const;
export const offsetSourcingSchema = z.enum(OFFSET_SOURCINGS);
export type OffsetSourcing = z.infer<typeof offsetSourcingSchema>;

/** The approval workflow's operation type of an offset request. */
export const OFFSET_OPERATION_TYPE = 'offset_request';

/** Today as YYYY-MM-DD (UTC): a requested date is a calendar day. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const requestedDateField = z.iso
  .date()
  .refine((value) => value >= utcToday(), offsetTexts.requestedDatePast)
  .refine((value) => Date.parse(`${value}T00:00:00Z`) <= Date.now() + RETIREMENT_SCHEDULE_MAX_DAYS * 86_400_000, offsetTexts.requestedDateTooFar);

const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => ISO_COUNTRY_CODES.has(value), 'must be an ISO 3166-1 alpha-2 country code');

export const createOffsetRequest = z
  .object({
    sourcing: offsetSourcingSchema,
    /** Platform administrators ask for one of their tenant's companies; everybody else for their own (default). */
    companyId: z.uuid().optional(),
    /** The project token (its Token-2022 mint). */
    tokenMint: singleLineText().trim().min(32).max(44),
    /** own_credits: the company's platform-managed wallet holding the tokens. */
    walletAddress: singleLineText().trim().min(32).max(44).optional(),
    /** Whole tCO2e. */
    quantity: tonnesField,
    beneficiaryName: singleLineText().trim().min(1).max(200),
    /** What the offset is for, in the requester's words; it becomes the retirement's memo. */
    purpose: singleLineText().trim().min(1).max(120),
    reason: retirementReasonSchema.default('voluntary_offset'),
    country: countryField,
    /** The day the credits should be retired (UTC): today retires on approval, a later day schedules it. */
    requestedDate: requestedDateField,
  })
  .refine((body) => body.sourcing !== 'own_credits' || Boolean(body.walletAddress), { message: offsetTexts.walletRequired, path: ['walletAddress'] });
export type CreateOffsetRequest = z.input<typeof createOffsetRequest>;

export const offsetRequestIdParams = z.object({ id: z.uuid() });

export const offsetRequestSchema = z.object({
  id: z.uuid(),
  status: offsetRequestStatusSchema,
  sourcing: offsetSourcingSchema,
  companyId: z.uuid(),
  companyName: z.string(),
  requestedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  tokenMint: z.string(),
  tokenSymbol: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  walletAddress: z.string().nullable(),
  /** Whole tCO2e as a decimal string. */
  quantity: z.string(),
  beneficiaryName: z.string(),
  purpose: z.string(),
  reason: retirementReasonSchema,
  country: z.string(),
  requestedDate: z.string(),
  /** The approval workflow of the request, once created. */
  approvalId: z.string().nullable(),
  retirementId: z.uuid().nullable(),
  retirementStatus: retirementStatusSchema.nullable(),
  certificateId: z.uuid().nullable(),
  certificateNumber: z.string().nullable(),
  /** The public verification page of the certificate (docs/certificates.md). */
  certificateUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type OffsetRequest = z.infer<typeof offsetRequestSchema>;

export const offsetRequestListQuery = z.object({
  status: offsetRequestStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OffsetRequestListQuery = z.input<typeof offsetRequestListQuery>;

export const offsetRequestListSchema = z.object({
  items: z.array(offsetRequestSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OffsetRequestList = z.infer<typeof offsetRequestListSchema>;

/** GET /offsets/tokens: the tenant's project tokens a request may name. */
export const offsetTokenSchema = z.object({ mint: z.string(), symbol: z.string(), name: z.string(), projectId: z.string(), vintage: z.number().int() });
export type OffsetToken = z.infer<typeof offsetTokenSchema>;
export const offsetTokenListSchema = z.array(offsetTokenSchema);

/** offset_request_update: a request changed; screens showing it read again. */
export const offsetRequestUpdatePayload = z.object({ id: z.uuid(), companyId: z.uuid(), status: offsetRequestStatusSchema });
export type OffsetRequestUpdatePayload = z.infer<typeof offsetRequestUpdatePayload>;
