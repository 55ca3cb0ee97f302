/*
 * Over 300 lines on purpose: openEmbeddedChain is one closure over the LiteSVM instance, its
 * journal and its block clock, and every ChainClient method reads or advances that shared state.
 * Durability lives in embedded-store.ts, history in history.ts (docs/chain.md "Durability").
 */
import { FailedTransactionMetadata, LiteSVM, TransactionMetadata, type EpochSchedule, type SimulatedTransactionInfo } from 'litesvm';
import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  type Blockhash,
  lamports as toLamports,
  type Address,
  type Base64EncodedWireTransaction,
  type Signature,
  type Transaction,
} from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import {
  TransactionRejectedError,
  type BlockhashLifetime,
  type ChainAccount,
  type ChainClient,
  type ChainTokenBalance,
  type ChainTransaction,
  type SendOutcome,
  type SignatureStatus,
  type SimulationResult,
} from '../client';
import { decodeMintAccount, decodeTokenAccount, decodeTokenHolding, tokenAccountOwnedBy, type TokenHolding } from '../accounts';
import { fromWireTransaction, signatureOf, summarizeMessage } from '../wire';
import { memosOf, transactionFee, type InstructionData } from './history';
import { liteSvmErrorToJson, REJECTING_ERRORS } from './litesvm-errors';
import { openChainStore, type ChainStore, type JournalEntry } from './embedded-store';
import { loadMeta, metaOf, storeMeta, type EmbeddedTransactionMeta, type StoredMeta } from './embedded-meta';
import {
  createEventHub,
  createRecentBlocks,
  FINALIZED_AFTER_BLOCKS,
  type EmbeddedBlock,
  type EmbeddedChainListener,
  type EmbeddedEpochInfo,
} from './embedded-blocks';
import type { TransactionErrorJson } from '../transaction-error';

export interface EmbeddedChainOptions {
  /**
   * Base path of the chain's files (snapshot generations, sidecar, journal; see
   * embedded-store.ts); null keeps the chain in memory only (tests).
   */
  snapshotPath: string | null;
  /** How often a snapshot is written so that the journal replayed at start stays short. */
  snapshotIntervalMs?: number;
  /**
   * How often a new block is produced (a new slot and blockhash). null produces blocks only
   * through advanceBlocks(), which tests use to make expiry deterministic.
   */
  blockIntervalMs?: number | null;
  /** Blocks a blockhash stays usable, as on Solana. */
  blockhashValidityBlocks?: number;
  /** Transactions kept for history queries (default MAX_HISTORY_TRANSACTIONS). */
  maxHistoryTransactions?: number;
  /** Told when replaying the journal at start does not reproduce what it recorded (default console.warn). */
  onWarning?: (message: string) => void;
}

/** The embedded chain, with the controls only a local chain has. */
export interface EmbeddedChainClient extends ChainClient {
  readonly driver: 'embedded';
  /** Produces `count` blocks now: each a new slot and a new blockhash; old ones expire in turn. */
  advanceBlocks(count: number): void;
  /** Runs a transaction as it would land, even when it would fail, to learn the outcome without keeping it. */
  simulateTransaction(transaction: Base64EncodedWireTransaction, options?: { sigVerify?: boolean }): Promise<SimulationResult>;
  /** The signed bytes of a transaction in the history (what the local /rpc getTransaction renders). */
  getTransactionWire(signature: Signature): Promise<Base64EncodedWireTransaction | null>;
  /** Logs, SOL balances, inner instructions and compute units of a transaction in the history; null when unknown or landed before they were kept. */
  getTransactionMeta(signature: Signature): Promise<EmbeddedTransactionMeta | null>;
  /** Accounts a program owns (what getProgramAccounts filters). */
  getProgramAccounts(program: Address): Promise<ChainAccount[]>;
  /** One of the last MAX_RECENT_BLOCKS blocks produced since the chain was opened; null for another slot. */
  getBlock(slot: bigint): Promise<EmbeddedBlock | null>;
  /** The blocks getBlock knows, oldest first. */
  getRecentBlocks(): Promise<readonly EmbeddedBlock[]>;
  getEpochInfo(): Promise<EmbeddedEpochInfo>;
  /** Tells `listener` of each landed transaction and new block from now on; returns the way to stop. */
  subscribe(listener: EmbeddedChainListener): () => void;
}

