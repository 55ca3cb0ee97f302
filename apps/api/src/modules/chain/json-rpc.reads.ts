import { z } from 'zod';
import { address as toAddress, getBase58Encoder, getBase64Encoder, type Address } from '@solana/kit';
import { decodeMintAccount, decodeTokenAccount, TOKEN_2022_PROGRAM_ADDRESS, type ChainAccount, type EmbeddedChainClient } from '@carbonledger/chain';
import { dataSliceSchema, decimalsLookup, encodeAccount, uiTokenAmount } from './json-rpc.accounts';
import { addressParam, commitmentSchema, encodingSchema, invalidParams, parseParams, type JsonRpcMethods } from './json-rpc.protocol';

/** Accounts and token reads: balances, accounts in every encoding, program accounts with filters, token amounts. */

/** What a validator allows in one getProgramAccounts call. */
const MAX_FILTERS = 4;
const MAX_MEMCMP_BYTES = 128;
/** getTokenLargestAccounts answers at most 20, as on a cluster. */
const LARGEST_ACCOUNTS = 20;

const accountConfigSchema = z
  .object({
    commitment: commitmentSchema.optional(),
    encoding: encodingSchema.optional(),
    dataSlice: dataSliceSchema.optional(),
    minContextSlot: z.number().optional(),
  })
  .loose()
  .optional();

const filterSchema = z.union([
  z.object({ dataSize: z.number().int().min(0) }).strict(),
  z
    .object({ memcmp: z.object({ offset: z.number().int().min(0), bytes: z.string().max(256), encoding: z.enum(['base58', 'base64']).optional() }).strict() })
    .strict(),
]);

type Filter = z.output<typeof filterSchema>;

/** A filter as a test of the account's data; memcmp bytes are base58 unless they say base64. */
function compileFilter(filter: Filter): (data: Uint8Array) => boolean {
  if ('dataSize' in filter) return (data) => data.length === filter.dataSize;
  const { offset, bytes, encoding } = filter.memcmp;
  let expected: Uint8Array;
  try {
    expected = new Uint8Array(encoding === 'base64' ? getBase64Encoder().encode(bytes) : getBase58Encoder().encode(bytes));
  } catch {
    throw invalidParams(`memcmp bytes are not valid ${encoding ?? 'base58'}`);
  }
  if (expected.length > MAX_MEMCMP_BYTES) throw invalidParams(`memcmp bytes longer than ${MAX_MEMCMP_BYTES}`);
  return (data) => data.length >= offset + expected.length && expected.every((byte, index) => data[offset + index] === byte);
}

/** Whether a program account passes every filter, as getProgramAccounts and programSubscribe apply them. */
export function accountFilter(filters: readonly Filter[] | undefined): (account: ChainAccount) => boolean {
  if ((filters?.length ?? 0) > MAX_FILTERS) throw invalidParams(`too many filters provided; max ${MAX_FILTERS}`);
  const tests = (filters ?? []).map(compileFilter);
  return (account) => tests.every((test) => test(account.data));
}

export const programConfigSchema = z
  .object({
    commitment: commitmentSchema.optional(),
    encoding: encodingSchema.optional(),
    dataSlice: dataSliceSchema.optional(),
    filters: z.array(filterSchema).optional(),
    withContext: z.boolean().optional(),
    minContextSlot: z.number().optional(),
  })
  .loose()
  .optional();

