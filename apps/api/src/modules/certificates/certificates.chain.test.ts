import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { generateKeyPairSigner, getBase58Decoder, none, some, type KeyPairSigner } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  getBurnCheckedInstruction,
  getInitializeMetadataPointerInstruction,
  getInitializeMintInstruction,
  getInitializeNonTransferableMintInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token-2022';
import {
  buildTransactionMessage,
  certificateMintLayout,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getMintTokensInstruction,
  openEmbeddedChain,
  projectMintLayout,
  getRetireWithCertificateInstructionsAsync,
  signTransaction,
  getThawTokenAccountInstruction,
  toWireTransaction,
  getTokenMetadataInstructions,
  TOKEN_2022_PROGRAM_ADDRESS,
  type EmbeddedChainClient,
  type TokenMetadataInput,
} from '@carbonledger/chain';
import { executeOrThrow, fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { CERTIFICATE_CHECKS, certificateTexts } from '@carbonledger/contracts';
import { verifyCertificateOnChain, type ClaimedCertificate } from './certificates.chain';

const RETIREMENT_ID = '7d9f3a52-2c4e-4b8e-9a51-0f6a3c2d1e77';
const MEMO = `carbonledger:retirement:${RETIREMENT_ID}`;
const HASH = 'c0ffee'.padEnd(64, '0');
/** Every check about the certificate token fails when the address is not a certificate. */
const NOT_A_CERTIFICATE = ['certificateMint', 'nonTransferable', 'accountFrozen', 'mintAuthorityRemoved', 'metadataImmutable', 'metadataHash', 'holder'];

describe('verifying a certificate against the embedded chain', () => {
  let chain: EmbeddedChainClient;
  let issuer: KeyPairSigner;
  let holder: KeyPairSigner;
  let projectMint: KeyPairSigner;
  let claim: ClaimedCertificate;
  let certificateMetadata: TokenMetadataInput;

  const failed = async (changes: Partial<ClaimedCertificate>) => {
    const checks = await verifyCertificateOnChain(chain, { ...claim, ...changes });
    return CERTIFICATE_CHECKS.filter((name) => !checks[name].ok);
  };

  beforeAll(async () => {
    chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    issuer = await fundedSigner(chain);
    const freeze = await fundedSigner(chain);
    holder = await fundedSigner(chain);
    projectMint = await generateKeyPairSigner();
    const projectMetadata: TokenMetadataInput = { name: 'Texas Wind 2023', symbol: 'TXW23', uri: 'https://carbonledger.test/p.json' };
    await executeOrThrow(
      chain,
      payer,
      getCreateProjectMintInstructions({
        payer,
        mint: projectMint,
        issuer,
        freezeAuthority: freeze.address,
        metadata: projectMetadata,
        mintLamports: await chain.getMinimumBalanceForRentExemption(projectMintLayout(projectMetadata).finalSize),
      }),
    );
    const account = await findHolderTokenAccount(holder.address, projectMint.address);
    await executeOrThrow(chain, payer, [await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: projectMint.address })]);
    await executeOrThrow(chain, freeze, [getThawTokenAccountInstruction({ account, mint: projectMint.address, freezeAuthority: freeze })]);
    await executeOrThrow(chain, payer, [getMintTokensInstruction({ mint: projectMint.address, destination: account, issuer, amount: 100n, decimals: 0 })]);

    const certificateMint = await generateKeyPairSigner();
    const metadata: TokenMetadataInput = {
      name: 'CLC-2026-4F7Q2K9M',
      symbol: 'CLCERT',
      uri: 'https://carbonledger.test/c.json',
      additionalFields: [['hash', HASH]],
    };
    certificateMetadata = metadata;
    const instructions = await getRetireWithCertificateInstructionsAsync({
      account,
      projectMint: projectMint.address,
      decimals: 0,
      burnAuthority: holder,
      amount: 25n,
      memo: MEMO,
      certificate: {
        payer: holder,
        certificateMint,
        issuer,
        holder: holder.address,
        metadata,
        mintLamports: await chain.getMinimumBalanceForRentExemption(certificateMintLayout(metadata).finalSize),
      },
    });
    const wire = toWireTransaction(
      await signTransaction(buildTransactionMessage({ feePayer: holder, lifetime: await chain.getLatestBlockhash(), instructions })),
    );
    const outcome = await chain.sendAndConfirm(wire);
    expect(outcome.status).toBe('confirmed');

    claim = {
      burnSignature: outcome.signature,
      burnTransaction: wire,
      tokenMint: projectMint.address,
      amount: 25n,
      decimals: 0,
      memo: MEMO,
      mintAddress: certificateMint.address,
      holderAddress: holder.address,
      recomputedHash: HASH,
      storedHash: HASH,
      hashField: 'hash',
    };
  });

  describe.each([
    ['read from the chain history', false],
    ['from the recorded bytes once the chain history is pruned', true],
  ])('the burn %s', (_name, pruned) => {
    const verify = (changes: Partial<ClaimedCertificate> = {}) => {
      const client = pruned ? { ...chain, getTransaction: async () => null } : chain;
      return verifyCertificateOnChain(client, { ...claim, ...changes });
    };
    const failedHere = async (changes: Partial<ClaimedCertificate>) => {
      const checks = await verify(changes);
      return CERTIFICATE_CHECKS.filter((name) => !checks[name].ok);
    };

    it('passes every check for the real retirement, with the plain texts', async () => {
      const checks = await verify();
      for (const name of CERTIFICATE_CHECKS) expect(checks[name]).toEqual({ ok: true, message: certificateTexts.checks[name].ok });
    });

    it('fails the burn check when the stated amount, the token or the retirement differ from the burn', async () => {
      expect(await failedHere({ amount: 26n })).toEqual(['burnMatches']);
      expect(await failedHere({ tokenMint: holder.address })).toEqual(['burnMatches']);
      expect(await failedHere({ memo: 'carbonledger:retirement:another' })).toEqual(['burnMatches']);
    });

    it('fails the confirmation check for a signature the chain never saw', async () => {
      const unknown = getBase58Decoder().decode(randomBytes(64));
      expect(await failedHere({ burnSignature: unknown })).toEqual(['burnConfirmed', 'burnMatches']);
    });
  });

  it('reads the burn from the chain: the recorded bytes are not needed, and the burn must come from the holder', async () => {
    expect(await failed({ burnTransaction: null })).toEqual([]);
    expect(await failed({ holderAddress: issuer.address })).toEqual(['burnMatches', 'accountFrozen', 'holder']);
  });

  describe('once the chain history is pruned', () => {
    const failedPruned = async (changes: Partial<ClaimedCertificate>) => {
      const checks = await verifyCertificateOnChain({ ...chain, getTransaction: async () => null }, { ...claim, ...changes });
      return CERTIFICATE_CHECKS.filter((name) => !checks[name].ok);
    };

    it('does not accept recorded bytes that are missing or not the transaction behind the signature', async () => {
      expect(await failedPruned({ burnTransaction: null })).toEqual(['burnMatches']);
      expect(await failedPruned({ burnTransaction: await signedWire(chain, holder, []) })).toEqual(['burnMatches']);
      expect(await failedPruned({ burnTransaction: 'not a transaction' })).toEqual(['burnMatches']);
    });
  });

  it('fails the hash check when the stored facts or the stored hash were changed', async () => {
    expect(await failed({ recomputedHash: 'f'.repeat(64) })).toEqual(['metadataHash']);
    expect(await failed({ storedHash: 'f'.repeat(64) })).toEqual(['metadataHash']);
    expect(await failed({ hashField: 'missing' })).toEqual(['metadataHash']);
  });

  it('fails the certificate checks when the certificate mint does not exist, whatever the address', async () => {
    const missing = (await generateKeyPairSigner()).address;
    expect(await failed({ mintAddress: missing })).toEqual(NOT_A_CERTIFICATE);
    expect(await failed({ mintAddress: 'not-an-address' })).toEqual(NOT_A_CERTIFICATE);
  });

  it('fails the soulbound checks for an ordinary token (the project mint): supply, transferable, frozen, mint authority, immutable metadata, hash, single token', async () => {
    expect(await failed({ mintAddress: projectMint.address })).toEqual(NOT_A_CERTIFICATE);
  });

  it('reports a certificate made as before certificates were locked truthfully: burnable and rewritable, then burned by its holder', async () => {
    // NonTransferable alone: no freeze of the holder's account, the issuer kept as metadata and pointer authority.
    const legacy = await generateKeyPairSigner();
    const mint = legacy.address;
    const holderAccount = await findHolderTokenAccount(holder.address, mint);
    const { space, finalSize } = certificateMintLayout(certificateMetadata);
    await executeOrThrow(chain, holder, [
      getCreateAccountInstruction({
        payer: holder,
        newAccount: legacy,
        lamports: await chain.getMinimumBalanceForRentExemption(finalSize),
        space,
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getInitializeMetadataPointerInstruction({ mint, authority: some(issuer.address), metadataAddress: some(mint) }),
      getInitializeNonTransferableMintInstruction({ mint }),
      getInitializeMintInstruction({ mint, decimals: 0, mintAuthority: issuer.address, freezeAuthority: none() }),
      ...getTokenMetadataInstructions(mint, issuer, certificateMetadata),
      await getCreateHolderTokenAccountInstructionAsync({ payer: holder, owner: holder.address, mint }),
      getMintTokensInstruction({ mint, destination: holderAccount, issuer, amount: 1n, decimals: 0 }),
      getSetAuthorityInstruction({ owned: mint, owner: issuer, authorityType: AuthorityType.MintTokens, newAuthority: none() }),
    ]);
    expect(await failed({ mintAddress: mint })).toEqual(['accountFrozen', 'metadataImmutable']);

    await executeOrThrow(chain, holder, [getBurnCheckedInstruction({ account: holderAccount, mint, authority: holder, amount: 1n, decimals: 0 })]);
    expect(await failed({ mintAddress: mint })).toEqual(['certificateMint', 'accountFrozen', 'metadataImmutable', 'holder']);
  });
});
