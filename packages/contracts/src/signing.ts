import { z } from 'zod';
import { base64Field } from './auth';
import { singleLineText } from './text';

/** Texts of the prepare → sign → submit flow (docs/product.md §7, §8). */
export const signingTexts = {
  needsTransactionId: 'This needs a transaction id from the prepare step.',
  mustSignBeforeSubmit: 'You must sign the transaction before submitting it.',
  signFailed: 'Failed to sign the transaction.',
  submitFailed: 'Failed to submit the transaction.',
  notYourWallet: 'The transaction must be signed by an approved wallet of your company.',
  submitted: 'Transaction submitted.',
  prepared: 'Transaction prepared. Sign it with your wallet, then submit it.',
} as const;

export const submissionStatusSchema = z.enum(['pending', 'sent', 'confirmed', 'failed', 'expired']);
export type SubmissionStatusValue = z.infer<typeof submissionStatusSchema>;

/** What prepare answers: the id to submit against and the transaction for the wallet to sign. */
export const preparedTransactionSchema = z.object({
  transactionId: z.uuid(),
  unsignedTxBase64: z.string(),
  requiredSigner: z.string(),
  /** Block height after which the transaction can no longer land (decimal string). */
  lastValidBlockHeight: z.string(),
});
export type PreparedTransactionView = z.infer<typeof preparedTransactionSchema>;

export const decodedAccountSchema = z.object({ address: z.string(), signer: z.boolean(), writable: z.boolean() });
export const decodedInstructionSchema = z.object({
  programAddress: z.string(),
  /** Human name of the program, e.g. "Token-2022", "Memo". */
  program: z.string(),
  /** Instruction name, e.g. "ThawAccount", "Memo", or "Unknown". */
  name: z.string(),
  accounts: z.array(decodedAccountSchema),
  /** Extra decoded content worth showing (the memo text, an amount). */
  details: z.record(z.string(), z.string()),
});
export type DecodedInstruction = z.infer<typeof decodedInstructionSchema>;

export const signingTransactionSchema = z.object({
  transactionId: z.uuid(),
  kind: z.string(),
  status: submissionStatusSchema,
  unsignedTxBase64: z.string(),
  requiredSigner: z.string().nullable(),
  feePayer: z.string(),
  signature: z.string().nullable(),
  error: z.string().nullable(),
  instructions: z.array(decodedInstructionSchema),
});
export type SigningTransaction = z.infer<typeof signingTransactionSchema>;

export const submitSignedTransactionRequest = z.object({ signedTxBase64: base64Field });
export type SubmitSignedTransactionRequest = z.infer<typeof submitSignedTransactionRequest>;

export const submissionResultSchema = z.object({
  transactionId: z.uuid(),
  signature: z.string(),
  status: submissionStatusSchema,
  error: z.string().nullable(),
});
export type SubmissionResultView = z.infer<typeof submissionResultSchema>;

export const transactionIdParams = z.object({ transactionId: singleLineText().min(1).max(100) });
