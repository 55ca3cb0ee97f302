import { beforeAll, describe, expect, it } from 'vitest';
import { blockhash, generateKeyPairSigner, none, some, type Address, type KeyPairSigner } from '@solana/kit';
import {
  AuthorityType,
  getBurnCheckedInstruction,
  getCloseAccountInstruction,
  getRemoveTokenMetadataKeyInstruction,
  getSetAuthorityInstruction,
  getTransferInstruction,
  getUpdateMetadataPointerInstruction,
  getUpdateTokenMetadataFieldInstruction,
  getUpdateTokenMetadataUpdateAuthorityInstruction,
  isExtension,
  tokenMetadataField,
} from '@solana-program/token-2022';
import { openEmbeddedChain, type EmbeddedChainClient } from '../drivers/embedded';
import type { SendOutcome } from '../client';
import { customErrorCode } from '../transaction-error';
import { execute, executeOrThrow, fundedSigner } from '../testing/helpers';
import { buildTransactionMessage, MAX_TRANSACTION_WIRE_SIZE, transactionWireSize } from './transaction';
import {
  getCreateHolderTokenAccountInstructionAsync,
  findHolderTokenAccount,
  projectMintLayout,
  getCreateProjectMintInstructions,
  getMintTokensInstruction,
  getThawTokenAccountInstruction,
  getTransferTokensInstruction,
  type TokenMetadataInput,
} from './token';
import { certificateMintLayout, getRetireWithCertificateInstructionsAsync, type RetirementInput } from './certificate';

/** The Token-2022 errors the refusals below must come from (TokenError, then the token-metadata interface's). */
const FIXED_SUPPLY = 5;
const NON_NATIVE_HAS_BALANCE = 11;
const MINT_CANNOT_FREEZE = 16;
const ACCOUNT_FROZEN = 17;
const NO_AUTHORITY_EXISTS = 29;
const IMMUTABLE_METADATA = 901_952_961;

const RETIREMENT_ID = '7d9f3a52-2c4e-4b8e-9a51-0f6a3c2d1e77';

/**
 * The metadata the API writes (apps/api/src/lib/certificate-facts.ts): the certificate number
 * as the name, the tonnes and the sha256 hex of the facts, and the longest verification link it
 * writes on chain (80 characters).
 */
function apiCertificateMetadata(tonnes: string): TokenMetadataInput {
  return {
    name: 'CLC-2026-4F7Q2K9M',
    symbol: 'CLCERT',
    uri: `https://carbonledger.example.com/verify/CLC-2026-4F7Q2K9M`.padEnd(80, 'x'),
    additionalFields: [
      ['tonnes', tonnes],
      ['facts', 'c0ffee'.padEnd(64, '0')],
    ],
  };
}