export function readMethods(chain: EmbeddedChainClient, withContext: (value: unknown) => Promise<unknown>): JsonRpcMethods {
  const decimalsOf = decimalsLookup((mint) => chain.getAccountInfo(mint));
  const tokenAccountsOf = async (mint: Address) =>
    (await chain.getProgramAccounts(TOKEN_2022_PROGRAM_ADDRESS)).flatMap((account) => {
      const token = decodeTokenAccount(account);
      return token && token.mint === mint ? [token] : [];
    });

  return {
    getBalance: async (params) => {
      const [owner] = parseParams(z.tuple([addressParam]).rest(z.unknown()), params);
      return withContext(await chain.getBalance(toAddress(owner)));
    },
    getAccountInfo: async (params) => {
      const [target, config] = parseParams(z.tuple([addressParam, accountConfigSchema]), params);
      const account = await chain.getAccountInfo(toAddress(target));
      return withContext(account ? await encodeAccount(account, config?.encoding, decimalsOf, config?.dataSlice) : null);
    },
    getMultipleAccounts: async (params) => {
      const [targets, config] = parseParams(z.tuple([z.array(addressParam).max(100), accountConfigSchema]), params);
      const accounts = await Promise.all(targets.map((target) => chain.getAccountInfo(toAddress(target))));
      const encoded = await Promise.all(
        accounts.map(async (account) => (account ? encodeAccount(account, config?.encoding, decimalsOf, config?.dataSlice) : null)),
      );
      return withContext(encoded);
    },
    getProgramAccounts: async (params) => {
      const [program, config] = parseParams(z.tuple([addressParam, programConfigSchema]), params);
      const passes = accountFilter(config?.filters);
      const matching = (await chain.getProgramAccounts(toAddress(program))).filter(passes);
      const entries = await Promise.all(
        matching.map(async (account) => ({ pubkey: account.address, account: await encodeAccount(account, config?.encoding, decimalsOf, config?.dataSlice) })),
      );
      return config?.withContext ? withContext(entries) : entries;
    },
    getMinimumBalanceForRentExemption: async (params) => {
      const [size] = parseParams(
        z
          .tuple([
            z
              .number()
              .int()
              .min(0)
              .max(10 * 1024 * 1024),
          ])
          .rest(z.unknown()),
        params,
      );
      return chain.getMinimumBalanceForRentExemption(size);
    },
    getTokenAccountsByOwner: async (params) => {
      const [owner, filter, config] = parseParams(
        z.tuple([addressParam, z.union([z.object({ mint: addressParam }).strict(), z.object({ programId: addressParam }).strict()]), accountConfigSchema]),
        params,
      );
      if ('programId' in filter && filter.programId !== TOKEN_2022_PROGRAM_ADDRESS) return withContext([]);
      const tokens = await chain.getTokenAccountsByOwner(toAddress(owner), 'mint' in filter ? { mint: toAddress(filter.mint) } : {});
      const entries = [];
      for (const token of tokens) {
        const account = (await chain.getAccountInfo(token.address))!;
        entries.push({ pubkey: token.address, account: await encodeAccount(account, config?.encoding, decimalsOf, config?.dataSlice) });
      }
      return withContext(entries);
    },
    getTokenAccountBalance: async (params) => {
      const [target] = parseParams(z.tuple([addressParam]).rest(z.unknown()), params);
      const account = await chain.getAccountInfo(toAddress(target));
      const token = account && decodeTokenAccount(account);
      if (!token) throw invalidParams('not a Token account');
      return withContext(uiTokenAmount(token.amount, await decimalsOf(token.mint)));
    },
    getTokenSupply: async (params) => {
      const [target] = parseParams(z.tuple([addressParam]).rest(z.unknown()), params);
      const account = await chain.getAccountInfo(toAddress(target));
      const mint = account && decodeMintAccount(account);
      if (!mint) throw invalidParams('not a Token mint');
      return withContext(uiTokenAmount(mint.supply, mint.decimals));
    },
    getTokenLargestAccounts: async (params) => {
      const [target] = parseParams(z.tuple([addressParam]).rest(z.unknown()), params);
      const account = await chain.getAccountInfo(toAddress(target));
      const mint = account && decodeMintAccount(account);
      if (!mint) throw invalidParams('not a Token mint');
      const largest = (await tokenAccountsOf(mint.address))
        .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
        .slice(0, LARGEST_ACCOUNTS);
      return withContext(largest.map((token) => ({ address: token.address, ...uiTokenAmount(token.amount, mint.decimals) })));
    },
  };
}
