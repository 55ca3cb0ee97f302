import type { ChainClient } from '@carbonledger/chain';
import { formatSol, transactionTexts, type TransactionList, type TransactionView, type transactionListQuery } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import type { ExplorerTarget } from '../../lib/explorer';
import { feeOf, ownersOf, walletTransfers, type ChainTransfer, type TransactionReader } from './transactions.chain';
import { batchDraft, burnDraft, mintDraft, transferDraft, type Draft } from './transactions.entries';
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
 * Every token movement of a company's wallets: mints and burns as the database recorded them,
 * then transfers in and out and burns made outside the platform, read from the chain, for the
 * wallets whose chain history can be shown (`transfersOf`; the chain is slow and rate-limited).
 * Signatures the database explains — its records' and any transaction the platform sent, e.g.
 * a retirement's burn not completed yet — are skipped. If the chain cannot be read the database
 * part still answers, flagged chainAvailable false.
 */
async function companyTransactions(deps: TransactionsDeps, tenantId: string, companyId: string, transfersOf: (wallet: repository.WalletRow) => boolean) {
  const facts = await deps.db.withTenant(tenantId, async (tx) => ({
    wallets: await repository.walletsOfCompany(tx, companyId),
    mints: await repository.mintOperationsOfCompany(tx, companyId),
    chunks: await repository.batchChunksOfCompany(tx, companyId),
    burns: await repository.burnsOfCompany(tx, companyId),
    tokens: await repository.tenantTokenMints(tx),
    projectNames: await repository.registryProjectNames(tx),
  }));
  const projectNames = new Map(facts.projectNames);
  for (const row of [...facts.mints, ...facts.burns]) projectNames.set(row.projectId, row.projectName);
  const drafts = [
    ...facts.mints.map((row) => mintDraft(deps.explorer, row)),
    ...facts.chunks.map((row) => batchDraft(deps.explorer, row, projectNames)),
    ...facts.burns.map((row) => burnDraft(deps.explorer, row)),
  ];
  const known = new Set(drafts.flatMap((draft) => (draft.hash ? [draft.hash] : [])));
  const tokens = new Map(facts.tokens.map((token) => [token.mintAddress, token]));
  const mints = new Set(tokens.keys());
  let chainAvailable = true;
  try {
    const movements: ChainTransfer[] = [];
    for (const wallet of facts.wallets.filter((row) => !row.removedAt && transfersOf(row)))
      movements.push(...(await walletTransfers(deps.chain, deps.readTransaction, wallet.address, mints, known)));
    const recorded = await deps.db.withTenant(tenantId, (tx) =>
      repository.recordedSignatures(tx, [...new Set(movements.map((movement) => movement.signature))]),
    );
    for (const movement of movements)
      if (!recorded.has(movement.signature)) drafts.push(transferDraft(deps.explorer, movement, tokens.get(movement.mint), projectNames));
  } catch (error) {
    chainAvailable = false;
    deps.logChainFailure(error);
  }
  drafts.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  return { drafts, wallets: facts.wallets, chainAvailable };
}

/** Fees come from the chain: transfers carry theirs, mints and burns are looked up by signature. */
async function withFees(deps: TransactionsDeps, drafts: readonly Draft[]): Promise<TransactionView[]> {
  return Promise.all(
    drafts.map(async (draft) => {
      let fee = draft.feeLamports;
      if (fee === null && draft.hash) fee = await feeOf(deps.readTransaction, draft.hash).catch(() => null);
      return { ...draft, feeLamports: fee === null ? null : fee.toString(), feeSol: fee === null ? null : formatSol(fee) };
    }),
  );
}

function companyInScope(actor: Actor, companyId: string | undefined): string {
  if (!companyId || companyId === actor.companyId) return actor.companyId;
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  return companyId;
}

function matches(query: ListQuery, walletAddresses: ReadonlySet<string> | null) {
  const needle = query.search?.toLowerCase();
  return (draft: Draft) => {
    if (query.type && draft.type !== query.type) return false;
    if (query.status && draft.status !== query.status) return false;
    if (walletAddresses && !walletAddresses.has(draft.walletAddress)) return false;
    if (!needle) return true;
    return [draft.hash, draft.project, draft.projectId, draft.tokenSymbol, draft.tokenMint, draft.from, draft.to, draft.description].some((value) =>
      value?.toLowerCase().includes(needle),
    );
  };
}

export async function listTransactions(deps: TransactionsDeps, actor: Actor, query: ListQuery): Promise<TransactionList> {
  const companyId = companyInScope(actor, query.companyId);
  const walletChosen = (wallet: repository.WalletRow) => !query.wallet || wallet.id === query.wallet || wallet.address === query.wallet;
  // The chain history holds completed sends, receipts and burns only: a query for anything else needs none of it.
  const transfersShown = query.type !== 'mint' && (!query.status || query.status === 'completed');
  const { drafts, wallets, chainAvailable } = await companyTransactions(deps, actor.tenantId, companyId, (wallet) => transfersShown && walletChosen(wallet));
  const walletAddresses = query.wallet ? new Set(wallets.filter(walletChosen).map((wallet) => wallet.address)) : null;
  const selected = drafts.filter(matches(query, walletAddresses));
  const start = (query.page - 1) * query.pageSize;
  return {
    items: await withFees(deps, selected.slice(start, start + query.pageSize)),
    total: selected.length,
    page: query.page,
    pageSize: query.pageSize,
    chainAvailable,
  };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An entry read from the chain: a transfer, or a burn made outside the platform (a retirement's burn is `burn-<uuid>`). */
const CHAIN_ENTRY_ID = /^(?:sent|received|burn)-([1-9A-HJ-NP-Za-km-z]{64,88})$/;

/**
 * The companies a transaction id may belong to, for an administrator opening another
 * company's transaction: the record's company, or for a transfer the companies of the wallets
 * whose token balances it changed.
 */
async function companiesOfTransactionId(deps: TransactionsDeps, tenantId: string, id: string): Promise<string[]> {
  const record = new RegExp(`^(mint|batch|burn)-(${UUID})`).exec(id);
  const transfer = CHAIN_ENTRY_ID.exec(id);
  const owners = transfer ? await ownersOf(deps.readTransaction, transfer[1]!).catch(() => []) : [];
  const found = await deps.db.withTenant(tenantId, async (tx) => {
    if (record?.[1] === 'mint') return [await repository.companyOfMintOperation(tx, record[2]!)];
    if (record?.[1] === 'batch') return [await repository.companyOfMintingJob(tx, record[2]!)];
    if (record?.[1] === 'burn') return [await repository.companyOfRetirement(tx, record[2]!)];
    return Promise.all(owners.map((owner) => repository.companyOfWalletAddress(tx, owner)));
  });
  return [...new Set(found.filter((companyId) => companyId !== undefined))];
}

export async function getTransaction(deps: TransactionsDeps, actor: Actor, id: string): Promise<TransactionView> {
  const candidates = actsTenantWide(actor) ? [actor.companyId, ...(await companiesOfTransactionId(deps, actor.tenantId, id))] : [actor.companyId];
  // Only transfers and outside burns are found in the chain history; the platform's mints and burns are the database's.
  const fromChain = CHAIN_ENTRY_ID.test(id);
  for (const companyId of new Set(candidates)) {
    const found = (await companyTransactions(deps, actor.tenantId, companyId, () => fromChain)).drafts.find((draft) => draft.id === id);
    if (found) return (await withFees(deps, [found]))[0]!;
  }
  throw new AppError('NOT_FOUND', transactionTexts.notFound);
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
