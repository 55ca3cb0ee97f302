import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  TOKEN_2022_PROGRAM_ADDRESS,
  extension,
  getInitializeMetadataPointerInstruction,
  getInitializeMintInstruction,
  getInitializeNonTransferableMintInstruction,
  getSetAuthorityInstruction,
  getUpdateTokenMetadataUpdateAuthorityInstruction,
  type ExtensionArgs,
} from '@solana-program/token-2022';
import { none, some, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import {
  getBurnWithMemoInstructions,
  getCreateHolderTokenAccountInstructionAsync,
  findHolderTokenAccount,
  getFreezeTokenAccountInstruction,
  layoutOf,
  getMintTokensInstruction,
  SIZING_PLACEHOLDER_ADDRESS,
  tokenMetadataExtension,
  getTokenMetadataInstructions,
  type MintLayout,
  type TokenMetadataInput,
} from './token';

function certificateExtensions(mint: Address, issuer: Address, metadata: TokenMetadataInput): { fixed: ExtensionArgs[]; metadata: ExtensionArgs } {
  return {
    fixed: [extension('MetadataPointer', { authority: none(), metadataAddress: some(mint) }), extension('NonTransferable', {})],
    metadata: tokenMetadataExtension(mint, issuer, metadata),
  };
}

export function certificateMintLayout(metadata: TokenMetadataInput): MintLayout {
  const extensions = certificateExtensions(SIZING_PLACEHOLDER_ADDRESS, SIZING_PLACEHOLDER_ADDRESS, metadata);
  return layoutOf(extensions.fixed, extensions.metadata);
}

export interface CertificateInput {
  payer: TransactionSigner;
  /** A fresh keypair: the certificate's own mint. */
  certificateMint: TransactionSigner;
  /** Signs as the mint, freeze and metadata update authority, each of which it gives up in the same transaction. */
  issuer: TransactionSigner;
  holder: Address;
  metadata: TokenMetadataInput;
  /** Rent-exempt minimum for `certificateMintLayout(...).finalSize`, read from the chain. */
  mintLamports: bigint;
}

/**
 * A soulbound retirement certificate: a NonTransferable Token-2022 mint with its metadata and
 * exactly one token in the holder's account. NonTransferable alone still lets the holder burn
 * the token (and then close the account), so the issuer freezes that account; a frozen account
 * can neither transfer, burn nor be closed. Then every authority is given up: mint (supply stays
 * 1), freeze (nobody, the platform included, can thaw it) and metadata update (the facts stay as
 * written). The metadata pointer is created without an authority, so it always names the mint.
 * The issuer signs as every temporary authority: a further signer would not fit (docs/chain.md).
 */
export async function getCreateCertificateInstructionsAsync(input: CertificateInput): Promise<Instruction[]> {
  const mint = input.certificateMint.address;
  const issuer = input.issuer;
  const { space } = certificateMintLayout(input.metadata);
  const holderAccount = await findHolderTokenAccount(input.holder, mint);
  return [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.certificateMint,
      lamports: input.mintLamports,
      space,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMetadataPointerInstruction({ mint, authority: none(), metadataAddress: some(mint) }),
    getInitializeNonTransferableMintInstruction({ mint }),
    getInitializeMintInstruction({ mint, decimals: 0, mintAuthority: issuer.address, freezeAuthority: some(issuer.address) }),
    ...getTokenMetadataInstructions(mint, issuer, input.metadata),
    await getCreateHolderTokenAccountInstructionAsync({ payer: input.payer, owner: input.holder, mint }),
    getMintTokensInstruction({ mint, destination: holderAccount, issuer, amount: 1n, decimals: 0 }),
    getFreezeTokenAccountInstruction({ account: holderAccount, mint, freezeAuthority: issuer }),
    getSetAuthorityInstruction({ owned: mint, owner: issuer, authorityType: AuthorityType.MintTokens, newAuthority: none() }),
    getSetAuthorityInstruction({ owned: mint, owner: issuer, authorityType: AuthorityType.FreezeAccount, newAuthority: none() }),
    getUpdateTokenMetadataUpdateAuthorityInstruction({ metadata: mint, updateAuthority: issuer, newUpdateAuthority: none() }),
  ];
}

export interface RetirementInput {
  /** The holder's token account of the project mint. */
  account: Address;
  projectMint: Address;
  decimals: number;
  /** The holder, or the platform retirement delegate for a scheduled retirement. */
  burnAuthority: TransactionSigner;
  amount: bigint;
  /** Written on chain with the burn, e.g. "carbonledger:retirement:<id>". */
  memo: string;
  certificate: CertificateInput;
}

/** Burn + memo + certificate in one atomic transaction (measured to fit: see docs/chain.md). */
export async function getRetireWithCertificateInstructionsAsync(input: RetirementInput): Promise<Instruction[]> {
  return [
    ...getBurnWithMemoInstructions({
      account: input.account,
      mint: input.projectMint,
      authority: input.burnAuthority,
      amount: input.amount,
      decimals: input.decimals,
      memo: input.memo,
    }),
    ...(await getCreateCertificateInstructionsAsync(input.certificate)),
  ];
}
