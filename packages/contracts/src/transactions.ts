import { z } from 'zod';
import { cappedTotalFields, pageBeyondListWindowIssue, pageWithinListWindow } from './list-window';
import { bigintString } from './registry';
import { singleLineText } from './text';

/**
 * Transactions (docs/product.md §2 Transactions, §3 Transaction, §4 statuses and types): every mint, burn,
 * received and sent token movement of a company's wallets, from the database (mints,
 * retirements) and from the chain (transfers in and out).
 */
export const TRANSACTION_TYPES = ['mint', 'burn', 'received', 'sent'] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const TRANSACTION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const transactionTexts = {
  loadFailed: 'Failed to load transactions. Please try again.',
  notFound: 'Transaction not found',
  chainUnavailable: 'Transfers on the chain could not be read right now; mints and retirements are shown.',
  /** The socket's answer to subscribe_transactions with filters GET /transactions would refuse. */
  invalidFilters: 'Invalid transaction filters',
} as const;

/** Transaction ids are opaque: `mint-<uuid>`, `batch-<uuid>-<chunk>`, `burn-<uuid>`, `sent-<signature>`, `received-<signature>`. */
export const transactionIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, transactionTexts.notFound);

export const transactionViewSchema = z.object({
  id: transactionIdSchema,
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  /** Project name (mints and burns) or token name; null when the chain knows only the mint. */
  project: z.string().nullable(),
  projectId: z.string().nullable(),
  tokenMint: z.string().nullable(),
  tokenSymbol: z.string().nullable(),
  /** Base units moved (tCO2e × 10^decimals), always positive; the type says the direction. */
  amount: bigintString,
  decimals: z.number().int(),
  /** The transaction signature once it was sent. */
  hash: z.string().nullable(),
  date: z.string(),
  /** Lamports the fee payer paid, read from the chain; null until it landed. */
  feeLamports: bigintString.nullable(),
  /** The same fee in SOL, e.g. "0.000005". */
  feeSol: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  description: z.string(),
  explorerUrl: z.string().nullable(),
  /** The company wallet this movement belongs to. */
  walletAddress: z.string(),
  /** Burns: the burn certificate, downloadable at /certificates/{id}/pdf. */
  certificateId: z.string().uuid().nullable(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionListQuery = z
  .object({
    type: transactionTypeSchema.optional(),
    status: transactionStatusSchema.optional(),
    /** Matches hash, project, token symbol, addresses and description (case-insensitive). */
    search: singleLineText().trim().max(100).optional(),
    /** A wallet of the company: its id or its address. */
    wallet: singleLineText().trim().min(1).max(64).optional(),
    /** Platform administrators only: another company of the tenant. */
    companyId: z.uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(pageWithinListWindow, pageBeyondListWindowIssue);
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const transactionListSchema = z.object({
  items: z.array(transactionViewSchema),
  ...cappedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False when the chain could not be read: only the database's mints and burns are listed. */
  chainAvailable: z.boolean(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

export const transactionViewIdParams = z.object({ id: transactionIdSchema });
