import { z } from 'zod';
import { sumAsTonnes } from '@carbonledger/contracts';
import {
  address as toAddress,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  isAddress,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Signature,
} from '@solana/kit';
import {
  decodeMintAccount,
  describeTransactionError,
  LAMPORTS_PER_SIGNATURE,
  TOKEN_2022_PROGRAM_ADDRESS,
  TransactionRejectedError,
  type ChainAccount,
  type ChainTokenAccount,
  type ChainTokenBalance,
  type EmbeddedChainClient,
  type SimulationResult,
} from '@carbonledger/chain';

/** JSON-RPC 2.0 error codes, plus Solana's own server codes. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  /** A call that changes the chain from a caller who may not (docs/chain.md, "Local JSON-RPC endpoint"). */
  notAllowed: -32099,
} as const;

/** Methods that change the chain: a remote caller needs a signed-in session, and they are rate limited. */
export const CHAIN_CHANGING_METHODS: ReadonlySet<string> = new Set(['requestAirdrop', 'sendTransaction']);

/** The most one requestAirdrop gives: 10 SOL (the platform keys' local top-up; the web's faucet button asks for 2). */
export const RPC_AIRDROP_MAX_LAMPORTS = 10_000_000_000;

/** Who sends a JSON-RPC body: whether its chain-changing calls may run. */
export interface JsonRpcCaller {
  mayChangeChain: boolean;
}

type JsonRpcId = string | number | null;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError };

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RpcFailure(JSON_RPC_ERRORS.invalidParams, `Invalid params: ${message}`);

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
});

const addressParam = z.string().refine(isAddress, 'not a valid base58 address');
const signatureParam = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a valid base58 signature');
const encodingSchema = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']);
const configSchema = z
  .object({
    commitment: z.enum(['processed', 'confirmed', 'finalized']).optional(),
    encoding: encodingSchema.optional(),
    minContextSlot: z.number().optional(),
  })
  .loose()
  .optional();

function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const parsed = schema.safeParse(params ?? []);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidParams(`${issue.path.length ? `param ${issue.path.join('.')}: ` : ''}${issue.message}`);
  }
  return parsed.data;
}

type AccountEncoding = z.output<typeof encodingSchema>;

function encodeAccount(account: ChainAccount, encoding: AccountEncoding | undefined) {
  if (encoding === 'base64+zstd') throw invalidParams('base64+zstd encoding is not supported by the embedded chain');
  const data: [string, string] =
    encoding === 'base58' ? [getBase58Decoder().decode(account.data), 'base58'] : [getBase64Decoder().decode(account.data), 'base64'];
  return { data, executable: account.executable, lamports: account.lamports, owner: account.owner, rentEpoch: 18446744073709551615n, space: BigInt(account.data.length) };
}

/** Decodes a wire transaction given as base58 (Solana's historical default) or base64. */
function wireBytes(encoded: string, encoding: 'base58' | 'base64'): Uint8Array {
  try {
    return new Uint8Array(encoding === 'base58' ? getBase58Encoder().encode(encoded) : getBase64Encoder().encode(encoded));
  } catch {
    throw invalidParams(`transaction is not valid ${encoding}`);
  }
}

function asBase64Wire(bytes: Uint8Array): Base64EncodedWireTransaction {
  try {
    return getBase64EncodedWireTransaction(getTransactionDecoder().decode(bytes));
  } catch {
    throw invalidParams('failed to deserialize the transaction');
  }
}

/** The same transaction with its blockhash replaced by the latest one, as simulateTransaction's replaceRecentBlockhash asks. */
function withBlockhash(wire: Base64EncodedWireTransaction, blockhash: Blockhash): Base64EncodedWireTransaction {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...compiled, lifetimeToken: blockhash });
  return getBase64EncodedWireTransaction({ ...transaction, messageBytes: messageBytes as typeof transaction.messageBytes });
}

/** Solana's UiTokenAmount: base units, and the exact decimal (trailing zeros trimmed, as the validator writes it). */
function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = sumAsTonnes([{ amount, decimals }]);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** A pre/postTokenBalances entry in Solana's JSON shape. */
function tokenBalanceJson(balance: ChainTokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: TOKEN_2022_PROGRAM_ADDRESS,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  };
}

function simulationValue(result: SimulationResult) {
  return { err: result.err, logs: result.logs, accounts: null, unitsConsumed: result.unitsConsumed, returnData: null };
}

