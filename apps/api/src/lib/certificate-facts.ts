import { createHash } from 'node:crypto';
import type { TokenMetadataInput } from '@carbonledger/chain';
import { canonicalJson } from './canonical-json';

/**
 * The facts a retirement certificate vouches for, fixed before the certificate is sent to the
 * chain. Their sha256 is written into the certificate's on-chain metadata (field "facts") and
 * stored as certificates.metadata_hash, so anyone holding the database row can check it
 * against the chain. No personal data: the beneficiary appears only as its hash.
 */
export interface CertificateFacts {
  number: string;
  retirementId: string;
  holderAddress: string;
  certificateMint: string;
  tokenMint: string;
  amount: bigint;
  decimals: number;
  projectId: string;
  registry: string;
  vintage: number;
  reason: string;
  country: string;
  subdivision: string | null;
  beneficiaryHash: string;
}

/** The facts the retirement and certificate rows both hold under these names. */
export type RetiredCreditFacts = Pick<
  CertificateFacts,
  'tokenMint' | 'amount' | 'decimals' | 'projectId' | 'registry' | 'vintage' | 'reason' | 'country' | 'subdivision'
>;

/**
 * A certificate's facts from its identity (named by the caller: the rows name these columns
 * differently) and the row of the retired credits. The credit facts are picked one by one, as
 * every column of the row would otherwise enter the hash.
 */
export function certificateFacts(
  certificate: Pick<CertificateFacts, 'number' | 'retirementId' | 'holderAddress' | 'certificateMint' | 'beneficiaryHash'>,
  credits: RetiredCreditFacts,
): CertificateFacts {
  return {
    number: certificate.number,
    retirementId: certificate.retirementId,
    holderAddress: certificate.holderAddress,
    certificateMint: certificate.certificateMint,
    tokenMint: credits.tokenMint,
    amount: credits.amount,
    decimals: credits.decimals,
    projectId: credits.projectId,
    registry: credits.registry,
    vintage: credits.vintage,
    reason: credits.reason,
    country: credits.country,
    subdivision: credits.subdivision,
    beneficiaryHash: certificate.beneficiaryHash,
  };
}

export function certificateFactsHash(facts: CertificateFacts): string {
  return createHash('sha256')
    .update(canonicalJson({ ...facts, amount: facts.amount.toString() }))
    .digest('hex');
}

/** The beneficiary's name stays off chain; salted with the retirement id so equal names do not give equal hashes. */
export function beneficiaryHash(retirementId: string, beneficiaryName: string): string {
  return createHash('sha256').update(`${retirementId}:${beneficiaryName.trim()}`).digest('hex');
}

/** Names of the certificate's on-chain metadata fields (the number is the token's name). */
export const CERTIFICATE_FIELDS = { tonnes: 'tonnes', facts: 'facts' } as const;

/**
 * Longest verification link written on chain. Burn + certificate with these fields and an
 * 80-character link stay under the 1,232-byte transaction limit; a longer PUBLIC_URL leaves
 * the uri empty (the number and the facts hash still identify the certificate).
 */
export const MAX_CERTIFICATE_URI_LENGTH = 80;

/**
 * The on-chain metadata of a certificate: kept small so burn + certificate fit one transaction
 * (docs/chain.md). The certificate number is the token's name rather than a field of its own:
 * each field costs an instruction, and the locking instructions of a soulbound certificate
 * left no room for it.
 */
export function certificateMetadata(facts: CertificateFacts, verifyUrl: string): TokenMetadataInput {
  const tonnes = facts.amount / 10n ** BigInt(facts.decimals);
  return {
    name: facts.number,
    symbol: 'CLCERT',
    uri: verifyUrl.length <= MAX_CERTIFICATE_URI_LENGTH ? verifyUrl : '',
    additionalFields: [
      [CERTIFICATE_FIELDS.tonnes, tonnes.toString()],
      [CERTIFICATE_FIELDS.facts, certificateFactsHash(facts)],
    ],
  };
}
