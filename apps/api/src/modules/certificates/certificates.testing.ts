import { randomUUID } from 'node:crypto';
import { generateKeyPairSigner } from '@solana/kit';
import {
  buildTransactionMessage,
  certificateMintLayout,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getMintTokensInstruction,
  projectMintLayout,
  getRetireWithCertificateInstructionsAsync,
  signTransaction,
  getThawTokenAccountInstruction,
  toWireTransaction,
  type TokenMetadataInput,
} from '@carbonledger/chain';
import { executeOrThrow, fundedSigner } from '@carbonledger/chain/testing';
import type { RetirementReason } from '@carbonledger/contracts';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { certificates, chainSubmissions, companyWallets, retirements } from '../../db/schema';
import { beneficiaryHash, certificateFactsHash, certificateMetadata, type CertificateFacts } from '../../lib/certificate-facts';
import { retirementMemo } from './certificates.chain';
import { certificateVerifyUrl } from './certificates.service';

export interface TestCertificateInput {
  tenantId: string;
  companyId: string;
  number: string;
  beneficiaryName?: string;
  projectName?: string;
  amount?: bigint;
  reason?: RetirementReason;
  issuedAt?: Date;
}

/**
 * A retirement as it lands: a project mint, tokens in a holder's wallet, then BurnChecked +
 * memo + the soulbound certificate in one transaction on the app's chain, and the rows the
 * retirement flow records (wallet, submission with the signed bytes, retirement, certificate).
 */
export async function issueTestCertificate(app: App, input: TestCertificateInput) {
  const chain = app.chain;
  const amount = input.amount ?? 25n;
  const issuer = await fundedSigner(chain);
  const freeze = await fundedSigner(chain);
  const holder = await fundedSigner(chain);
  const projectMint = await generateKeyPairSigner();
  const projectMetadata: TokenMetadataInput = { name: 'Texas Wind 2023', symbol: 'TXW23', uri: 'https://carbonledger.test/p.json' };
  await executeOrThrow(
    chain,
    issuer,
    getCreateProjectMintInstructions({
      payer: issuer,
      mint: projectMint,
      issuer,
      freezeAuthority: freeze.address,
      metadata: projectMetadata,
      mintLamports: await chain.getMinimumBalanceForRentExemption(projectMintLayout(projectMetadata).finalSize),
    }),
  );
  const account = await findHolderTokenAccount(holder.address, projectMint.address);
  await executeOrThrow(chain, issuer, [await getCreateHolderTokenAccountInstructionAsync({ payer: issuer, owner: holder.address, mint: projectMint.address })]);
  await executeOrThrow(chain, freeze, [getThawTokenAccountInstruction({ account, mint: projectMint.address, freezeAuthority: freeze })]);
  await executeOrThrow(chain, issuer, [
    getMintTokensInstruction({ mint: projectMint.address, destination: account, issuer, amount: amount * 4n, decimals: 0 }),
  ]);

  const retirementId = randomUUID();
  const beneficiaryName = input.beneficiaryName ?? 'Verde Energia S.A.';
  const certificateMint = await generateKeyPairSigner();
  const facts: CertificateFacts = {
    number: input.number,
    retirementId,
    holderAddress: holder.address,
    certificateMint: certificateMint.address,
    tokenMint: projectMint.address,
    amount,
    decimals: 0,
    projectId: '3107',
    registry: 'sandbox',
    vintage: 2023,
    reason: input.reason ?? 'voluntary_offset',
    country: 'BR',
    subdivision: 'BR-SP',
    beneficiaryHash: beneficiaryHash(retirementId, beneficiaryName),
  };
  const metadata = certificateMetadata(facts, certificateVerifyUrl('http://localhost:3000', input.number));
  const instructions = await getRetireWithCertificateInstructionsAsync({
    account,
    projectMint: projectMint.address,
    decimals: 0,
    burnAuthority: holder,
    amount,
    memo: retirementMemo(retirementId),
    certificate: {
      payer: holder,
      certificateMint,
      issuer,
      holder: holder.address,
      metadata,
      mintLamports: await chain.getMinimumBalanceForRentExemption(certificateMintLayout(metadata).finalSize),
    },
  });
  const lifetime = await chain.getLatestBlockhash();
  const signed = await signTransaction(buildTransactionMessage({ feePayer: holder, lifetime, instructions }));
  const wire = toWireTransaction(signed);
  const outcome = await chain.sendAndConfirm(wire);
  if (outcome.status !== 'confirmed') throw new Error(`test retirement ${outcome.status}`);

  const issuedAt = input.issuedAt ?? new Date();
  const certificate = await app.db.asSystem(async (tx) => {
    const [wallet] = await tx
      .insert(companyWallets)
      .values({ tenantId: input.tenantId, companyId: input.companyId, address: holder.address, type: 'external', status: 'approved' })
      .returning();
    const [submission] = await tx
      .insert(chainSubmissions)
      .values({
        tenantId: input.tenantId,
        kind: 'retirement.burn',
        status: 'confirmed',
        messageBase64: Buffer.from(signed.messageBytes).toString('base64'),
        preparedTxBase64: wire,
        signedTxBase64: wire,
        signature: outcome.signature,
        lastValidBlockHeight: lifetime.lastValidBlockHeight,
        reference: { retirementId },
      })
      .returning();
    const common = {
      tenantId: input.tenantId,
      companyId: input.companyId,
      tokenMint: projectMint.address,
      tokenSymbol: 'TXW23',
      projectId: facts.projectId,
      projectName: input.projectName ?? 'Texas Wind Farm Portfolio',
      registry: 'sandbox' as const,
      vintage: facts.vintage,
      amount,
      decimals: 0,
      reason: facts.reason as RetirementReason,
      country: facts.country,
      subdivision: facts.subdivision,
      beneficiaryName,
      beneficiaryHash: facts.beneficiaryHash,
    };
    await tx.insert(retirements).values({
      ...common,
      id: retirementId,
      walletId: wallet!.id,
      walletAddress: holder.address,
      walletType: 'external',
      status: 'completed',
      certificateNumber: input.number,
      certificateMint: certificateMint.address,
      transactionId: submission!.id,
      signature: outcome.signature,
      completedAt: issuedAt,
    });
    const [row] = await tx
      .insert(certificates)
      .values({
        ...common,
        retirementId,
        number: input.number,
        mintAddress: certificateMint.address,
        holderAddress: holder.address,
        developer: 'Lone Star Renewables LLC',
        projectLocation: 'Texas, United States',
        methodology: 'ACM0002',
        standard: 'VCS',
        burnSignature: outcome.signature,
        certificateSignature: outcome.signature,
        metadataHash: certificateFactsHash(facts),
        issuedAt,
      })
      .returning();
    return row!;
  });
  return { certificate, holder, projectMint: projectMint.address };
}

