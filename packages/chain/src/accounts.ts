import { getMintDecoder, getTokenDecoder, AccountState, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import { getAddressDecoder, getAddressEncoder, isSome, type Address, type Option, type ReadonlyUint8Array } from '@solana/kit';
import type { ChainAccount, ChainMint, ChainTokenAccount } from './client';

/** Token-2022 appends an account-type byte after the base layout when extensions follow. */
const MINT_BASE_SIZE = 82;
const TOKEN_BASE_SIZE = 165;
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_TOKEN = 2;
const TOKEN_MINT_OFFSET = 0;
const TOKEN_OWNER_OFFSET = 32;
const TOKEN_AMOUNT_OFFSET = 64;

function valueOf<T>(option: Option<T>): T | null {
  return isSome(option) ? option.value : null;
}

function isToken2022(account: Pick<ChainAccount, 'owner'>): boolean {
  return account.owner === TOKEN_2022_PROGRAM_ADDRESS;
}

export function isMintData(data: ReadonlyUint8Array): boolean {
  return data.length === MINT_BASE_SIZE || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT);
}

export function isTokenAccountData(data: ReadonlyUint8Array): boolean {
  return data.length === TOKEN_BASE_SIZE || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_TOKEN);
}

export function decodeMintAccount(account: ChainAccount): ChainMint | null {
  if (!isToken2022(account) || !isMintData(account.data)) return null;
  const mint = getMintDecoder().decode(account.data);
  return {
    address: account.address,
    supply: mint.supply,
    decimals: mint.decimals,
    mintAuthority: valueOf(mint.mintAuthority),
    freezeAuthority: valueOf(mint.freezeAuthority),
    extensions: valueOf(mint.extensions) ?? [],
  };
}

export function decodeTokenAccount(account: ChainAccount): ChainTokenAccount | null {
  if (!isToken2022(account) || !isTokenAccountData(account.data)) return null;
  const token = getTokenDecoder().decode(account.data);
  return {
    address: account.address,
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    frozen: token.state === AccountState.Frozen,
    delegate: valueOf(token.delegate),
    delegatedAmount: token.delegatedAmount,
    extensions: valueOf(token.extensions) ?? [],
  };
}

/** What a token balance needs of a token account: the fixed fields at the start of its base layout. */
export interface TokenHolding {
  mint: Address;
  owner: Address;
  amount: bigint;
}

const addressDecoder = getAddressDecoder();

/**
 * Mint, owner and amount of a Token-2022 account, read at their fixed offsets. The embedded
 * chain reads them before and after every transaction it lands; decodeTokenAccount also
 * decodes every extension, which made it the largest cost of landing a mint-to (docs/chain.md).
 */
export function decodeTokenHolding(account: Pick<ChainAccount, 'owner' | 'data'>): TokenHolding | null {
  if (!isToken2022(account) || !isTokenAccountData(account.data)) return null;
  const { data } = account;
  return {
    mint: addressDecoder.decode(data, TOKEN_MINT_OFFSET),
    owner: addressDecoder.decode(data, TOKEN_OWNER_OFFSET),
    amount: new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true),
  };
}

/** Whether raw token-account bytes name this owner (the filter getTokenAccountsByOwner applies). */
export function tokenAccountOwnedBy(data: ReadonlyUint8Array, owner: Address): boolean {
  if (!isTokenAccountData(data)) return false;
  const ownerBytes = getAddressEncoder().encode(owner);
  for (let i = 0; i < 32; i++) if (data[TOKEN_OWNER_OFFSET + i] !== ownerBytes[i]) return false;
  return true;
}