const wireParams = z.tuple([
  z.string().min(1),
  z
    .object({ encoding: z.enum(['base58', 'base64']).optional(), skipPreflight: z.boolean().optional(), sigVerify: z.boolean().optional(), replaceRecentBlockhash: z.boolean().optional() })
    .loose()
    .optional(),
]);

/**
 * The subset of Solana's JSON-RPC API that browser wallets, the explorer and the rpc driver
 * use, answered by the embedded chain. Result shapes follow the Solana RPC documentation.
 */
export function createJsonRpcHandler(chain: EmbeddedChainClient) {
  const withContext = async (value: unknown) => ({ context: { apiVersion: '2.2.0', slot: await chain.getSlot() }, value });

  const tokenAccountJsonParsed = async (token: ChainTokenAccount, account: ChainAccount) => {
    const mint = await chain.getAccountInfo(token.mint);
    const decimals = mint ? (decodeMintAccount(mint)?.decimals ?? 0) : 0;
    return {
      data: {
        program: 'spl-token-2022',
        parsed: {
          type: 'account',
          info: {
            mint: token.mint,
            owner: token.owner,
            state: token.frozen ? 'frozen' : 'initialized',
            isNative: false,
            tokenAmount: uiTokenAmount(token.amount, decimals),
            ...(token.delegate ? { delegate: token.delegate, delegatedAmount: { amount: token.delegatedAmount.toString(), decimals, uiAmountString: token.delegatedAmount.toString() } } : {}),
          },
        },
        space: BigInt(account.data.length),
      },
      executable: false,
      lamports: account.lamports,
      owner: account.owner,
      rentEpoch: 18446744073709551615n,
      space: BigInt(account.data.length),
    };
  };

  const methods: Record<string, (params: unknown, caller: JsonRpcCaller) => Promise<unknown>> = {
    getHealth: async () => 'ok',
    getVersion: async () => ({ 'solana-core': '2.2.0', 'feature-set': 0, carbonledger: 'embedded LiteSVM' }),
    getSlot: async () => chain.getSlot(),
    getBlockHeight: async () => chain.getBlockHeight(),
    getLatestBlockhash: async () => withContext(await chain.getLatestBlockhash()),
    isBlockhashValid: async (params) => {
      const [blockhash] = parseParams(z.tuple([z.string().min(32).max(44)]).rest(z.unknown()), params);
      return withContext(await chain.isBlockhashValid(blockhash as Blockhash));
    },
    getBalance: async (params) => {
      const [owner] = parseParams(z.tuple([addressParam]).rest(z.unknown()), params);
      return withContext(await chain.getBalance(toAddress(owner)));
    },
    getAccountInfo: async (params) => {
      const [target, config] = parseParams(z.tuple([addressParam, configSchema]), params);
      const account = await chain.getAccountInfo(toAddress(target));
      return withContext(account ? encodeAccount(account, config?.encoding) : null);
    },
    getMultipleAccounts: async (params) => {
      const [targets, config] = parseParams(z.tuple([z.array(addressParam).max(100), configSchema]), params);
      const accounts = await Promise.all(targets.map((target) => chain.getAccountInfo(toAddress(target))));
      return withContext(accounts.map((account) => (account ? encodeAccount(account, config?.encoding) : null)));
    },
    getMinimumBalanceForRentExemption: async (params) => {
      const [size] = parseParams(z.tuple([z.number().int().min(0).max(10 * 1024 * 1024)]).rest(z.unknown()), params);
      return chain.getMinimumBalanceForRentExemption(size);
    },
    getFeeForMessage: async (params) => {
      const [message] = parseParams(z.tuple([z.string().min(1)]).rest(z.unknown()), params);
      try {
        const compiled = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(message));
        return withContext(LAMPORTS_PER_SIGNATURE * BigInt(compiled.header.numSignerAccounts));
      } catch {
        throw invalidParams('message is not a valid base64 transaction message');
      }
    },
    getSignatureStatuses: async (params) => {
      const [signatures] = parseParams(z.tuple([z.array(signatureParam).max(256)]).rest(z.unknown()), params);
      const statuses = await chain.getSignatureStatuses(signatures as Signature[]);
      return withContext(
        statuses.map((status) =>
          status
            ? {
                slot: status.slot,
                confirmations: status.confirmationStatus === 'finalized' ? null : 1,
                err: status.err,
                status: status.err ? { Err: status.err } : { Ok: null },
                confirmationStatus: status.confirmationStatus,
              }
            : null,
        ),
      );
    },
    getTokenAccountsByOwner: async (params) => {
      const [owner, filter, config] = parseParams(
        z.tuple([addressParam, z.union([z.object({ mint: addressParam }).strict(), z.object({ programId: addressParam }).strict()]), configSchema]),
        params,
      );
      if ('programId' in filter && filter.programId !== TOKEN_2022_PROGRAM_ADDRESS) return withContext([]);
      const tokens = await chain.getTokenAccountsByOwner(toAddress(owner), 'mint' in filter ? { mint: toAddress(filter.mint) } : {});
      const entries = [];
      for (const token of tokens) {
        const account = (await chain.getAccountInfo(token.address))!;
        entries.push({ pubkey: token.address, account: config?.encoding === 'jsonParsed' ? await tokenAccountJsonParsed(token, account) : encodeAccount(account, config?.encoding) });
      }
      return withContext(entries);
    },
    getSignaturesForAddress: async (params) => {
      const [target, config] = parseParams(
        z.tuple([addressParam, z.object({ limit: z.number().int().min(1).max(1000).optional(), before: signatureParam.optional() }).loose().optional()]),
        params,
      );
      const entries = await chain.getSignaturesForAddress(toAddress(target), { limit: config?.limit, before: config?.before as Signature | undefined });
      const statuses = await chain.getSignatureStatuses(entries.map((entry) => entry.signature));
      return entries.map((entry, index) => ({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: null,
        blockTime: entry.blockTime,
        confirmationStatus: statuses[index]?.confirmationStatus ?? 'confirmed',
      }));
    },
    getTransaction: async (params) => {
      // The embedded chain renders transactions in json encoding only.
      const [signature] = parseParams(
        z.tuple([signatureParam, z.object({ encoding: z.literal('json').optional(), commitment: z.enum(['processed', 'confirmed', 'finalized']).optional() }).loose().optional()]),
        params,
      );
      const found = await chain.getTransaction(signature as Signature);
      const wire = await chain.getTransactionWire(signature as Signature);
      if (!found || !wire) return null;
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
      const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
      const base58 = getBase58Decoder();
      return {
        slot: found.slot,
        blockTime: found.blockTime,
        version: compiled.version,
        transaction: {
          signatures: Object.values(transaction.signatures).map((bytes) => (bytes ? base58.decode(bytes) : '1'.repeat(64))),
          message: {
            accountKeys: found.accountKeys,
            header: {
              numRequiredSignatures: compiled.header.numSignerAccounts,
              numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
              numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
            },
            recentBlockhash: 'lifetimeToken' in compiled ? compiled.lifetimeToken : null,
            instructions:
              'instructions' in compiled
                ? compiled.instructions.map((instruction) => ({
                    programIdIndex: instruction.programAddressIndex,
                    accounts: instruction.accountIndices ?? [],
                    data: base58.decode(instruction.data ?? new Uint8Array()),
                    stackHeight: null,
                  }))
                : [],
            addressTableLookups: [],
          },
        },
        meta: {
          err: found.err,
          status: found.err ? { Err: found.err } : { Ok: null },
          fee: found.fee,
          // SOL balances are not recorded by the embedded chain's history.
          preBalances: [],
          postBalances: [],
          innerInstructions: [],
          logMessages: [],
          preTokenBalances: found.preTokenBalances.map(tokenBalanceJson),
          postTokenBalances: found.postTokenBalances.map(tokenBalanceJson),
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
        },
      };
    },
    requestAirdrop: async (params, caller) => {
      requireMayChangeChain(caller);
      const [recipient, lamports] = parseParams(z.tuple([addressParam, z.number().int().positive().max(RPC_AIRDROP_MAX_LAMPORTS, `at most ${RPC_AIRDROP_MAX_LAMPORTS} lamports per airdrop`)]).rest(z.unknown()), params);
      return chain.airdrop(toAddress(recipient), BigInt(lamports));
    },
    simulateTransaction: async (params) => {
      const [encoded, config] = parseParams(wireParams, params);
      let wire = asBase64Wire(wireBytes(encoded, config?.encoding ?? 'base58'));
      if (config?.replaceRecentBlockhash) {
        if (config.sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
        wire = withBlockhash(wire, (await chain.getLatestBlockhash()).blockhash);
      }
      return withContext(simulationValue(await simulateOrReport(chain, wire, config?.sigVerify ?? false)));
    },
    sendTransaction: async (params, caller) => {
      requireMayChangeChain(caller);
      const [encoded, config] = parseParams(wireParams, params);
      const wire = asBase64Wire(wireBytes(encoded, config?.encoding ?? 'base58'));
      if (!config?.skipPreflight) await preflight(chain, wire);
      try {
        return await chain.sendTransaction(wire);
      } catch (error) {
        if (!(error instanceof TransactionRejectedError)) throw error;
        throw new RpcFailure(JSON_RPC_ERRORS.preflightFailure, `Transaction simulation failed: ${describeTransactionError(error.err)}`, simulationValue({ err: error.err, logs: [], unitsConsumed: 0n }));
      }
    },
  };

  async function answer(request: unknown, caller: JsonRpcCaller): Promise<JsonRpcResponse | null> {
    const parsed = requestSchema.safeParse(request);
    if (!parsed.success) return { jsonrpc: '2.0', id: idOf(request), error: { code: JSON_RPC_ERRORS.invalidRequest, message: 'Invalid request' } };
    const { method, params, id } = parsed.data;
    const respond = id !== undefined;
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!handler) return respond ? { jsonrpc: '2.0', id, error: { code: JSON_RPC_ERRORS.methodNotFound, message: `Method not found: ${method}` } } : null;
    try {
      const result = await handler(params, caller);
      return respond ? { jsonrpc: '2.0', id, result } : null;
    } catch (error) {
      if (!respond) return null;
      if (error instanceof RpcFailure) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
      return { jsonrpc: '2.0', id, error: { code: JSON_RPC_ERRORS.internalError, message: error instanceof Error ? error.message : 'Internal error' } };
    }
  }

  /** One request or a batch; null when nothing must be answered (only notifications). */
  return async function handle(body: unknown, caller: JsonRpcCaller): Promise<JsonRpcResponse | JsonRpcResponse[] | null> {
    if (!Array.isArray(body)) return answer(body, caller);
    if (body.length === 0) return { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_ERRORS.invalidRequest, message: 'Invalid request: empty batch' } };
    const responses = (await Promise.all(body.slice(0, 100).map((request) => answer(request, caller)))).filter((response) => response !== null);
    return responses.length ? responses : null;
  };
}

