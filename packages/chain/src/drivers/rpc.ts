/*
 * Over 300 lines on purpose: openRpcChain is one closure over the HTTP transport and the
 * WebSocket that may or may not be open; confirmation, resending and the polling fallback all
 * share that state (docs/chain.md).
 */
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptions,
  getBase58Encoder,
  getBase64Encoder,
  isSolanaError,
  lamports as toLamports,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  type Address,
  type Base64EncodedWireTransaction,
  type RpcTransport,
  type Signature,
  type TokenBalance,
} from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import {
  meetsFinality,
  TransactionRejectedError,
  type ChainAccount,
  type ChainClient,
  type ChainTokenBalance,
  type Finality,
  type SendOutcome,
  type SignatureStatus,
} from '../client';
import { decodeMintAccount, decodeTokenAccount } from '../accounts';
import { fromWireTransaction, signatureOf, summarizeMessage } from '../wire';
import { normalizeTransactionError } from '../transaction-error';
import { memosOf } from './history';

export interface RpcChainOptions {
  url: string;
  /** WebSocket endpoint for signature notifications; without it confirmation is polled. */
  wsUrl?: string;
  pollIntervalMs?: number;
  /** How often the same signed bytes are sent again while a transaction is pending. */
  resendIntervalMs?: number;
  /** Attempts after an HTTP 429 before the error is passed on. */
  rateLimitRetries?: number;
  /** First back-off delay after a 429 when the server gives no Retry-After; doubles each time. */
  rateLimitBackoffMs?: number;
  /**
   * Told once when the WebSocket at `wsUrl` cannot be opened (or does not open within a few
   * seconds); confirmations are polled from then on, and the socket is tried again later.
   */
  onWebSocketUnavailable?: (error: unknown) => void;
  /** The commitment a transaction must reach before it counts as confirmed (default `confirmed`). */
  finality?: Finality;
}

const READ = { commitment: 'processed' } as const;
const DECIDE = { commitment: 'confirmed' } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The default HTTP transport, waiting and retrying when the node answers 429 Too Many Requests. */
function rateLimitedTransport(url: string, retries: number, backoffMs: number): RpcTransport {
  const transport = createDefaultRpcTransport({ url });
  return async <TResponse>(config: Parameters<RpcTransport>[0]): Promise<TResponse> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await transport<TResponse>(config);
      } catch (error) {
        if (!isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) || error.context.statusCode !== 429 || attempt >= retries) throw error;
        const retryAfterSeconds = Number(error.context.headers.get('retry-after'));
        await sleep(Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : backoffMs * 2 ** attempt);
      }
    }
  };
}

function toTokenBalances(balances: readonly TokenBalance[] | undefined): ChainTokenBalance[] {
  return (balances ?? [])
    .filter((balance) => balance.owner !== undefined)
    .map((balance) => ({
      accountIndex: Number(balance.accountIndex),
      mint: balance.mint,
      owner: balance.owner!,
      amount: BigInt(balance.uiTokenAmount.amount),
      decimals: Number(balance.uiTokenAmount.decimals),
    }));
}

function toChainAccount(address: Address, value: { data: readonly [string, string]; executable: boolean; lamports: bigint; owner: Address }): ChainAccount {
  return {
    address,
    lamports: value.lamports,
    owner: value.owner,
    executable: value.executable,
    data: new Uint8Array(getBase64Encoder().encode(value.data[0])),
  };
}

/**
 * Any Solana cluster through @solana/kit: reads at `processed`, decisions (blockhash validity)
 * at `confirmed`, a transaction confirmed once it reaches `finality`; the same signed bytes
 * resent until their blockhash expires.
 */
