import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { blockhash, generateKeyPairSigner } from '@solana/kit';
import {
  MAX_TRANSACTION_WIRE_SIZE,
  buildTransactionMessage,
  findHolderTokenAccount,
  getRetireWithCertificateInstructionsAsync,
  transactionWireSize,
} from '@carbonledger/chain';
import {
  MAX_CERTIFICATE_URI_LENGTH,
  beneficiaryHash,
  certificateFacts,
  certificateFactsHash,
  certificateMetadata,
  type CertificateFacts,
} from './certificate-facts';

async function facts(): Promise<CertificateFacts> {
  const id = randomUUID();
  return {
    number: 'CLC-2026-ABCDEFGH',
    retirementId: id,
    holderAddress: (await generateKeyPairSigner()).address,
    certificateMint: (await generateKeyPairSigner()).address,
    tokenMint: (await generateKeyPairSigner()).address,
    amount: 123_456_789_012n,
    decimals: 0,
    projectId: '3107',
    registry: 'sandbox',
    vintage: 2023,
    reason: 'net_zero_commitment',
    country: 'BR',
    subdivision: 'BR-SP',
    beneficiaryHash: beneficiaryHash(id, 'Verde Energia S.A.'),
  };
}

async function retirementWireSize(uri: string, amount = 123_456_789_012n): Promise<number> {
  const holder = await generateKeyPairSigner();
  const projectMint = (await generateKeyPairSigner()).address;
  const certificateFacts = { ...(await facts()), amount };
  const instructions = await getRetireWithCertificateInstructionsAsync({
    account: await findHolderTokenAccount(holder.address, projectMint),
    projectMint,
    decimals: 0,
    burnAuthority: holder,
    amount: certificateFacts.amount,
    memo: `carbonledger:retirement:${certificateFacts.retirementId}`,
    certificate: {
      payer: holder,
      certificateMint: await generateKeyPairSigner(),
      issuer: await generateKeyPairSigner(),
      holder: holder.address,
      metadata: certificateMetadata(certificateFacts, uri),
      mintLamports: 5_000_000n,
    },
  });
  return transactionWireSize(
    buildTransactionMessage({
      feePayer: holder,
      lifetime: { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
      instructions,
    }),
  );
}

describe('certificate facts', () => {
  it('fit burn + certificate in one transaction with the longest verification link written on chain', async () => {
    expect(await retirementWireSize(`https://${'x'.repeat(MAX_CERTIFICATE_URI_LENGTH - 8)}`)).toBeLessThanOrEqual(MAX_TRANSACTION_WIRE_SIZE);
  });

  it('fit it too for the largest amount a token account can hold (20 digits of tonnes)', async () => {
    expect(await retirementWireSize(`https://${'x'.repeat(MAX_CERTIFICATE_URI_LENGTH - 8)}`, 2n ** 64n - 1n)).toBeLessThanOrEqual(MAX_TRANSACTION_WIRE_SIZE);
  });

  it('name the certificate token by its number and write the tonnes and the facts hash as fields', async () => {
    const certified = await facts();
    const metadata = certificateMetadata(certified, 'https://carbonledger.test/verify/CLC-2026-ABCDEFGH');
    expect(metadata.name).toBe('CLC-2026-ABCDEFGH');
    expect(metadata.additionalFields).toEqual([
      ['tonnes', '123456789012'],
      ['facts', certificateFactsHash(certified)],
    ]);
  });

  it('leave a longer link off chain instead of making the transaction too large', async () => {
    const metadata = certificateMetadata(await facts(), `https://${'x'.repeat(200)}`);
    expect(metadata.uri).toBe('');
  });

  it('hash the same facts to the same fingerprint and any changed fact to another', async () => {
    const base = await facts();
    expect(certificateFactsHash({ ...base })).toBe(certificateFactsHash(base));
    expect(certificateFactsHash({ ...base, amount: base.amount + 1n })).not.toBe(certificateFactsHash(base));
    expect(certificateFactsHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('take only the certified facts from a row, so its other columns leave the fingerprint alone', async () => {
    const expected = await facts();
    const { number, retirementId, holderAddress, certificateMint, beneficiaryHash: hashedBeneficiary, ...credits } = expected;
    const row = { ...credits, id: randomUUID(), projectName: 'Texas Panhandle Wind Energy', beneficiaryName: 'Verde Energia S.A.', createdAt: new Date() };
    const built = certificateFacts({ number, retirementId, holderAddress, certificateMint, beneficiaryHash: hashedBeneficiary }, row);
    expect(built).toStrictEqual(expected);
    expect(certificateFactsHash(built)).toBe(certificateFactsHash(expected));
  });
});