describe('a soulbound, immutable retirement certificate on the embedded chain', () => {
  let chain: EmbeddedChainClient;
  let issuer: KeyPairSigner;
  let freezeKey: KeyPairSigner;
  let projectMint: KeyPairSigner;

  /** A holder with 30 project tokens who retires 10 of them with a certificate, as the product does. */
  async function retireWithCertificate(metadata: TokenMetadataInput) {
    const holder = await fundedSigner(chain);
    const account = await findHolderTokenAccount(holder.address, projectMint.address);
    await executeOrThrow(chain, issuer, [
      await getCreateHolderTokenAccountInstructionAsync({ payer: issuer, owner: holder.address, mint: projectMint.address }),
    ]);
    await executeOrThrow(chain, freezeKey, [getThawTokenAccountInstruction({ account, mint: projectMint.address, freezeAuthority: freezeKey })]);
    await executeOrThrow(chain, issuer, [getMintTokensInstruction({ mint: projectMint.address, destination: account, issuer, amount: 30n, decimals: 0 })]);
    const certificateMint = await generateKeyPairSigner();
    const instructions = await getRetireWithCertificateInstructionsAsync({
      account,
      projectMint: projectMint.address,
      decimals: 0,
      burnAuthority: holder,
      amount: 10n,
      memo: `carbonledger:retirement:${RETIREMENT_ID}`,
      certificate: {
        payer: holder,
        certificateMint,
        issuer,
        holder: holder.address,
        metadata,
        mintLamports: await chain.getMinimumBalanceForRentExemption(certificateMintLayout(metadata).finalSize),
      },
    });
    await executeOrThrow(chain, holder, instructions);
    return { holder, account, mint: certificateMint.address, certificateAccount: await findHolderTokenAccount(holder.address, certificateMint.address) };
  }

  /** Runs one attempt in a block of its own (a retried identical transaction would be a duplicate) and answers its Token-2022 error code. */
  async function refusal(feePayer: KeyPairSigner, instructions: Parameters<typeof execute>[2]): Promise<number | null> {
    chain.advanceBlocks(1);
    const outcome: SendOutcome = await execute(chain, feePayer, instructions);
    expect(outcome.status).toBe('failed');
    return customErrorCode(outcome.status === 'failed' ? outcome.err : null);
  }

  beforeAll(async () => {
    chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    issuer = await fundedSigner(chain);
    freezeKey = await fundedSigner(chain);
    projectMint = await generateKeyPairSigner();
    const metadata: TokenMetadataInput = { name: 'Cerrado Reforestation 2023', symbol: 'CRF23', uri: 'https://carbonledger.test/projects/crf23.json' };
    const mintLamports = await chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize);
    await executeOrThrow(
      chain,
      issuer,
      getCreateProjectMintInstructions({ payer: issuer, mint: projectMint, issuer, freezeAuthority: freezeKey.address, metadata, mintLamports }),
    );
  });

  it('issues supply 1 into a frozen holder account, with no mint, freeze, metadata or pointer authority left', async () => {
    const metadata = apiCertificateMetadata('10');
    const { holder, account, mint, certificateAccount } = await retireWithCertificate(metadata);

    expect(await chain.getTokenAccount(account)).toMatchObject({ amount: 20n });
    const certificate = (await chain.getMint(mint))!;
    expect(certificate).toMatchObject({ supply: 1n, decimals: 0, mintAuthority: null, freezeAuthority: null });
    expect(certificate.extensions.some((extension) => isExtension('NonTransferable', extension))).toBe(true);
    const pointer = certificate.extensions.find((extension) => isExtension('MetadataPointer', extension));
    expect(pointer).toMatchObject({ authority: { __option: 'None' }, metadataAddress: { __option: 'Some', value: mint } });
    const onChain = certificate.extensions.find((extension) => isExtension('TokenMetadata', extension));
    expect(onChain).toMatchObject({ updateAuthority: { __option: 'None' }, name: metadata.name, symbol: metadata.symbol, uri: metadata.uri });
    expect(onChain && 'additionalMetadata' in onChain ? Object.fromEntries(onChain.additionalMetadata) : null).toEqual(
      Object.fromEntries(metadata.additionalFields!),
    );
    expect(await chain.getTokenAccount(certificateAccount)).toMatchObject({ owner: holder.address, amount: 1n, frozen: true });
  });

  it('refuses on chain the holder transferring, burning or closing the certificate, and the platform thawing it', async () => {
    const { holder, mint, certificateAccount } = await retireWithCertificate(apiCertificateMetadata('10'));
    const other = await fundedSigner(chain);
    await executeOrThrow(chain, other, [await getCreateHolderTokenAccountInstructionAsync({ payer: other, owner: other.address, mint })]);
    const otherAccount = await findHolderTokenAccount(other.address, mint);

    const transferChecked = getTransferTokensInstruction({
      source: certificateAccount,
      destination: otherAccount,
      mint,
      authority: holder,
      amount: 1n,
      decimals: 0,
    });
    expect(await refusal(holder, [transferChecked])).toBe(ACCOUNT_FROZEN);
    expect(await refusal(holder, [getTransferInstruction({ source: certificateAccount, destination: otherAccount, authority: holder, amount: 1n })])).toBe(
      ACCOUNT_FROZEN,
    );
    // The attack that NonTransferable alone let through: the holder burns its own certificate.
    expect(await refusal(holder, [getBurnCheckedInstruction({ account: certificateAccount, mint, authority: holder, amount: 1n, decimals: 0 })])).toBe(
      ACCOUNT_FROZEN,
    );
    expect(await refusal(holder, [getCloseAccountInstruction({ account: certificateAccount, destination: holder.address, owner: holder })])).toBe(
      NON_NATIVE_HAS_BALANCE,
    );
    // Nobody keeps the freeze authority, so nobody can thaw the account and then burn.
    expect(await refusal(issuer, [getThawTokenAccountInstruction({ account: certificateAccount, mint, freezeAuthority: issuer })])).toBe(MINT_CANNOT_FREEZE);
    expect(await refusal(holder, [getThawTokenAccountInstruction({ account: certificateAccount, mint, freezeAuthority: holder })])).toBe(MINT_CANNOT_FREEZE);

    expect(await chain.getMint(mint)).toMatchObject({ supply: 1n });
    expect(await chain.getTokenAccount(certificateAccount)).toMatchObject({ owner: holder.address, amount: 1n, frozen: true });
  });

  it('refuses on chain any change of the facts: metadata fields, update authority, metadata pointer, mint authority', async () => {
    const metadata = apiCertificateMetadata('10');
    const { mint } = await retireWithCertificate(metadata);

    const rewriteFacts = getUpdateTokenMetadataFieldInstruction({
      metadata: mint,
      updateAuthority: issuer,
      field: tokenMetadataField('Key', ['facts']),
      value: 'f'.repeat(64),
    });
    expect(await refusal(issuer, [rewriteFacts])).toBe(IMMUTABLE_METADATA);
    expect(
      await refusal(issuer, [
        getUpdateTokenMetadataFieldInstruction({ metadata: mint, updateAuthority: issuer, field: tokenMetadataField('Name'), value: 'Forged' }),
      ]),
    ).toBe(IMMUTABLE_METADATA);
    expect(await refusal(issuer, [getRemoveTokenMetadataKeyInstruction({ metadata: mint, updateAuthority: issuer, key: 'facts', idempotent: false })])).toBe(
      IMMUTABLE_METADATA,
    );
    expect(
      await refusal(issuer, [
        getUpdateTokenMetadataUpdateAuthorityInstruction({ metadata: mint, updateAuthority: issuer, newUpdateAuthority: some(issuer.address) }),
      ]),
    ).toBe(IMMUTABLE_METADATA);
    // Wallets and explorers follow the pointer: pointing it at other metadata would rewrite the facts they show.
    const elsewhere: Address = (await generateKeyPairSigner()).address;
    expect(await refusal(issuer, [getUpdateMetadataPointerInstruction({ mint, metadataPointerAuthority: issuer, metadataAddress: some(elsewhere) })])).toBe(
      NO_AUTHORITY_EXISTS,
    );
    expect(
      await refusal(issuer, [
        getSetAuthorityInstruction({ owned: mint, owner: issuer, authorityType: AuthorityType.MintTokens, newAuthority: some(issuer.address) }),
      ]),
    ).toBe(FIXED_SUPPLY);

    const onChain = (await chain.getMint(mint))!.extensions.find((extension) => isExtension('TokenMetadata', extension));
    expect(onChain).toMatchObject({ name: metadata.name, updateAuthority: none() });
    expect(onChain && 'additionalMetadata' in onChain ? onChain.additionalMetadata.get('facts') : null).toBe('c0ffee'.padEnd(64, '0'));
    expect(await chain.getMint(mint)).toMatchObject({ supply: 1n, mintAuthority: null });
  });

  describe('fits burn + memo + certificate in one transaction (1,232 bytes)', () => {
    async function wireSize(metadata: TokenMetadataInput): Promise<number> {
      const holder = await generateKeyPairSigner();
      const mint = (await generateKeyPairSigner()).address;
      const input: RetirementInput = {
        account: await findHolderTokenAccount(holder.address, mint),
        projectMint: mint,
        decimals: 0,
        burnAuthority: holder,
        amount: 18_446_744_073_709_551_615n,
        memo: `carbonledger:retirement:${RETIREMENT_ID}`,
        certificate: {
          payer: holder,
          certificateMint: await generateKeyPairSigner(),
          issuer: await generateKeyPairSigner(),
          holder: holder.address,
          metadata,
          mintLamports: 5_000_000n,
        },
      };
      const lifetime = { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n };
      return transactionWireSize(buildTransactionMessage({ feePayer: holder, lifetime, instructions: await getRetireWithCertificateInstructionsAsync(input) }));
    }

    it('with the metadata the API writes, even for the largest amount a token can hold', async () => {
      expect(await wireSize(apiCertificateMetadata('10'))).toBeLessThanOrEqual(MAX_TRANSACTION_WIRE_SIZE);
      expect(await wireSize(apiCertificateMetadata('18446744073709551615'))).toBeLessThanOrEqual(MAX_TRANSACTION_WIRE_SIZE);
    });
  });
});