export function openRpcChain(options: RpcChainOptions): ChainClient {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const resendIntervalMs = options.resendIntervalMs ?? 2000;
  const rpc = createSolanaRpcFromTransport(rateLimitedTransport(options.url, options.rateLimitRetries ?? 5, options.rateLimitBackoffMs ?? 250));
  const waker = options.wsUrl ? signatureWaker(createSolanaRpcSubscriptions(options.wsUrl), options.onWebSocketUnavailable ?? (() => undefined)) : null;

  const finality = options.finality ?? 'confirmed';
  const client: ChainClient = {
    driver: 'rpc',
    finality,
    async health() {
      const [slot, blockHeight, latest] = await Promise.all([client.getSlot(), client.getBlockHeight(), client.getLatestBlockhash()]);
      return { driver: 'rpc', slot, blockHeight, blockhash: latest.blockhash };
    },
    async getSlot() {
      return rpc.getSlot(READ).send();
    },
    async getBlockHeight() {
      return rpc.getBlockHeight(READ).send();
    },
    async getLatestBlockhash() {
      // The blockhash decides when a transaction expires, so it comes from a confirmed block.
      const { value } = await rpc.getLatestBlockhash(DECIDE).send();
      return { blockhash: value.blockhash, lastValidBlockHeight: value.lastValidBlockHeight };
    },
    async isBlockhashValid(blockhash) {
      const { value } = await rpc.isBlockhashValid(blockhash, DECIDE).send();
      return value;
    },
    async getBalance(address) {
      const { value } = await rpc.getBalance(address, READ).send();
      return value;
    },
    async getAccountInfo(address) {
      const { value } = await rpc.getAccountInfo(address, { ...READ, encoding: 'base64' }).send();
      return value ? toChainAccount(address, value) : null;
    },
    async getMint(address) {
      const account = await client.getAccountInfo(address);
      return account ? decodeMintAccount(account) : null;
    },
    async getTokenAccount(address) {
      const account = await client.getAccountInfo(address);
      return account ? decodeTokenAccount(account) : null;
    },
    async getTokenAccountsByOwner(owner, filter = {}) {
      const { value } = await rpc
        .getTokenAccountsByOwner(owner, filter.mint ? { mint: filter.mint } : { programId: TOKEN_2022_PROGRAM_ADDRESS }, { ...READ, encoding: 'base64' })
        .send();
      return value.map((entry) => decodeTokenAccount(toChainAccount(entry.pubkey, entry.account))).filter((token) => token !== null);
    },
    async getMinimumBalanceForRentExemption(dataSize) {
      return rpc.getMinimumBalanceForRentExemption(BigInt(dataSize), READ).send();
    },
    async simulateTransaction(wire) {
      const { value } = await rpc.simulateTransaction(wire, { ...READ, encoding: 'base64', sigVerify: false, replaceRecentBlockhash: false }).send();
      return { err: normalizeTransactionError(value.err), logs: [...(value.logs ?? [])], unitsConsumed: value.unitsConsumed ?? 0n };
    },
    async sendTransaction(wire) {
      try {
        return await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'processed', maxRetries: 0n }).send();
      } catch (error) {
        if (!isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) throw error;
        // kit turns the preflight error into an exception; one verified simulation gives back its JSON shape.
        const { value } = await rpc.simulateTransaction(wire, { ...READ, encoding: 'base64', sigVerify: true }).send();
        const err = normalizeTransactionError(value.err) ?? 'SanitizeFailure';
        throw new TransactionRejectedError(`Transaction simulation failed: ${typeof err === 'string' ? err : JSON.stringify(err)}`, err);
      }
    },
    async sendAndConfirm(wire, sendOptions = {}) {
      return sendUntilDecided(client, wire, { pollIntervalMs, resendIntervalMs, timeoutMs: sendOptions.timeoutMs ?? 60_000, waker, finality });
    },
    async getSignatureStatuses(signatures) {
      const { value } = await rpc.getSignatureStatuses(signatures).send();
      return value.map((status): SignatureStatus | null =>
        status && status.confirmationStatus
          ? { slot: status.slot, err: normalizeTransactionError(status.err), confirmationStatus: status.confirmationStatus }
          : null,
      );
    },
    async getSignaturesForAddress(address, query = {}) {
      const entries = await rpc
        .getSignaturesForAddress(address, { ...DECIDE, ...(query.limit ? { limit: query.limit } : {}), ...(query.before ? { before: query.before } : {}) })
        .send();
      return entries.map((entry) => ({
        signature: entry.signature,
        slot: entry.slot,
        blockTime: entry.blockTime === null ? null : Number(entry.blockTime),
        err: normalizeTransactionError(entry.err),
      }));
    },
    async getTransaction(signature) {
      const found = await rpc.getTransaction(signature, { ...DECIDE, encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
      if (!found?.meta) return null;
      const { message } = found.transaction;
      const accountKeys = [...message.accountKeys, ...found.meta.loadedAddresses.writable, ...found.meta.loadedAddresses.readonly];
      const base58 = getBase58Encoder();
      const instructions = message.instructions.map((instruction) => ({
        programAddress: accountKeys[Number(instruction.programIdIndex)]!,
        data: base58.encode(instruction.data),
      }));
      return {
        signature,
        slot: found.slot,
        blockTime: found.blockTime === null ? null : Number(found.blockTime),
        err: normalizeTransactionError(found.meta.err),
        fee: found.meta.fee,
        accountKeys,
        memos: memosOf(instructions),
        preTokenBalances: toTokenBalances(found.meta.preTokenBalances),
        postTokenBalances: toTokenBalances(found.meta.postTokenBalances),
      };
    },
    async airdrop(address, lamports) {
      return rpc.requestAirdrop(address, toLamports(lamports), DECIDE).send();
    },
    async flush() {},
    async close() {},
  };
  return client;
}

