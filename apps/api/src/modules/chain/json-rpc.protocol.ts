import { z } from 'zod';
import { isAddress } from '@solana/kit';

/**
 * JSON-RPC 2.0 as the local endpoint speaks it: error codes, the request envelope, parameter
 * parsing and bigint-safe JSON text. The Solana methods are in json-rpc.service.ts.
 */

/** JSON-RPC 2.0 error codes, plus Solana's own server codes. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  /** A block the node has not produced yet. */
  blockNotAvailable: -32004,
  /** A block the node does not keep (the embedded chain keeps the last MAX_RECENT_BLOCKS). */
  slotSkipped: -32009,
  /** A call that changes the chain from a caller who may not (docs/chain.md, "Local JSON-RPC endpoint"). */
  notAllowed: -32099,
} as const;

/** Methods that change the chain: a remote caller needs a signed-in session, and they are rate limited. */
export const CHAIN_CHANGING_METHODS: ReadonlySet<string> = new Set(['requestAirdrop', 'sendTransaction']);

/** Who sends a JSON-RPC body: whether its chain-changing calls may run. */
export interface JsonRpcCaller {
  mayChangeChain: boolean;
}

export type JsonRpcId = string | number | null;

/** The methods of one part of the endpoint, by name. */
export type JsonRpcMethods = Record<string, (params: unknown, caller: JsonRpcCaller) => Promise<unknown>>;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError };

/** A method's failure answered as a JSON-RPC error object. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcFailure(JSON_RPC_ERRORS.invalidParams, `Invalid params: ${message}`);

export const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
});

export const addressParam = z.string().refine(isAddress, 'not a valid base58 address');
export const signatureParam = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a valid base58 signature');
export const encodingSchema = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']);
export const commitmentSchema = z.enum(['processed', 'confirmed', 'finalized']);
export const configSchema = z
  .object({
    commitment: commitmentSchema.optional(),
    encoding: encodingSchema.optional(),
    minContextSlot: z.number().optional(),
  })
  .loose()
  .optional();

export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const parsed = schema.safeParse(params ?? []);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidParams(`${issue.path.length ? `param ${issue.path.join('.')}: ` : ''}${issue.message}`);
  }
  return parsed.data;
}

export function requireMayChangeChain(caller: JsonRpcCaller): void {
  if (!caller.mayChangeChain)
    throw new RpcFailure(
      JSON_RPC_ERRORS.notAllowed,
      'requestAirdrop and sendTransaction need a signed-in session (Authorization: Bearer) or a client on this host',
    );
}

/** Whether a body (one call or a batch) holds a chain-changing call. */
export function callsChainChangingMethod(body: unknown): boolean {
  const calls: unknown[] = Array.isArray(body) ? body : [body];
  return calls.some((call) => typeof call === 'object' && call !== null && CHAIN_CHANGING_METHODS.has(String((call as { method?: unknown }).method)));
}

export function idOf(request: unknown): JsonRpcId {
  if (request && typeof request === 'object' && 'id' in request) {
    const id = request.id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

/** JSON text with bigints as plain JSON numbers (lamports and slots exceed 2^53 in principle). */
export function stringifyJsonRpc(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) => (typeof item === 'bigint' ? `__bigint__${item}` : item)).replace(/"__bigint__(\d+)"/g, '$1');
}