export function isEmbeddedChain(client: ChainClient): client is EmbeddedChainClient {
  return client.driver === 'embedded' && 'advanceBlocks' in client;
}

export const DEFAULT_BLOCK_INTERVAL_MS = 400;
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
/** Signature statuses kept for getSignatureStatuses; older ones answer null, like a pruned node. */
const MAX_REMEMBERED_SIGNATURES = 50_000;
/**
 * Transactions kept for getSignaturesForAddress/getTransaction, like a node's limited
 * ledger: the oldest are forgotten first. Each costs a few KB (signed bytes, logs, balances) in memory and in chain.bin.json.
 */
export const MAX_HISTORY_TRANSACTIONS = 10_000;
const MAX_SIGNATURES_PER_QUERY = 1_000;
/** Accounts whose state after their last transaction is kept, so that the next one need not read them first. */
const MAX_KNOWN_ACCOUNTS = 4_096;

/**
 * Version 1 had no history; it still loads (with an empty history). Version 3 adds the
 * journal position and snapshot generation, which the store writes (embedded-store.ts).
 */
interface SidecarState {
  version: 1 | 2 | 3;
  recentBlockhashes: [string, string][];
  statuses: [string, string, TransactionErrorJson | null][];
  transactions?: StoredTransaction[];
}

type StoredBalance = [accountIndex: number, mint: string, owner: string, amount: string, decimals: number];

/** What landing did; the rest of a ChainTransaction (fee, keys, memos) is read again from `wire`. */
interface StoredTransaction {
  wire: string;
  slot: string;
  blockTime: number | null;
  err: TransactionErrorJson | null;
  pre: StoredBalance[];
  post: StoredBalance[];
  /** Absent for transactions recorded before the metadata was kept. */
  meta?: StoredMeta;
}

/** What landing a transaction did, beyond what its message says. */
type LandedFacts = Pick<ChainTransaction, 'signature' | 'slot' | 'blockTime' | 'err' | 'preTokenBalances' | 'postTokenBalances'>;

/** A transaction the driver was given: decoded, in canonical wire form, and its id. */
interface Received {
  transaction: Transaction;
  wire: Base64EncodedWireTransaction;
  signature: Signature;
}

/** An account as landing read it (null: absent), with its token holding when it is a token account. */
interface SeenAccount {
  account: ChainAccount | null;
  holding: TokenHolding | null;
}

/** What landing reads of a message's accounts, by account index (readAccountsBefore and readAccountsAfter). */
interface AccountsNow {
  /** The writable accounts as they are; null for read-only ones. */
  written: (SeenAccount | null)[];
  lamports: bigint[];
}

/** A landed transaction as the embedded chain keeps it: the signed bytes and what they did. */
interface RecordedTransaction {
  transaction: ChainTransaction;
  wire: Base64EncodedWireTransaction;
  /** Account keys the address index lists it under (every key but the programs it invokes). */
  indexedKeys: Address[];
  meta: EmbeddedTransactionMeta | null;
}

interface RecordedStatus {
  slot: bigint;
  err: TransactionErrorJson | null;
  logs: string[];
}

const base58 = getBase58Decoder();
const compiledMessageDecoder = getCompiledTransactionMessageDecoder();

const storeBalance = (balance: ChainTokenBalance): StoredBalance => [
  balance.accountIndex,
  balance.mint,
  balance.owner,
  balance.amount.toString(),
  balance.decimals,
];
const loadBalance = ([accountIndex, mint, owner, amount, decimals]: StoredBalance): ChainTokenBalance => ({
  accountIndex,
  mint: mint as Address,
  owner: owner as Address,
  amount: BigInt(amount),
  decimals,
});

