// What a retirement writes into its certificate: the number, the fingerprinted facts, the burn's on-chain metadata.
import { randomInt } from 'node:crypto';
import { generateKeyPairSigner } from '@solana/kit';
import { certificateFacts, certificateMetadata, type CertificateFacts } from '../../lib/certificate-facts';
import { certificateVerifyUrl } from '../certificates';
import type { BurnSpec } from './retirements.chain';
import type { RetirementRow } from './retirements.repository';

const CERTIFICATE_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newCertificateNumber(now: Date): string {
  const suffix = Array.from({ length: 8 }, () => CERTIFICATE_NUMBER_ALPHABET[randomInt(CERTIFICATE_NUMBER_ALPHABET.length)]).join('');
  return `CLC-${now.getUTCFullYear()}-${suffix}`;
}

export function factsOf(row: RetirementRow, certificateMint: string): CertificateFacts {
  return certificateFacts(
    { number: row.certificateNumber, retirementId: row.id, holderAddress: row.walletAddress, certificateMint, beneficiaryHash: row.beneficiaryHash },
    row,
  );
}

/** The burn with a freshly generated certificate mint, whose metadata points at the public verification page. */
export async function burnSpec(publicBaseUrl: string, row: RetirementRow): Promise<BurnSpec> {
  const certificateMint = await generateKeyPairSigner();
  return {
    tenantId: row.tenantId,
    retirementId: row.id,
    holder: row.walletAddress,
    tokenMint: row.tokenMint,
    decimals: row.decimals,
    amount: row.amount,
    certificateMint,
    metadata: certificateMetadata(factsOf(row, certificateMint.address), certificateVerifyUrl(publicBaseUrl, row.certificateNumber)),
    createdBy: row.userId,
  };
}