type Subscriptions = ReturnType<typeof createSolanaRpcSubscriptions>;

/** How long a WebSocket may take to open before it counts as unavailable. */
const WEBSOCKET_OPEN_TIMEOUT_MS = 3000;
/** How long confirmations are only polled after the WebSocket failed, before it is tried again. */
const WEBSOCKET_RETRY_AFTER_MS = 60_000;

interface SignatureWaker {
  /** Calls `wake` on each notification for `signature`; the returned function ends the watch. */
  watch(signature: Signature, wake: () => void): () => void;
}

/**
 * signatureNotifications that only ever shorten the poll loop, never delay it: the
 * subscription opens beside the first send and poll. A socket that failed to open (an
 * HTTP-only endpoint may hold an upgrade request for a second before dropping it) is left
 * alone for a while, so that later transactions do not pay for it again.
 */
function signatureWaker(subscriptions: Subscriptions, onUnavailable: (error: unknown) => void): SignatureWaker {
  let downSince: number | null = null;
  const markDown = (error: unknown) => {
    if (downSince === null) onUnavailable(error);
    downSince = Date.now();
  };
  return {
    watch(signature, wake) {
      if (downSince !== null && Date.now() - downSince < WEBSOCKET_RETRY_AFTER_MS) return () => undefined;
      const abort = new AbortController();
      let settled = false;
      let ended = false;
      // An attempt is aborted only once it has settled (or timed out), so that its outcome
      // is learnt even when the transaction was decided first.
      const openTimer = setTimeout(() => {
        if (settled) return;
        markDown(new Error(`the WebSocket did not open within ${WEBSOCKET_OPEN_TIMEOUT_MS} ms`));
        abort.abort();
      }, WEBSOCKET_OPEN_TIMEOUT_MS);
      openTimer.unref();
      subscriptions
        .signatureNotifications(signature, DECIDE)
        .subscribe({ abortSignal: abort.signal })
        .then(
          async (notifications) => {
            settled = true;
            clearTimeout(openTimer);
            downSince = null;
            if (ended) abort.abort();
            for await (const notification of notifications) {
              void notification;
              wake();
            }
          },
          (error: unknown) => {
            settled = true;
            clearTimeout(openTimer);
            if (!abort.signal.aborted) markDown(error);
          },
        )
        .catch(() => undefined);
      return () => {
        ended = true;
        if (settled) abort.abort();
      };
    },
  };
}

/** Resends the exact bytes until a confirmed status, an error, expiry of the blockhash or the timeout. */
async function sendUntilDecided(
  client: ChainClient,
  wire: Base64EncodedWireTransaction,
  options: { pollIntervalMs: number; resendIntervalMs: number; timeoutMs: number; waker: SignatureWaker | null; finality: Finality },
): Promise<SendOutcome> {
  const transaction = fromWireTransaction(wire);
  const signature = signatureOf(transaction);
  const { blockhash } = summarizeMessage(transaction);
  let wake: () => void = () => undefined;
  // A notification only wakes the poll loop early; without a socket, polling still decides.
  const endWatch = options.waker?.watch(signature, () => wake()) ?? (() => undefined);
  const send = async (): Promise<SendOutcome | null> => {
    try {
      await client.sendTransaction(wire);
      return null;
    } catch (error) {
      if (!(error instanceof TransactionRejectedError)) throw error;
      if (error.err === 'AlreadyProcessed') return null;
      if (error.err === 'BlockhashNotFound') return { signature, status: 'expired' };
      return { signature, status: 'failed', err: error.err, logs: [] };
    }
  };
  try {
    const refused = await send();
    if (refused) return refused;
    const deadline = Date.now() + options.timeoutMs;
    let lastSent = Date.now();
    while (Date.now() < deadline) {
      const [status] = await client.getSignatureStatuses([signature]);
      if (status?.err) return { signature, status: 'failed', err: status.err, logs: [] };
      if (status && meetsFinality(status.confirmationStatus, options.finality))
        return { signature, status: 'confirmed', slot: status.slot, commitment: options.finality };
      if (!status && !(await client.isBlockhashValid(blockhash))) {
        const [late] = await client.getSignatureStatuses([signature]);
        if (!late) return { signature, status: 'expired' };
      }
      if (Date.now() - lastSent >= options.resendIntervalMs) {
        lastSent = Date.now();
        const refusedNow = await send();
        if (refusedNow) return refusedNow;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.pollIntervalMs);
      });
    }
    return { signature, status: 'pending' };
  } finally {
    endWatch();
  }
}
