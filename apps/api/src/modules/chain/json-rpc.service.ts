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
  describeTransactionError,
  EMBEDDED_GENESIS_HASH,
  FINALIZED_AFTER_BLOCKS,
  transactionFee,
  TransactionRejectedError,
  type EmbeddedChainClient,
  type SimulationResult,
} from '@carbonledger/chain';
import { asBase64Wire, simulationValue, wireBytes, wireParams, withBlockhash } from './json-rpc.encoding';
import { historyMethods } from './json-rpc.history';
import { readMethods } from './json-rpc.reads';
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
  type JsonRpcCaller,
  type JsonRpcMethods,
  type JsonRpcResponse,
} from './json-rpc.protocol';

/** The Solana version whose API the endpoint follows (getVersion, and each answer's context). */
export const SOLANA_CORE_VERSION = '2.2.0';

/** The most one requestAirdrop gives: 10 SOL (the platform keys' local top-up; the web's faucet button asks for 2). */
export const RPC_AIRDROP_MAX_LAMPORTS = 10_000_000_000;

/**
 * Solana's JSON-RPC API answered by the embedded chain: what browser wallets, explorers, the
 * official clients and the rpc driver use (docs/chain.md lists the methods). Result shapes
 * follow the Solana RPC documentation. Cluster facts and writes are here; account reads are
 * in json-rpc.reads.ts, signatures, transactions and blocks in json-rpc.history.ts.
 */
export function createJsonRpcHandler(chain: EmbeddedChainClient) {
  const withContext = async (value: unknown) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot: await chain.getSlot() }, value });
  const slotAt = async (params: unknown) => {
    const [config] = parseParams(z.tuple([configSchema]).rest(z.unknown()), params);
    const slot = await chain.getSlot();
    // A finalized read sees the root, FINALIZED_AFTER_BLOCKS behind, as on a cluster.
    return config?.commitment === 'finalized' && slot > FINALIZED_AFTER_BLOCKS ? slot - FINALIZED_AFTER_BLOCKS : slot;
  };

  const methods: JsonRpcMethods = {
    getHealth: () => Promise.resolve('ok'),
    getVersion: () => Promise.resolve({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0, carbonledger: 'embedded LiteSVM' }),
    // The embedded chain has no validator key: its identity is its genesis hash read as an address.
    getIdentity: () => Promise.resolve({ identity: EMBEDDED_GENESIS_HASH }),
    getGenesisHash: () => Promise.resolve(EMBEDDED_GENESIS_HASH),
    getSlot: slotAt,
    getBlockHeight: slotAt,
    getEpochInfo: async () => chain.getEpochInfo(),
    getLatestBlockhash: async () => withContext(await chain.getLatestBlockhash()),
    isBlockhashValid: async (params) => {
      const [blockhash] = parseParams(z.tuple([z.string().min(32).max(44)]).rest(z.unknown()), params);
      return withContext(await chain.isBlockhashValid(blockhash as Blockhash));
    },
    getFeeForMessage: async (params) => {
      const [message] = parseParams(z.tuple([z.string().min(1)]).rest(z.unknown()), params);
      let compiled;
      try {
        compiled = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(message));
      } catch {
        throw invalidParams('message is not a valid base64 transaction message');
      }
      // As on a cluster: no fee for a message whose blockhash can no longer land.
      if ('lifetimeToken' in compiled && !(await chain.isBlockhashValid(compiled.lifetimeToken as Blockhash))) return withContext(null);
      const instructions = ('instructions' in compiled ? compiled.instructions : []).map((instruction) => ({
        programAddress: compiled.staticAccounts[instruction.programAddressIndex]!,
        data: instruction.data ?? new Uint8Array(),
      }));
      return withContext(transactionFee(compiled.header.numSignerAccounts, instructions));
    },
    ...readMethods(chain, withContext),
    ...historyMethods(chain),
    requestAirdrop: async (params, caller) => {
      requireMayChangeChain(caller);
      const [recipient, lamports] = parseParams(
        z
          .tuple([addressParam, z.number().int().positive().max(RPC_AIRDROP_MAX_LAMPORTS, `at most ${RPC_AIRDROP_MAX_LAMPORTS} lamports per airdrop`)])
          .rest(z.unknown()),
        params,
      );
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
        throw new RpcFailure(
          JSON_RPC_ERRORS.preflightFailure,
          `Transaction simulation failed: ${describeTransactionError(error.err)}`,
          simulationValue({ err: error.err, logs: [], unitsConsumed: 0n }),
        );
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
      if (error instanceof RpcFailure)
        return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
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
