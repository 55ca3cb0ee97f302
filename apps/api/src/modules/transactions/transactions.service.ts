import type { ChainClient } from '@carbonledger/chain';
import { formatSol, transactionTexts, type TransactionList, type TransactionView, type transactionListQuery } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import type { ExplorerTarget } from '../../lib/explorer';
import { LIST_COUNT_LIMIT, pageRows, windowedTotal } from '../../lib/list-window';
import { feeOf, ownersOf, transfersOfSignatures, walletSignatures, type TransactionReader } from './transactions.chain';
import { batchDraft, burnDraft, mintDraft, transferDraft, type Draft } from './transactions.entries';
import * as listRepository from './transactions.list.repository';
import type { EntryKey } from './transactions.list.repository';
import * as repository from './transactions.repository';

/**
 * Which entries an actor sees: a company's list, one entry, the entries of one record. How a
 * record reads as an entry is transactions.entries.ts; how the chain history is read is
 * transactions.chain.ts.
 */
export interface TransactionsDeps {
  db: Database;
  chain: ChainClient;
  /** getTransaction through a cache (transactionReader). */
  readTransaction: TransactionReader;
  explorer: ExplorerTarget;
  /** Where a chain read failure is reported; the list still answers from the database. */
  logChainFailure(error: unknown): void;
}

export type ListQuery = z.output<typeof transactionListQuery>;

/**
 * The transfers in and out and the burns made outside the platform that the chain history of
 * these wallets of the company shows (newest SIGNATURES_PER_ADDRESS per address: the chain is
 * slow and rate-limited). Signatures the database explains — its records' and any transaction
 * the platform sent, e.g. a retirement's burn not completed yet — are not read. Only movements
 * of the tenant's carbon token mints (`tokenMints`) count. Throws when the chain cannot be read.
 */
export async function chainTransferDrafts(
  deps: TransactionsDeps,
  tenantId: string,
  companyId: string,
  wallets: readonly repository.WalletRow[],
  tokenMints: readonly repository.TokenMintRow[],
): Promise<Draft[]> {
  const tokens = new Map(tokenMints.map((token) => [token.mintAddress, token]));
  const mints = new Set(tokens.keys());
  const histories = await Promise.all(wallets.map(async (wallet) => ({ wallet, signatures: await walletSignatures(deps.chain, wallet.address, mints) })));
  const signatures = [...new Set(histories.flatMap((history) => history.signatures))];
  if (signatures.length === 0) return [];
  const { explained, projectNames } = await deps.db.withTenant(tenantId, async (tx) => {
    const explained = new Set([
      ...(await repository.companyRecordSignatures(tx, companyId, signatures)),
      ...(await repository.recordedSignatures(tx, signatures)),
    ]);
    // Only a transfer needs the names its token's project is listed under.
    const projectIds = signatures.length > explained.size ? [...tokens.values()].flatMap((token) => token.projectReference?.split(':')[1] ?? []) : [];
    return { explained, projectNames: await listRepository.projectNamesOf(tx, companyId, projectIds) };
  });
  const drafts: Draft[] = [];
  for (const { wallet, signatures: walletSignatureList } of histories) {
    const unexplained = walletSignatureList.filter((signature) => !explained.has(signature));
    const movements = await transfersOfSignatures(deps.readTransaction, wallet.address, mints, unexplained);
    drafts.push(...movements.map((movement) => transferDraft(deps.explorer, movement, tokens.get(movement.mint), projectNames)));
  }
  return drafts;
}

/** Fees come from the chain: transfers carry theirs, mints and burns are looked up by signature. */
export async function withFees(deps: TransactionsDeps, drafts: readonly Draft[]): Promise<TransactionView[]> {
  return Promise.all(
    drafts.map(async (draft) => {
      let fee = draft.feeLamports;
      if (fee === null && draft.hash) fee = await feeOf(deps.readTransaction, draft.hash).catch(() => null);
      return { ...draft, feeLamports: fee === null ? null : fee.toString(), feeSol: fee === null ? null : formatSol(fee) };
    }),
  );
}

/** The company whose entries the actor asks for: its own, or for platform administrators any of the tenant's. */
export function companyInScope(actor: Actor, companyId: string | undefined): string {
  if (!companyId || companyId === actor.companyId) return actor.companyId;
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  return companyId;
}

/** The query's type, status and search, for entries read from the chain (the database's are filtered in SQL). */
function matches(query: ListQuery) {
  const needle = query.search?.toLowerCase();
  return (draft: Draft) => {
    if (query.type && draft.type !== query.type) return false;
    if (query.status && draft.status !== query.status) return false;
    if (!needle) return true;
    return [draft.hash, draft.project, draft.projectId, draft.tokenSymbol, draft.tokenMint, draft.from, draft.to, draft.description].some((value) =>
      value?.toLowerCase().includes(needle),
    );
  };
}