/**
 * `count` more completed retirements like the certificate's, each with its certificate, copied in
 * one statement (no chain): enough rows for the lists' counting window (docs/lists.md) in a
 * second. Copy g is issued g minutes before the original, so the original stays the newest.
 */
export async function copyTestCertificates(app: App, original: typeof certificates.$inferSelect, count: number): Promise<void> {
  await app.db.asSystem((tx) =>
    tx.execute(sql`
      with copied as (
        insert into retirements (tenant_id, company_id, user_id, wallet_id, wallet_address, wallet_type, token_mint, token_symbol, project_id,
          project_name, registry, vintage, amount, decimals, reason, country, subdivision, memo, beneficiary_name, beneficiary_hash, status,
          certificate_number, certificate_mint, signature, created_at, updated_at, completed_at)
        select r.tenant_id, r.company_id, r.user_id, r.wallet_id, r.wallet_address, r.wallet_type, r.token_mint, r.token_symbol, r.project_id,
          r.project_name, r.registry, r.vintage, r.amount, r.decimals, r.reason, r.country, r.subdivision, r.memo, r.beneficiary_name,
          r.beneficiary_hash, 'completed', r.certificate_number || '-' || g, md5('mint' || r.id || g), r.signature,
          r.created_at - g * interval '1 minute', r.created_at - g * interval '1 minute', r.completed_at - g * interval '1 minute'
        from generate_series(1, ${count}::int) g cross join retirements r where r.id = ${original.retirementId}
        returning *)
      insert into certificates (tenant_id, company_id, retirement_id, number, mint_address, holder_address, amount, decimals, token_mint,
        token_symbol, project_id, project_name, developer, project_location, methodology, standard, vintage, registry, registry_reference,
        serial_numbers, beneficiary_name, beneficiary_hash, reason, country, subdivision, burn_signature, certificate_signature, metadata_hash,
        issued_at)
      select r.tenant_id, r.company_id, r.id, r.certificate_number, r.certificate_mint, c.holder_address, r.amount, r.decimals, r.token_mint,
        r.token_symbol, r.project_id, r.project_name, c.developer, c.project_location, c.methodology, c.standard, r.vintage, r.registry,
        c.registry_reference, c.serial_numbers, r.beneficiary_name, r.beneficiary_hash, r.reason, r.country, r.subdivision, c.burn_signature,
        c.certificate_signature, c.metadata_hash, r.completed_at
      from copied r cross join certificates c where c.id = ${original.id}`),
  );
}

/**
 * The text lines of an uncompressed PDF written by pdfkit with its standard fonts: each
 * TJ array holds one line as hex WinAnsi codes split by kerning numbers.
 */
export function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, part]) => part).join('');
    lines.push(decoder.decode(Buffer.from(hex, 'hex')));
  }
  return lines.join('\n');
}