function requireMayChangeChain(caller: JsonRpcCaller): void {
  if (!caller.mayChangeChain) throw new RpcFailure(JSON_RPC_ERRORS.notAllowed, 'requestAirdrop and sendTransaction need a signed-in session (Authorization: Bearer) or a client on this host');
}

/** Whether a body (one call or a batch) holds a chain-changing call. */
export function callsChainChangingMethod(body: unknown): boolean {
  const calls: unknown[] = Array.isArray(body) ? body : [body];
  return calls.some((call) => typeof call === 'object' && call !== null && CHAIN_CHANGING_METHODS.has(String((call as { method?: unknown }).method)));
}

function idOf(request: unknown): JsonRpcId {
  if (request && typeof request === 'object' && 'id' in request) {
    const id = (request as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

async function simulateOrReport(chain: EmbeddedChainClient, wire: Base64EncodedWireTransaction, sigVerify: boolean): Promise<SimulationResult> {
  try {
    return await chain.simulateTransaction(wire, { sigVerify });
  } catch (error) {
    if (error instanceof TransactionRejectedError) return { err: error.err, logs: [], unitsConsumed: 0n };
    if (sigVerify) throw new RpcFailure(JSON_RPC_ERRORS.signatureVerificationFailure, 'Transaction signature verification failure');
    throw error;
  }
}

/** What a node checks before accepting a transaction: signatures verify and a simulation succeeds. */
async function preflight(chain: EmbeddedChainClient, wire: Base64EncodedWireTransaction): Promise<void> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const [firstSignature] = Object.values(transaction.signatures);
  if (firstSignature) {
    const [known] = await chain.getSignatureStatuses([getBase58Decoder().decode(firstSignature) as Signature]);
    if (known) return;
  }
  const result = await simulateOrReport(chain, wire, true);
  if (result.err) {
    throw new RpcFailure(JSON_RPC_ERRORS.preflightFailure, `Transaction simulation failed: ${describeTransactionError(result.err)}`, simulationValue(result));
  }
}

/** JSON text with bigints as plain JSON numbers (lamports and slots exceed 2^53 in principle). */
export function stringifyJsonRpc(value: unknown): string {
  return JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `__bigint__${item}` : item)).replace(/"__bigint__(\d+)"/g, '$1');
}

export type JsonRpcHandler = ReturnType<typeof createJsonRpcHandler>;
