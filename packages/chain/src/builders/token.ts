import { getCreateAccountInstruction } from '@solana-program/system';
import { getAddMemoInstruction } from '@solana-program/memo';
import {
  AccountState,
  extension,
  findAssociatedTokenPda,
  getApproveCheckedInstruction,
  getBurnCheckedInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getFreezeAccountInstruction,
  getInitializeDefaultAccountStateInstruction,
  getInitializeMetadataPointerInstruction,
  getInitializeMintInstruction,
  getInitializeTokenMetadataInstruction,
  getMintSize,
  getMintToCheckedInstruction,
  getRevokeInstruction,
  getThawAccountInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  getUpdateTokenMetadataFieldInstruction,
  tokenMetadataField,
  type ExtensionArgs,
} from '@solana-program/token-2022';
import { address, some, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import { MEMO_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../programs';

/** On-chain metadata of a mint (Token-2022 TokenMetadata, stored in the mint itself). */
export interface TokenMetadataInput {
  name: string;
  symbol: string;
  uri: string;
  /** Extra key/value pairs (project id, registry, vintage, ...), in this order. */
  additionalFields?: readonly (readonly [string, string])[];
}

export interface MintLayout {
  /** Bytes allocated when the account is created (fixed-size extensions only). */
  space: number;
  /** Bytes once TokenMetadata is written: the account must be rent-exempt for this size. */
  finalSize: number;
}

export function tokenMetadataExtension(mint: Address, updateAuthority: Address, metadata: TokenMetadataInput): ExtensionArgs {
  return extension('TokenMetadata', {
    updateAuthority: some(updateAuthority),
    mint,
    name: metadata.name,
    symbol: metadata.symbol,
    uri: metadata.uri,
    additionalMetadata: new Map(metadata.additionalFields ?? []),
  });
}

export function layoutOf(fixedExtensions: ExtensionArgs[], metadata: ExtensionArgs): MintLayout {
  return { space: getMintSize(fixedExtensions), finalSize: getMintSize([...fixedExtensions, metadata]) };
}

/** InitializeTokenMetadata then one UpdateField per additional field; `authority` must be the mint authority. */
export function getTokenMetadataInstructions(mint: Address, authority: TransactionSigner, metadata: TokenMetadataInput): Instruction[] {
  return [
    getInitializeTokenMetadataInstruction({
      metadata: mint,
      updateAuthority: authority.address,
      mint,
      mintAuthority: authority,
      name: metadata.name,
      symbol: metadata.symbol,
      uri: metadata.uri,
    }),
    ...(metadata.additionalFields ?? []).map(([key, value]) =>
      getUpdateTokenMetadataFieldInstruction({ metadata: mint, updateAuthority: authority, field: tokenMetadataField('Key', [key]), value }),
    ),
  ];
}

function projectMintFixedExtensions(mint: Address, issuer: Address): ExtensionArgs[] {
  return [
    extension('MetadataPointer', { authority: some(issuer), metadataAddress: some(mint) }),
    extension('DefaultAccountState', { state: AccountState.Frozen }),
  ];
}

/** Sizes do not depend on which addresses fill the fixed 32-byte slots. */
export const SIZING_PLACEHOLDER_ADDRESS = address('11111111111111111111111111111111');

/** Account sizes of a project mint with this metadata. */
export function projectMintLayout(metadata: TokenMetadataInput): MintLayout {
  const placeholder = SIZING_PLACEHOLDER_ADDRESS;
  return layoutOf(projectMintFixedExtensions(placeholder, placeholder), tokenMetadataExtension(placeholder, placeholder, metadata));
}

export interface ProjectMintInput {
  payer: TransactionSigner;
  mint: TransactionSigner;
  /** Mint authority and metadata update authority: the tenant's platform issuer key. */
  issuer: TransactionSigner;
  /** The platform freeze key: only it can thaw (approve) or freeze holder accounts. */
  freezeAuthority: Address;
  metadata: TokenMetadataInput;
  /** Rent-exempt minimum for `projectMintLayout(...).finalSize`, read from the chain. */
  mintLamports: bigint;
  decimals?: number;
}

/**
 * One Token-2022 mint per carbon project: metadata in the mint (MetadataPointer to itself +
 * TokenMetadata), every new holder account frozen until the platform thaws it, decimals 0.
 */
export function getCreateProjectMintInstructions(input: ProjectMintInput): Instruction[] {
  const mint = input.mint.address;
  const { space } = projectMintLayout(input.metadata);
  return [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.mint,
      lamports: input.mintLamports,
      space,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMetadataPointerInstruction({ mint, authority: some(input.issuer.address), metadataAddress: some(mint) }),
    getInitializeDefaultAccountStateInstruction({ mint, state: AccountState.Frozen }),
    getInitializeMintInstruction({ mint, decimals: input.decimals ?? 0, mintAuthority: input.issuer.address, freezeAuthority: some(input.freezeAuthority) }),
    ...getTokenMetadataInstructions(mint, input.issuer, input.metadata),
  ];
}

/** Size of an associated token account of a mint: ImmutableOwner always, NonTransferableAccount for certificates. */
export function holderAccountSize(options: { nonTransferable?: boolean } = {}): number {
  return getTokenSize([extension('ImmutableOwner', {}), ...(options.nonTransferable ? [extension('NonTransferableAccount', {})] : [])]);
}

export async function findHolderTokenAccount(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
  return ata;
}

/** The holder's associated token account; a no-op when it already exists. Frozen on creation for project mints. */
export async function getCreateHolderTokenAccountInstructionAsync(input: { payer: TransactionSigner; owner: Address; mint: Address }): Promise<Instruction> {
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: input.payer,
    ata: await findHolderTokenAccount(input.owner, input.mint),
    owner: input.owner,
    mint: input.mint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
}

/** Approval on chain: the freeze authority thaws the holder's account. */
export function getThawTokenAccountInstruction(input: { account: Address; mint: Address; freezeAuthority: TransactionSigner }): Instruction {
  return getThawAccountInstruction({ account: input.account, mint: input.mint, owner: input.freezeAuthority });
}

/** Suspension or revocation on chain: the freeze authority freezes the holder's account. */
export function getFreezeTokenAccountInstruction(input: { account: Address; mint: Address; freezeAuthority: TransactionSigner }): Instruction {
  return getFreezeAccountInstruction({ account: input.account, mint: input.mint, owner: input.freezeAuthority });
}

/** MintToChecked: the issuer mints `amount` into a holder's token account. */
export function getMintTokensInstruction(input: {
  mint: Address;
  destination: Address;
  issuer: TransactionSigner;
  amount: bigint;
  decimals: number;
}): Instruction {
  return getMintToCheckedInstruction({
    mint: input.mint,
    token: input.destination,
    mintAuthority: input.issuer,
    amount: input.amount,
    decimals: input.decimals,
  });
}

/** TransferChecked between two token accounts of a mint, signed by the source's owner or delegate. */
export function getTransferTokensInstruction(input: {
  source: Address;
  destination: Address;
  mint: Address;
  authority: TransactionSigner;
  amount: bigint;
  decimals: number;
}): Instruction {
  return getTransferCheckedInstruction({
    source: input.source,
    mint: input.mint,
    destination: input.destination,
    authority: input.authority,
    amount: input.amount,
    decimals: input.decimals,
  });
}

/**
 * An SPL Memo v1 note written with the transaction (the product names what it did and for which
 * record). Each of `signers` must sign the transaction: the memo program lists them as readonly
 * signers and fails unless they signed, which proves who wrote the note.
 */
export function getMemoInstruction(memo: string, signers: readonly TransactionSigner[] = []): Instruction {
  return getAddMemoInstruction({ memo, signers: [...signers] }, { programAddress: MEMO_PROGRAM_ADDRESS });
}

/** Retirement: BurnChecked by the owner or its approved delegate, then a Memo naming the retirement. */
export function getBurnWithMemoInstructions(input: {
  account: Address;
  mint: Address;
  authority: TransactionSigner;
  amount: bigint;
  decimals: number;
  memo: string;
}): Instruction[] {
  return [
    getBurnCheckedInstruction({ account: input.account, mint: input.mint, authority: input.authority, amount: input.amount, decimals: input.decimals }),
    getMemoInstruction(input.memo),
  ];
}

/** Scheduled retirement: the holder lets the platform's retirement delegate burn up to `amount`. */
export function getApproveDelegateInstruction(input: {
  account: Address;
  mint: Address;
  owner: TransactionSigner;
  delegate: Address;
  amount: bigint;
  decimals: number;
}): Instruction {
  return getApproveCheckedInstruction({
    source: input.account,
    mint: input.mint,
    delegate: input.delegate,
    owner: input.owner,
    amount: input.amount,
    decimals: input.decimals,
  });
}

/** Cancelling a scheduled retirement: the holder withdraws the delegate's allowance. */
export function getRevokeDelegateInstruction(input: { account: Address; owner: TransactionSigner }): Instruction {
  return getRevokeInstruction({ source: input.account, owner: input.owner });
}
