import { sessionHeaders } from '../api-client';
import { authStorage } from '../storage';

/**
 * Path of the server's JSON-RPC endpoint over the embedded chain (same origin). Reads are open;
 * airdrops and sent transactions need the session's Bearer token (docs/chain.md).
 */
export const LOCAL_RPC_PATH = '/rpc';

export class LocalRpcError extends Error {
  override readonly name = 'LocalRpcError';
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

interface JsonRpcAnswer<T> {
  result?: T;
  error?: { code: number; message: string };
}

/** One JSON-RPC 2.0 call to /rpc; a JSON-RPC error becomes a LocalRpcError with its message. */
export async function callLocalRpc<T>(method: string, params: unknown[] = [], fetcher: typeof fetch = fetch): Promise<T> {
  const response = await fetcher(LOCAL_RPC_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sessionHeaders(authStorage.get('accessToken'), authStorage.get('tenantId')) },
    body: JSON.stringify({ jsonrpc: '2.0', id: crypto.randomUUID(), method, params }),
  });
  const answer = (await response.json()) as JsonRpcAnswer<T>;
  if (answer.error) throw new LocalRpcError(answer.error.message, answer.error.code);
  if (!response.ok || answer.result === undefined) throw new LocalRpcError(`HTTP ${response.status}`, response.status);
  return answer.result;
}

export const LAMPORTS_PER_SOL = 1_000_000_000n;

export async function getSolBalance(address: string, fetcher?: typeof fetch): Promise<bigint> {
  const { value } = await callLocalRpc<{ value: number | string }>('getBalance', [address, { commitment: 'processed' }], fetcher);
  return BigInt(value);
}

/** Asks the local faucet for SOL and returns the airdrop's signature. */
export function requestAirdrop(address: string, lamports: bigint, fetcher?: typeof fetch): Promise<string> {
  return callLocalRpc<string>('requestAirdrop', [address, Number(lamports)], fetcher);
}

export function sendTransactionBase64(wireBase64: string, fetcher?: typeof fetch): Promise<string> {
  return callLocalRpc<string>('sendTransaction', [wireBase64, { encoding: 'base64', preflightCommitment: 'processed' }], fetcher);
}