/** What landing and history need from a message: its blockhash, keys, the writable ones, the programs invoked and their data. */
function readMessage(transaction: Transaction) {
  const compiled = compiledMessageDecoder.decode(transaction.messageBytes);
  // Addresses loaded from lookup tables are not resolved: the product's transactions use none.
  const accountKeys = [...compiled.staticAccounts];
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = compiled.header;
  const instructions: InstructionData[] =
    'instructions' in compiled
      ? compiled.instructions.map((instruction) => ({
          programAddress: accountKeys[instruction.programAddressIndex]!,
          data: instruction.data ?? new Uint8Array(),
        }))
      : [];
  const invoked = new Set<Address>(instructions.map((instruction) => instruction.programAddress));
  const isWritable = accountKeys.map((key, index) => {
    if (invoked.has(key)) return false;
    if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
    return index < accountKeys.length - numReadonlyNonSignerAccounts;
  });
  return {
    blockhash: compiled.lifetimeToken as Blockhash,
    accountKeys,
    instructions,
    isWritable,
    indexedKeys: accountKeys.filter((key) => !invoked.has(key)),
    signatures: numSignerAccounts,
    // It may write accounts its static keys do not name, so what is known of accounts must be read again after it.
    usesLookupTables: 'addressTableLookups' in compiled && (compiled.addressTableLookups?.length ?? 0) > 0,
  };
}

type LandingMessage = ReturnType<typeof readMessage>;

/** An account a transaction closed, as Solana reports it to subscribers. */
const closedAccount = (address: Address): ChainAccount => ({ address, lamports: 0n, owner: SYSTEM_PROGRAM_ADDRESS, executable: false, data: new Uint8Array() });

/** Epoch, slot index and epoch length of a slot under the chain's epoch schedule (epochs grow from 32 slots during warmup). */
function epochInfoAt(slot: bigint, schedule: EpochSchedule): EmbeddedEpochInfo {
  if (slot >= schedule.firstNormalSlot) {
    const sinceNormal = slot - schedule.firstNormalSlot;
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: schedule.firstNormalEpoch + sinceNormal / schedule.slotsPerEpoch,
      slotIndex: sinceNormal % schedule.slotsPerEpoch,
      slotsInEpoch: schedule.slotsPerEpoch,
    };
  }
  let [epoch, start, length] = [0n, 0n, 32n];
  while (slot >= start + length) [epoch, start, length] = [epoch + 1n, start + length, length * 2n];
  return { absoluteSlot: slot, blockHeight: slot, epoch, slotIndex: slot - start, slotsInEpoch: length };
}

function toChainAccount(address: Address, svm: LiteSVM): ChainAccount | null {
  const account = svm.getAccount(address);
  if (!account.exists) return null;
  return { address, lamports: account.lamports, owner: account.programAddress, executable: account.executable, data: new Uint8Array(account.data) };
}

/**
 * LiteSVM in-process: a real SVM with Token-2022, the associated token account program and
 * Memo loaded. LiteSVM itself only accepts its latest blockhash; this driver produces blocks
 * on a timer and accepts any blockhash until its last valid block height, as a cluster does.
 */