/**
 * The entries behind a page's keys, in the keys' order: the records read by id, the entries
 * read from the chain taken from `chainDrafts`. A batch chunk's project is named as the list
 * names it for `companyId`, the records' company.
 */
async function draftsOfKeys(deps: TransactionsDeps, tx: Tx, companyId: string, keys: readonly EntryKey[], chainDrafts: readonly Draft[]): Promise<Draft[]> {
  const idsOf = (kind: 'mint' | 'burn') => keys.flatMap((key) => (key.kind === kind ? [key.id] : []));
  const mints = await repository.mintOperationsByIds(tx, idsOf('mint'));
  const burns = await repository.burnsByIds(tx, idsOf('burn'));
  const chunks = await repository.batchChunksByKeys(
    tx,
    keys.flatMap((key) => (key.kind === 'batch' ? [key] : [])),
  );
  const projectNames = await listRepository.projectNamesOf(
    tx,
    companyId,
    chunks.map((row) => row.projectId),
  );
  const drafts = new Map(
    [
      ...mints.map((row) => mintDraft(deps.explorer, row)),
      ...chunks.map((row) => batchDraft(deps.explorer, row, projectNames)),
      ...burns.map((row) => burnDraft(deps.explorer, row)),
      ...chainDrafts,
    ].map((draft) => [draft.id, draft]),
  );
  return keys.flatMap((key) => drafts.get(key.entryId) ?? []);
}

/**
 * Where a page starts, counted from the nearer end: a page near the end is read from the end.
 * A capped count does not know where the end is (docs/lists.md), so such a page is read from the newest.
 */
function pageWindow(counted: { total: number; totalCapped: boolean }, offset: number, size: number) {
  if (counted.totalCapped) return { offset, limit: size, fromOldest: false };
  const shown = Math.max(0, Math.min(size, counted.total - offset));
  const after = counted.total - offset - shown;
  return after < offset ? { offset: after, limit: shown, fromOldest: true } : { offset, limit: shown, fromOldest: false };
}

/**
 * A page of the company's entries, newest first (docs/transactions.md): the database's records
 * are filtered, counted within the list window (docs/lists.md) and paged in SQL, the chain's
 * transfers read for the chosen wallets and placed among them; only the page's entries are then
 * read whole and their fees looked up. If the chain cannot be read the database part still
 * answers, flagged chainAvailable false.
 */
export async function listTransactions(deps: TransactionsDeps, actor: Actor, query: ListQuery): Promise<TransactionList> {
  const companyId = companyInScope(actor, query.companyId);
  // The chain history holds completed sends, receipts and burns only: a query for anything else needs none of it.
  const transfersShown = query.type !== 'mint' && (!query.status || query.status === 'completed');
  const { wallets, tokens } =
    query.wallet || transfersShown
      ? await deps.db.withTenant(actor.tenantId, async (tx) => ({
          wallets: await repository.walletsOfCompany(tx, companyId),
          tokens: transfersShown ? await repository.tenantTokenMints(tx) : [],
        }))
      : { wallets: [], tokens: [] };
  const chosen = wallets.filter((wallet) => !query.wallet || wallet.id === query.wallet || wallet.address === query.wallet);
  let chainAvailable = true;
  let transfers: Draft[] = [];
  if (transfersShown) {
    try {
      const live = chosen.filter((wallet) => !wallet.removedAt);
      transfers = (await chainTransferDrafts(deps, actor.tenantId, companyId, live, tokens)).filter(matches(query));
    } catch (error) {
      chainAvailable = false;
      deps.logChainFailure(error);
    }
  }
  const filter: listRepository.EntryFilter = {
    companyId,
    type: query.type,
    status: query.status,
    search: query.search || undefined,
    walletAddresses: query.wallet ? chosen.map((wallet) => wallet.address) : undefined,
  };
  const chainEntries = transfers.map((draft) => ({ id: draft.id, date: draft.date }));
  const { counted, drafts } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const counted = windowedTotal(await listRepository.countEntries(tx, filter, chainEntries, LIST_COUNT_LIMIT));
    const { offset, limit } = pageRows(query);
    const keys = await listRepository.entryPage(tx, filter, chainEntries, pageWindow(counted, offset, limit));
    return { counted, drafts: await draftsOfKeys(deps, tx, companyId, keys, transfers) };
  });
  return { items: await withFees(deps, drafts), ...counted, page: query.page, pageSize: query.pageSize, chainAvailable };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An entry read from the chain: a transfer, or a burn made outside the platform (a retirement's burn is `burn-<uuid>`). */
const CHAIN_ENTRY_ID = /^(?:sent|received|burn)-([1-9A-HJ-NP-Za-km-z]{64,88})$/;
/** An entry of a record: `mint-<operation>`, `burn-<retirement>`, `batch-<job>-<chunk>`. */
const RECORD_ENTRY_ID = new RegExp(`^(?:(mint|burn)-(${UUID})|batch-(${UUID})-(0|[1-9][0-9]{0,8}))$`);

/** The record entry `id` names, if the actor may see its company's entries. */
async function recordEntry(deps: TransactionsDeps, actor: Actor, id: string): Promise<Draft | undefined> {
  const parts = RECORD_ENTRY_ID.exec(id);
  if (!parts) return undefined;
  const [, kind, recordId, jobId, chunk] = parts;
  const key: EntryKey = jobId ? { entryId: id, kind: 'batch', jobId, chunk: Number(chunk) } : { entryId: id, kind: kind as 'mint' | 'burn', id: recordId! };
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const companyId =
      key.kind === 'batch'
        ? await repository.companyOfMintingJob(tx, key.jobId)
        : key.kind === 'mint'
          ? await repository.companyOfMintOperation(tx, recordId!)
          : await repository.companyOfRetirement(tx, recordId!);
    if (!companyId || (companyId !== actor.companyId && !actsTenantWide(actor))) return undefined;
    const [draft] = await draftsOfKeys(deps, tx, companyId, [key], []);
    return draft;
  });
}

