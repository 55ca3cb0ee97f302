import { z } from 'zod';
import {
  address as toAddress,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
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
  type ChainTokenAccount,
  type EmbeddedChainClient,
  type SimulationResult,
} from '@carbonledger/chain';
import { asBase64Wire, encodeAccount, simulationValue, tokenAccountJsonParsed, transactionJson, wireBytes, wireParams, withBlockhash } from './json-rpc.encoding';
import {
  addressParam,
  configSchema,
  idOf,
  invalidParams,
  JSON_RPC_ERRORS,
  parseParams,
  requestSchema,
  requireMayChangeChain,
  RpcFailure,
  signatureParam,
  type JsonRpcCaller,
  type JsonRpcResponse,
} from './json-rpc.protocol';

/** The most one requestAirdrop gives: 10 SOL (the platform keys' local top-up; the web's faucet button asks for 2). */
export const RPC_AIRDROP_MAX_LAMPORTS = 10_000_000_000;

/**
 * The subset of Solana's JSON-RPC API that browser wallets, the explorer and the rpc driver
 * use, answered by the embedded chain. Result shapes follow the Solana RPC documentation.
 */
export function createJsonRpcHandler(chain: EmbeddedChainClient) {
  const withContext = async (value: unknown) => ({ context: { apiVersion: '2.2.0', slot: await chain.getSlot() }, value });

  const mintDecimals = async (token: ChainTokenAccount) => {
    const mint = await chain.getAccountInfo(token.mint);
    return mint ? (decodeMintAccount(mint)?.decimals ?? 0) : 0;
  };

  const methods: Record<string, (params: unknown, caller: JsonRpcCaller) => Promise<unknown>> = {
    getHealth: () => Promise.resolve('ok'),
    getVersion: () => Promise.resolve({ 'solana-core': '2.2.0', 'feature-set': 0, carbonledger: 'embedded LiteSVM' }),
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
        entries.push({ pubkey: token.address, account: config?.encoding === 'jsonParsed' ? tokenAccountJsonParsed(token, account, await mintDecimals(token)) : encodeAccount(account, config?.encoding) });
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
      return transactionJson(found, wire);
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

export type JsonRpcHandler = ReturnType<typeof createJsonRpcHandler>;