export function openEmbeddedChain(options: EmbeddedChainOptions): EmbeddedChainClient {
  const validity = BigInt(options.blockhashValidityBlocks ?? BLOCKHASH_VALIDITY_BLOCKS);
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  const store: ChainStore<SidecarState> | null = options.snapshotPath ? openChainStore<SidecarState>(options.snapshotPath) : null;
  const snapshotFile = store?.loaded.snapshotFile;
  const svm = (snapshotFile ? LiteSVM.loadFromFile(snapshotFile) : new LiteSVM()).withBlockhashCheck(false);
  const recentBlockhashes = new Map<string, bigint>();
  const statuses = new Map<string, RecordedStatus>();
  /** Oldest first, so the first entry is the one to forget. */
  const history = new Map<string, RecordedTransaction>();
  const byAddress = new Map<string, Signature[]>();
  const mintDecimals = new Map<string, number>();
  const maxHistory = options.maxHistoryTransactions ?? MAX_HISTORY_TRANSACTIONS;

  const addToHistory = (
    wire: Base64EncodedWireTransaction,
    message: ReturnType<typeof readMessage>,
    landed: LandedFacts,
    meta: EmbeddedTransactionMeta | null,
  ) => {
    const recorded: RecordedTransaction = {
      wire,
      indexedKeys: message.indexedKeys,
      meta,
      transaction: {
        ...landed,
        fee: transactionFee(message.signatures, message.instructions),
        accountKeys: message.accountKeys,
        memos: memosOf(message.instructions),
      },
    };
    history.set(landed.signature, recorded);
    for (const key of message.indexedKeys) {
      const signatures = byAddress.get(key);
      if (signatures) signatures.push(landed.signature);
      else byAddress.set(key, [landed.signature]);
    }
    if (history.size <= maxHistory) return;
    const [oldestSignature, oldest] = history.entries().next().value!;
    history.delete(oldestSignature);
    for (const key of oldest.indexedKeys) {
      // The oldest transaction is the first entry of each of its addresses' lists.
      const signatures = byAddress.get(key)!;
      signatures.shift();
      if (signatures.length === 0) byAddress.delete(key);
    }
  };

  const restoreTransaction = (stored: StoredTransaction) => {
    const wire = stored.wire as Base64EncodedWireTransaction;
    const transaction = fromWireTransaction(wire);
    addToHistory(
      wire,
      readMessage(transaction),
      {
        signature: signatureOf(transaction),
        slot: BigInt(stored.slot),
        blockTime: stored.blockTime,
        err: stored.err,
        preTokenBalances: stored.pre.map(loadBalance),
        postTokenBalances: stored.post.map(loadBalance),
      },
      stored.meta ? loadMeta(stored.meta) : null,
    );
  };

  const sidecar = store?.loaded.sidecar;
  if (sidecar) {
    for (const [blockhash, lastValid] of sidecar.recentBlockhashes) recentBlockhashes.set(blockhash, BigInt(lastValid));
    for (const [signature, slot, err] of sidecar.statuses) statuses.set(signature, { slot: BigInt(slot), err, logs: [] });
    for (const stored of sidecar.transactions ?? []) restoreTransaction(stored);
  }

  const decimalsOf = (mint: Address): number => {
    const cached = mintDecimals.get(mint);
    if (cached !== undefined) return cached;
    const account = toChainAccount(mint, svm);
    const decoded = account && decodeMintAccount(account);
    // A mint's decimals never change once it is initialised.
    if (decoded) mintDecimals.set(mint, decoded.decimals);
    return decoded?.decimals ?? 0;
  };

  /**
   * Accounts as the last transaction that wrote them left them (null: absent), so that landing
   * the next one need not read them first: an account read costs about as much as executing a
   * mint-to (docs/chain.md). Every landed transaction stores what it wrote; anything else that
   * may change an account (the faucet, a credit, the clock's sysvars, a transaction with lookup
   * tables) clears it.
   */
  const knownAccounts = new Map<Address, SeenAccount>();
  const forgetKnownAccounts = () => knownAccounts.clear();
  const knowAccount = (address: Address, seen: SeenAccount) => {
    knownAccounts.delete(address);
    knownAccounts.set(address, seen);
    if (knownAccounts.size > MAX_KNOWN_ACCOUNTS) knownAccounts.delete(knownAccounts.keys().next().value!);
  };
  /** Reads an account from LiteSVM, its token holding decoded once for this transaction's balances and the next one's. */
  const readAccount = (address: Address): SeenAccount => {
    const account = toChainAccount(address, svm);
    return { account, holding: account && decodeTokenHolding(account) };
  };

  /** The message's accounts before it lands: each writable one whole, the lamports of every one. */
  const readAccountsBefore = (message: LandingMessage): AccountsNow => {
    const written = message.accountKeys.map((key, index) => (message.isWritable[index] ? (knownAccounts.get(key) ?? readAccount(key)) : null));
    const lamports = message.accountKeys.map((key, index) => {
      const seen = written[index] ?? knownAccounts.get(key);
      return seen ? (seen.account?.lamports ?? 0n) : (svm.getBalance(key) ?? 0n);
    });
    return { written, lamports };
  };

  /**
   * The same after it landed: the writable ones read again (and remembered), the read-only
   * ones keep their lamports, since a transaction cannot change an account it does not write.
   */
  const readAccountsAfter = (message: LandingMessage, before: AccountsNow): AccountsNow => {
    if (message.usesLookupTables) forgetKnownAccounts();
    const written = message.accountKeys.map((key, index) => {
      if (!message.isWritable[index]) return null;
      const seen = readAccount(key);
      knowAccount(key, seen);
      return seen;
    });
    const lamports = message.accountKeys.map((_, index) => {
      const seen = written[index];
      return seen ? (seen.account?.lamports ?? 0n) : before.lamports[index]!;
    });
    return { written, lamports };
  };

  /** Token-2022 balances of the written accounts that are token accounts. */
  const tokenBalancesOf = ({ written }: AccountsNow): ChainTokenBalance[] =>
    written.flatMap((seen, accountIndex) => (seen?.holding ? [{ accountIndex, ...seen.holding, decimals: decimalsOf(seen.holding.mint) }] : []));
  // Only produceBlock moves the clock, so the slot is kept here instead of asked of LiteSVM on every call.
  let slot = svm.getClock().slot;
  const currentSlot = () => slot;
  if (!recentBlockhashes.has(svm.latestBlockhash())) recentBlockhashes.set(svm.latestBlockhash(), slot + validity);
  const blocks = createRecentBlocks({
    slot,
    parentSlot: slot - 1n,
    blockhash: svm.latestBlockhash(),
    previousBlockhash: svm.latestBlockhash(),
    blockTime: Number(svm.getClock().unixTimestamp),
  });
  const events = createEventHub((error) => warn(`embedded chain: a listener failed: ${error instanceof Error ? error.message : String(error)}`));

  /** Moves the clock forward to `target` (never back), as block production and replay do. */
  const setClock = (target: bigint, unixTimestamp: number) => {
    forgetKnownAccounts();
    if (target > slot) svm.warpToSlot(target);
    const clock = svm.getClock();
    clock.unixTimestamp = BigInt(unixTimestamp);
    svm.setClock(clock);
    slot = clock.slot;
  };

  const forgetExpiredBlockhashes = () => {
    for (const [blockhash, lastValid] of recentBlockhashes) if (lastValid < slot) recentBlockhashes.delete(blockhash);
  };

  const produceBlock = () => {
    setClock(slot + 1n, Math.floor(Date.now() / 1000));
    svm.expireBlockhash();
    recentBlockhashes.set(svm.latestBlockhash(), slot + validity);
    forgetExpiredBlockhashes();
    const parentSlot = blocks.current().slot;
    blocks.add({ slot, blockhash: svm.latestBlockhash(), blockTime: Number(svm.getClock().unixTimestamp) });
    if (events.listening) events.emit({ type: 'block', slot, parentSlot, root: slot > FINALIZED_AFTER_BLOCKS ? slot - FINALIZED_AFTER_BLOCKS : 0n });
  };

  /**
   * Blockhashes handed out since the last snapshot are journaled (without waiting for the
   * disk: losing one only expires a transaction that never landed), so that a transaction
   * signed before a crash can still land after it.
   */
  const journaledBlockhashes = new Set<string>();
  const journalBlockhash = (blockhash: string, lastValid: bigint) => {
    if (!store || journaledBlockhashes.has(blockhash)) return;
    journaledBlockhashes.add(blockhash);
    store.append({ type: 'blockhash', blockhash, lastValid: lastValid.toString(), slot: slot.toString() }, { durable: false });
  };

  const remember = (signature: string, status: RecordedStatus) => {
    statuses.set(signature, status);
    if (statuses.size > MAX_REMEMBERED_SIGNATURES) statuses.delete(statuses.keys().next().value!);
  };

  const flushNow = () => {
    if (!store) return;
    const sidecar: SidecarState = {
      version: 3,
      recentBlockhashes: [...recentBlockhashes].map(([blockhash, lastValid]) => [blockhash, lastValid.toString()]),
      statuses: [...statuses].map(([signature, status]) => [signature, status.slot.toString(), status.err]),
      transactions: [...history.values()].map(({ wire, transaction, meta }) => ({
        wire,
        slot: transaction.slot.toString(),
        blockTime: transaction.blockTime,
        err: transaction.err,
        pre: transaction.preTokenBalances.map(storeBalance),
        post: transaction.postTokenBalances.map(storeBalance),
        ...(meta ? { meta: storeMeta(meta) } : {}),
      })),
    };
    store.commit((file) => svm.saveToFile(file), sidecar);
    journaledBlockhashes.clear();
  };

  const blockhashUsable = (blockhash: string) => {
    const lastValid = recentBlockhashes.get(blockhash);
    return lastValid !== undefined && lastValid >= currentSlot();
  };

  const decode = (wire: string): Transaction => {
    try {
      return fromWireTransaction(wire);
    } catch (error) {
      throw new TransactionRejectedError(`malformed transaction: ${error instanceof Error ? error.message : String(error)}`, 'SanitizeFailure');
    }
  };

  /**
   * A transaction as it arrives, decoded and named once. The signed bytes are kept in their
   * canonical base64 (what toWireTransaction would give) without encoding the transaction again.
   */
  const receive = (wire: string): Received => {
    const transaction = decode(wire);
    return { transaction, wire: Buffer.from(wire, 'base64').toString('base64') as Base64EncodedWireTransaction, signature: signatureOf(transaction) };
  };

  const simulate = (transaction: Transaction, sigVerify: boolean): SimulationResult => {
    if (!blockhashUsable(summarizeMessage(transaction).blockhash)) return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n };
    svm.withSigverify(sigVerify);
    let result: FailedTransactionMetadata | SimulatedTransactionInfo;
    try {
      result = svm.simulateTransaction(transaction);
    } finally {
      svm.withSigverify(true);
    }
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return { err: liteSvmErrorToJson(result.err()), logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
    }
    const meta = result.meta();
    return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
  };

  /**
   * Lands the transaction (failed ones too, as a cluster does) or refuses it before it runs.
   * A landed transaction is journaled before this returns, so nobody learns of it before it
   * would survive a crash. `replayed` is a journal entry being applied again at start.
   */
  const land = ({ transaction, wire, signature }: Received, replayed?: { slot: bigint; blockTime: number }): Signature => {
    if (statuses.has(signature)) return signature;
    const message = readMessage(transaction);
    if (!replayed && !blockhashUsable(message.blockhash)) throw new TransactionRejectedError('Blockhash not found', 'BlockhashNotFound');
    const before = readAccountsBefore(message);
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      result = svm.sendTransaction(transaction);
    } catch (error) {
      throw new TransactionRejectedError(`signature verification failed: ${error instanceof Error ? error.message : String(error)}`, 'SignatureFailure');
    }
    const err = result instanceof TransactionMetadata ? null : liteSvmErrorToJson(result.err());
    if (err === 'AlreadyProcessed') return signature;
    if (typeof err === 'string' && REJECTING_ERRORS.has(err)) throw new TransactionRejectedError(`Transaction refused: ${err}`, err);
    const slotNow = replayed?.slot ?? currentSlot();
    const blockTime = replayed?.blockTime ?? Math.floor(Date.now() / 1000);
    if (!replayed) store?.append({ type: 'tx', wire, slot: slotNow.toString(), time: blockTime, err }, { durable: true });
    const after = readAccountsAfter(message, before);
    const meta = metaOf(result, before.lamports, after.lamports);
    remember(signature, { slot: slotNow, err, logs: err ? meta.logs : [] });
    addToHistory(
      wire,
      message,
      { signature, slot: slotNow, blockTime, err, preTokenBalances: tokenBalancesOf(before), postTokenBalances: tokenBalancesOf(after) },
      meta,
    );
    if (blocks.current().slot === slotNow) blocks.current().signatures.push(signature);
    if (!replayed && events.listening) {
      const written = message.accountKeys.flatMap((key, index) => (message.isWritable[index] ? [after.written[index]?.account ?? closedAccount(key)] : []));
      events.emit({ type: 'transaction', signature, slot: slotNow, err, logs: meta.logs, accountKeys: message.accountKeys, written });
    }
    return signature;
  };

  /** Adds lamports to an account as the faucet did, without the faucet's own transfer. */
  const credit = (address: Address, amount: bigint) => {
    forgetKnownAccounts();
    const account = svm.getAccount(address);
    svm.setAccount(
      account.exists
        ? { ...account, lamports: toLamports(account.lamports + amount) }
        : { address, lamports: toLamports(amount), programAddress: SYSTEM_PROGRAM_ADDRESS, data: new Uint8Array(), executable: false, space: 0n },
    );
  };

  /** Applies what the journal recorded after the snapshot, in order, at the recorded slots and times. */
  const replay = (entry: JournalEntry) => {
    if (entry.type === 'blockhash') {
      setClock(BigInt(entry.slot), Number(svm.getClock().unixTimestamp));
      recentBlockhashes.set(entry.blockhash, BigInt(entry.lastValid));
      journaledBlockhashes.add(entry.blockhash);
      return;
    }
    if (entry.type === 'airdrop') {
      setClock(BigInt(entry.slot), Number(svm.getClock().unixTimestamp));
      credit(entry.address as Address, BigInt(entry.lamports));
      remember(entry.signature, { slot: BigInt(entry.slot), err: null, logs: [] });
      return;
    }
    setClock(BigInt(entry.slot), entry.time);
    const received = receive(entry.wire);
    let err: TransactionErrorJson | null;
    try {
      land(received, { slot: BigInt(entry.slot), blockTime: entry.time });
      err = statuses.get(received.signature)?.err ?? null;
    } catch {
      err = 'refused';
    }
    if (JSON.stringify(err) !== JSON.stringify(entry.err)) {
      warn(`embedded chain: replaying journal entry ${entry.seq} (${received.signature}) gave ${JSON.stringify(err)} instead of ${JSON.stringify(entry.err)}`);
    }
  };

  const journal = store?.loaded.journal ?? [];
  for (const entry of journal) replay(entry);
  if (journal.length > 0) {
    forgetExpiredBlockhashes();
    produceBlock();
  }

  const snapshotTimer = store && options.snapshotIntervalMs ? setInterval(flushNow, options.snapshotIntervalMs) : null;
  snapshotTimer?.unref();
  const blockInterval = options.blockIntervalMs === undefined ? DEFAULT_BLOCK_INTERVAL_MS : options.blockIntervalMs;
  const blockTimer = blockInterval ? setInterval(produceBlock, blockInterval) : null;
  blockTimer?.unref();
  let closed = false;

  return {
    driver: 'embedded',
    // One node and a journal written before the answer: nothing that landed can be rolled back, but statuses
    // read `confirmed` for the first 32 blocks as on a cluster, so that is what the product waits for.
    finality: 'confirmed',
    async health() {
      const slot = currentSlot();
      return { driver: 'embedded', slot, blockHeight: slot, blockhash: svm.latestBlockhash() };
    },
    async getSlot() {
      return currentSlot();
    },
    async getBlockHeight() {
      return currentSlot();
    },
    async getLatestBlockhash(): Promise<BlockhashLifetime> {
      const blockhash = svm.latestBlockhash();
      const lastValidBlockHeight = recentBlockhashes.get(blockhash) ?? currentSlot() + validity;
      journalBlockhash(blockhash, lastValidBlockHeight);
      return { blockhash, lastValidBlockHeight };
    },
    async isBlockhashValid(blockhash) {
      return blockhashUsable(blockhash);
    },
    async getBalance(address) {
      return svm.getBalance(address) ?? 0n;
    },
    async getAccountInfo(address) {
      return toChainAccount(address, svm);
    },
    async getMint(address) {
      const account = toChainAccount(address, svm);
      return account ? decodeMintAccount(account) : null;
    },
    async getTokenAccount(address) {
      const account = toChainAccount(address, svm);
      return account ? decodeTokenAccount(account) : null;
    },
    async getTokenAccountsByOwner(owner, filter = {}) {
      return svm
        .getProgramAccounts(TOKEN_2022_PROGRAM_ADDRESS)
        .filter((account) => tokenAccountOwnedBy(account.data, owner))
        .map((account) =>
          decodeTokenAccount({
            address: account.address,
            lamports: account.lamports,
            owner: account.programAddress,
            executable: account.executable,
            data: new Uint8Array(account.data),
          }),
        )
        .filter((token) => token !== null && (!filter.mint || token.mint === filter.mint))
        .map((token) => token!);
    },
    async getMinimumBalanceForRentExemption(dataSize) {
      return svm.minimumBalanceForRentExemption(BigInt(dataSize));
    },
    async simulateTransaction(wire, simulateOptions = {}) {
      return simulate(decode(wire), simulateOptions.sigVerify ?? false);
    },
    async sendTransaction(wire) {
      return land(receive(wire));
    },
    async sendAndConfirm(wire): Promise<SendOutcome> {
      const received = receive(wire);
      const { signature } = received;
      try {
        land(received);
      } catch (error) {
        if (!(error instanceof TransactionRejectedError)) throw error;
        if (error.err === 'BlockhashNotFound') return { signature, status: 'expired' };
        return { signature, status: 'failed', err: error.err, logs: [] };
      }
      const status = statuses.get(signature)!;
      return status.err === null
        ? { signature, status: 'confirmed', slot: status.slot, commitment: 'confirmed' }
        : { signature, status: 'failed', err: status.err, logs: status.logs };
    },
    async getSignatureStatuses(signatures) {
      const slot = currentSlot();
      return signatures.map((signature): SignatureStatus | null => {
        const status = statuses.get(signature);
        if (!status) return null;
        return { slot: status.slot, err: status.err, confirmationStatus: slot - status.slot >= FINALIZED_AFTER_BLOCKS ? 'finalized' : 'confirmed' };
      });
    },
    async getSignaturesForAddress(address, query = {}) {
      const signatures = byAddress.get(address) ?? [];
      const limit = Math.min(Math.max(query.limit ?? MAX_SIGNATURES_PER_QUERY, 1), MAX_SIGNATURES_PER_QUERY);
      let end = signatures.length;
      if (query.before) {
        const position = signatures.lastIndexOf(query.before);
        end = position === -1 ? 0 : position;
      }
      const page = signatures.slice(Math.max(0, end - limit), end).reverse();
      return page.map((signature) => {
        const { transaction } = history.get(signature)!;
        return { signature, slot: transaction.slot, blockTime: transaction.blockTime, err: transaction.err };
      });
    },
    async getTransaction(signature) {
      return history.get(signature)?.transaction ?? null;
    },
    async getTransactionWire(signature) {
      return history.get(signature)?.wire ?? null;
    },
    async getTransactionMeta(signature) {
      return history.get(signature)?.meta ?? null;
    },
    async getProgramAccounts(program) {
      return svm.getProgramAccounts(program).map((account) => ({
        address: account.address,
        lamports: account.lamports,
        owner: account.programAddress,
        executable: account.executable,
        data: new Uint8Array(account.data),
      }));
    },
    async getBlock(target) {
      return blocks.find(target);
    },
    async getRecentBlocks() {
      return blocks.all();
    },
    async getEpochInfo() {
      return epochInfoAt(currentSlot(), svm.getEpochSchedule());
    },
    subscribe(listener) {
      return events.add(listener);
    },
    async airdrop(address, lamports) {
      // The faucet's own account pays too.
      forgetKnownAccounts();
      let result = svm.airdrop(address, toLamports(lamports));
      // The faucet's transfer is built on the latest blockhash: the same amount to the same address again within one
      // block is the same transaction, refused as already processed. On a new block it is a new one.
      if (result && !(result instanceof TransactionMetadata) && result.toString().includes('AlreadyProcessed')) {
        produceBlock();
        result = svm.airdrop(address, toLamports(lamports));
      }
      if (!(result instanceof TransactionMetadata)) throw new Error(`airdrop failed: ${result ? result.toString() : 'no result'}`);
      const signature = base58.decode(new Uint8Array(result.signature())) as Signature;
      store?.append({ type: 'airdrop', address, lamports: lamports.toString(), signature, slot: currentSlot().toString() }, { durable: true });
      remember(signature, { slot: currentSlot(), err: null, logs: [] });
      if (events.listening) {
        events.emit({
          type: 'transaction',
          signature,
          slot: currentSlot(),
          err: null,
          logs: result.logs(),
          accountKeys: [address],
          written: [toChainAccount(address, svm)!],
        });
      }
      return signature;
    },
    advanceBlocks(count) {
      for (let i = 0; i < count; i++) produceBlock();
    },
    async flush() {
      flushNow();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (snapshotTimer) clearInterval(snapshotTimer);
      if (blockTimer) clearInterval(blockTimer);
      flushNow();
      store?.close();
    },
  };
}