/**
 * The chain entry `id` names, looked for in the chain history of the actor's company, and for
 * an administrator of the companies whose wallets' token balances the transaction changed.
 */
async function chainEntry(deps: TransactionsDeps, actor: Actor, id: string, signature: string): Promise<Draft | undefined> {
  const owners = actsTenantWide(actor) ? await ownersOf(deps.readTransaction, signature).catch(() => []) : [];
  const ownerCompanies = await deps.db.withTenant(actor.tenantId, (tx) => Promise.all(owners.map((owner) => repository.companyOfWalletAddress(tx, owner))));
  for (const companyId of new Set([actor.companyId, ...ownerCompanies.filter((company) => company !== undefined)])) {
    const { wallets, tokens } = await deps.db.withTenant(actor.tenantId, async (tx) => ({
      wallets: await repository.walletsOfCompany(tx, companyId),
      tokens: await repository.tenantTokenMints(tx),
    }));
    try {
      const live = wallets.filter((wallet) => !wallet.removedAt);
      const found = (await chainTransferDrafts(deps, actor.tenantId, companyId, live, tokens)).find((draft) => draft.id === id);
      if (found) return found;
    } catch (error) {
      deps.logChainFailure(error);
    }
  }
  return undefined;
}

export async function getTransaction(deps: TransactionsDeps, actor: Actor, id: string): Promise<TransactionView> {
  // Only transfers and outside burns are found in the chain history; the platform's mints and burns are the database's.
  const signature = CHAIN_ENTRY_ID.exec(id)?.[1];
  const found = signature ? await chainEntry(deps, actor, id, signature) : await recordEntry(deps, actor, id);
  if (!found) throw new AppError('NOT_FOUND', transactionTexts.notFound);
  return (await withFees(deps, [found]))[0]!;
}

/** A database record behind list entries, named when it was recorded as done or failed. */
export interface TransactionRecord {
  kind: 'mint_operation' | 'minting_job' | 'retirement';
  id: string;
}

/**
 * The list entries a record stands for, as the list shows them now (a mint operation's mint,
 * each chunk of a batch job, a retirement's burn), with the company they belong to; null when
 * the record lists nothing (a cancelled retirement, a job without chunks).
 */
export async function transactionsOfRecord(
  deps: TransactionsDeps,
  tenantId: string,
  record: TransactionRecord,
): Promise<{ companyId: string; transactions: TransactionView[] } | null> {
  const found = await deps.db.withTenant(tenantId, async (tx) => {
    if (record.kind === 'mint_operation') {
      const row = await repository.findMintOperation(tx, record.id);
      return row && { companyId: row.companyId, drafts: [mintDraft(deps.explorer, row)] };
    }
    if (record.kind === 'minting_job') {
      const companyId = await repository.companyOfMintingJob(tx, record.id);
      const projectNames = await repository.registryProjectNames(tx);
      return companyId && { companyId, drafts: (await repository.batchChunksOfJob(tx, record.id)).map((row) => batchDraft(deps.explorer, row, projectNames)) };
    }
    const row = await repository.findBurn(tx, record.id);
    return row && { companyId: row.companyId, drafts: [burnDraft(deps.explorer, row)] };
  });
  if (!found || found.drafts.length === 0) return null;
  return { companyId: found.companyId, transactions: await withFees(deps, found.drafts) };
}
