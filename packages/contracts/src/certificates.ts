import { z } from 'zod';
import { bigintString, registryIdSchema } from './registry';
import { retirementReasonSchema } from './retirements';
import { cappedTotalFields, pageBeyondListWindowIssue, pageWithinListWindow } from './list-window';
import { singleLineText } from './text';

/**
 * Burn certificates (docs/product.md §2 Certificates, §3 Certificate): the soulbound certificate that
 * a retirement issues, its PDF and QR code, and the public verification page the QR code
 * leads to. The verification re-reads the chain at request time.
 */
export const certificateTexts = {
  valid: 'This certificate is valid.',
  invalid: 'This certificate could not be verified.',
  notFound: 'No certificate with this number exists.',
  loadFailed: 'Failed to load certificates.',
  checks: {
    burnConfirmed: {
      ok: 'The burn transaction is confirmed on chain.',
      failed: 'The burn transaction is not confirmed on chain.',
    },
    burnMatches: {
      ok: 'The burn transaction burns the stated amount of the project token and carries the memo of this retirement.',
      failed: 'The burn transaction does not burn the stated amount of the project token with the memo of this retirement.',
    },
    certificateMint: {
      ok: 'The certificate token exists with a supply of exactly 1.',
      failed: 'The certificate token does not exist or its supply is not exactly 1.',
    },
    nonTransferable: {
      ok: 'The certificate token is non-transferable (soulbound).',
      failed: 'The certificate token is not non-transferable.',
    },
    accountFrozen: {
      ok: "The certificate token is frozen in the holder's wallet for good: it can be neither moved, burned nor closed.",
      failed: "The certificate token is not frozen for good in the holder's wallet: it could be burned, or thawed and then burned.",
    },
    mintAuthorityRemoved: {
      ok: 'No one can mint more certificate tokens: the mint authority was removed.',
      failed: 'The certificate token still has a mint authority.',
    },
    metadataImmutable: {
      ok: 'No one can change the certificate details on chain: the metadata has no update authority.',
      failed: 'The certificate details on chain can still be changed: the metadata has an update authority.',
    },
    metadataHash: {
      ok: 'The fingerprint written on chain matches the certificate details.',
      failed: 'The certificate details do not match the fingerprint written on chain.',
    },
    holder: {
      ok: 'The certificate token is held by the retiring wallet.',
      failed: 'The certificate token is not held by the retiring wallet.',
    },
  },
} as const;

/** The order in which the checks are shown (the verification page, the API answer). */
export const CERTIFICATE_CHECKS = [
  'burnConfirmed',
  'burnMatches',
  'certificateMint',
  'nonTransferable',
  'accountFrozen',
  'mintAuthorityRemoved',
  'metadataImmutable',
  'metadataHash',
  'holder',
] as const;
export type CertificateCheck = (typeof CERTIFICATE_CHECKS)[number];

/** Certificate numbers are short, human and unique across tenants, e.g. "CLC-2026-4F7Q2K9M". */
export const certificateNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, certificateTexts.notFound);

export const certificateIdParams = z.object({ id: z.uuid() });
export const certificateNumberParams = z.object({ number: certificateNumberSchema });

export const certificateExplorerLinksSchema = z.object({
  transaction: z.string(),
  certificateMint: z.string(),
});

/** The facts anyone may read on the verification page: no personal data (the beneficiary's name stays private). */
export const publicCertificateSchema = z.object({
  number: z.string(),
  /** Base units of the project token (tCO2e × 10^decimals). */
  amount: bigintString,
  decimals: z.number().int(),
  tokenSymbol: z.string(),
  tokenMint: z.string(),
  /** When the certificate was issued (ISO 8601). */
  date: z.string(),
  reason: retirementReasonSchema,
  projectId: z.string(),
  projectName: z.string(),
  developer: z.string(),
  location: z.string(),
  methodology: z.string(),
  standard: z.string(),
  vintage: z.number().int(),
  registry: registryIdSchema,
  registryReference: z.string().nullable(),
  /** Where the credits were retired for use (ISO 3166-1 country, optional ISO 3166-2 subdivision). */
  country: z.string(),
  subdivision: z.string().nullable(),
  /** The burn transaction's signature (docs/product.md "transaction hash"). */
  transactionHash: z.string(),
  certificateMint: z.string(),
  holderAddress: z.string(),
  /** sha256 (hex) of the canonical certificate facts, also written in the on-chain metadata. */
  metadataHash: z.string(),
  explorer: certificateExplorerLinksSchema,
  /** The public verification page this certificate's QR code leads to. */
  verifyUrl: z.string(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** docs/product.md §3 Certificate as the signed-in viewer shows it: the public facts plus the beneficiary. */
export const certificateSchema = publicCertificateSchema.extend({
  id: z.uuid(),
  retirementId: z.uuid(),
  companyId: z.uuid(),
  beneficiary: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListQuery = z
  .object({
    /** Matches the certificate number, the project (name or id) or the beneficiary. */
    search: singleLineText().trim().max(100).optional(),
    /** Administrators may look at one company; everyone else sees their own company's certificates. */
    companyId: z.uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(pageWithinListWindow, pageBeyondListWindowIssue);
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

export const certificateListSchema = z.object({
  items: z.array(certificateSchema),
  ...cappedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CertificateList = z.infer<typeof certificateListSchema>;

export const certificateQrQuery = z.object({ format: z.enum(['png', 'svg']).default('png') });

export const verificationCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

/** The public verification: valid only when every check against the chain passes. */
export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  /** certificateTexts.valid or certificateTexts.invalid. */
  verdict: z.string(),
  checkedAt: z.string(),
  checks: z.object({
    burnConfirmed: verificationCheckSchema,
    burnMatches: verificationCheckSchema,
    certificateMint: verificationCheckSchema,
    nonTransferable: verificationCheckSchema,
    accountFrozen: verificationCheckSchema,
    mintAuthorityRemoved: verificationCheckSchema,
    metadataImmutable: verificationCheckSchema,
    metadataHash: verificationCheckSchema,
    holder: verificationCheckSchema,
  } satisfies Record<CertificateCheck, typeof verificationCheckSchema>),
  certificate: publicCertificateSchema,
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The public verification page of a certificate, e.g. https://app.example/verify/CLC-2026-4F7Q2K9M. */
export function certificateVerifyPath(number: string): string {
  return `/verify/${encodeURIComponent(number)}`;
}
