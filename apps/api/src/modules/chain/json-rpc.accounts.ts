import { z } from 'zod';
import { sumAsTonnes } from '@carbonledger/contracts';
import { getBase58Decoder, getBase64Decoder, isOption, isSome, type Address } from '@solana/kit';
import { AccountState, type Extension } from '@solana-program/token-2022';
import { decodeMintAccount, decodeTokenAccount, TOKEN_2022_PROGRAM_ADDRESS, type ChainAccount } from '@carbonledger/chain';
import { invalidParams, type encodingSchema } from './json-rpc.protocol';

/**
 * Accounts in the encodings of Solana's JSON-RPC answers: base58, base64, the pubsub's legacy
 * `binary`, and jsonParsed, which renders Token-2022 mints and token accounts (with their
 * extensions) as a validator does and falls back to base64 for anything else.
 */

/** Solana's rentEpoch for rent-exempt accounts (u64::MAX). */
export const RENT_EXEMPT_EPOCH = 18446744073709551615n;

export type AccountEncoding = z.output<typeof encodingSchema> | 'binary';

/** A window of the data, as getAccountInfo's and getProgramAccounts' dataSlice ask. */
export interface DataSlice {
  offset: number;
  length: number;
}

export const dataSliceSchema = z.object({ offset: z.number().int().min(0), length: z.number().int().min(0) }).strict();

/** Finds a mint's decimals, which a token account's jsonParsed amounts need. */
export type DecimalsOf = (mint: Address) => Promise<number>;

/** Solana's UiTokenAmount: base units, and the exact decimal (trailing zeros trimmed, as the validator writes it). */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = sumAsTonnes([{ amount, decimals }]);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** A kit value as the validator's JSON writes it: options unwrapped to the value or null, maps as pairs. */
function uiValue(value: unknown): unknown {
  if (isOption(value)) return isSome(value) ? uiValue(value.value) : null;
  if (value instanceof Map) return [...value.entries()].map(([key, item]) => [uiValue(key), uiValue(item)]);
  if (value instanceof Uint8Array) return getBase64Decoder().decode(value);
  if (Array.isArray(value)) return value.map(uiValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, uiValue(item)]));
  return value;
}

const ACCOUNT_STATES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
};

/** A Token-2022 extension as the validator's UiExtension: `{ extension: 'metadataPointer', state: { … } }`. */
export function uiExtension(extension: Extension) {
  const { __kind: kind, ...fields } = extension;
  const name = kind.charAt(0).toLowerCase() + kind.slice(1);
  if (extension.__kind === 'DefaultAccountState') return { extension: name, state: { accountState: ACCOUNT_STATES[extension.state] } };
  return Object.keys(fields).length === 0 ? { extension: name } : { extension: name, state: uiValue(fields) };
}

const withExtensions = (extensions: Extension[]) => (extensions.length ? { extensions: extensions.map(uiExtension) } : {});

/** The parsed data of a Token-2022 mint or token account; null for any other account. */
async function parsedTokenData(account: ChainAccount, decimalsOf: DecimalsOf) {
  if (account.owner !== TOKEN_2022_PROGRAM_ADDRESS) return null;
  const mint = decodeMintAccount(account);
  if (mint) {
    const info = {
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
      decimals: mint.decimals,
      isInitialized: true,
      freezeAuthority: mint.freezeAuthority,
      ...withExtensions(mint.extensions),
    };
    return { program: 'spl-token-2022', parsed: { type: 'mint', info }, space: BigInt(account.data.length) };
  }
  const token = decodeTokenAccount(account);
  if (!token) return null;
  const decimals = await decimalsOf(token.mint);
  const info = {
    isNative: false,
    mint: token.mint,
    owner: token.owner,
    state: token.frozen ? 'frozen' : 'initialized',
    tokenAmount: uiTokenAmount(token.amount, decimals),
    ...(token.delegate ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) } : {}),
    ...withExtensions(token.extensions),
  };
  return { program: 'spl-token-2022', parsed: { type: 'account', info }, space: BigInt(account.data.length) };
}

function sliced(data: Uint8Array, slice: DataSlice | undefined): Uint8Array {
  return slice ? data.subarray(slice.offset, slice.offset + slice.length) : data;
}

/** One account in the requested encoding (base64 when none is asked, as getAccountInfo's clients ask). */
export async function encodeAccount(account: ChainAccount, encoding: AccountEncoding | undefined, decimalsOf: DecimalsOf, dataSlice?: DataSlice) {
  if (encoding === 'base64+zstd') throw invalidParams('base64+zstd encoding is not supported by the embedded chain');
  const parsed = encoding === 'jsonParsed' && !dataSlice ? await parsedTokenData(account, decimalsOf) : null;
  const bytes = sliced(account.data, dataSlice);
  const data =
    parsed ??
    (encoding === 'binary'
      ? getBase58Decoder().decode(bytes)
      : encoding === 'base58'
        ? [getBase58Decoder().decode(bytes), 'base58']
        : [getBase64Decoder().decode(bytes), 'base64']);
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  };
}

/** A mint's decimals from the chain (0 when it is not a mint); decimals never change, so the answer is kept. */
export function decimalsLookup(getAccountInfo: (address: Address) => Promise<ChainAccount | null>): DecimalsOf {
  const known = new Map<Address, number>();
  return async (mint) => {
    const cached = known.get(mint);
    if (cached !== undefined) return cached;
    const account = await getAccountInfo(mint);
    const decoded = account && decodeMintAccount(account);
    // A bound on what a caller naming many mints can make the cache hold.
    if (known.size >= 10_000) known.clear();
    if (decoded) known.set(mint, decoded.decimals);
    return decoded?.decimals ?? 0;
  };
}
