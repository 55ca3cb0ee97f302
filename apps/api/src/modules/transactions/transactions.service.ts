import type { ChainClient } from '@carbonledger/chain';
import {
  actsForWholeTenant,
  formatSol,
  transactionTexts,
  type TransactionList,
  type TransactionStatus,
  type TransactionView,
  type Role,
  type transactionListQuery,
} from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import { feeOf, ownersOf, walletTransfers, type ChainTransfer, type TransactionReader } from './transactions.chain';
import * as repository from './transactions.repository';

export interface TransactionsDeps {
  db: Database;
  chain: ChainClient;
  /** getTransaction through a cache (transactionReader). */
  readTransaction: TransactionReader;
  explorer: ExplorerTarget;
  /** Where a chain read failure is reported; the list still answers from the database. */
  logChainFailure(error: unknown): void;
}

export interface TransactionsActor {
  tenantId: string;
  companyId: string;
  /** Tenant administrators may look at another company's transactions. */
  administrator: boolean;
}

/** Platform administrators (ADMIN, SUPER_ADMIN) look at every company of the tenant, everybody else at their own. */
export function transactionsActorOf(who: { tenantId: string; companyId: string; role: Role }): TransactionsActor {
  return { tenantId: who.tenantId, companyId: who.companyId, administrator: actsForWholeTenant(who.role) };
}

export type ListQuery = z.output<typeof transactionListQuery>;
/** A transaction before its fee is read from the chain (only the page shown needs it). */
type Draft = Omit<TransactionView, 'feeLamports' | 'feeSol'> & { feeLamports: bigint | null };

/** Base units as tCO2e text: 1500 with 2 decimals is "15". */
function tonnes(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const scale = 10n ** BigInt(decimals);
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${amount / scale}.${fraction}` : (amount / scale).toString();
}

/** A chunk is one mint-to: done once minted, otherwise as far as its job got. */
function chunkStatus(row: repository.BatchChunkRow): TransactionStatus {
  if (row.minted) return 'completed';
  if (row.jobStatus === 'pending' || row.jobStatus === 'failed') return row.jobStatus;
  return 'processing';
}

const BURN_STATUS: Record<repository.BurnRow['status'], TransactionStatus> = {
  pending: 'pending',
  awaiting_signature: 'pending',
  scheduled: 'pending',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
  // Never listed: burnsOfCompany leaves cancelled retirements out (they never reached the chain).
  cancelled: 'failed',
};

function mintDraft(deps: TransactionsDeps, row: repository.MintOperationRow): Draft {
  const amount = row.quantity * 10n ** BigInt(row.decimals);
  return {
    id: `mint-${row.id}`,
    type: 'mint',
    status: row.status,
    project: row.projectName,
    projectId: row.projectId,
    tokenMint: row.mintAddress,
    tokenSymbol: row.symbol,
    amount: amount.toString(),
    decimals: row.decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.mintAddress,
    to: row.walletAddress,
    description: `Minted ${row.quantity} ${row.symbol} of ${row.projectName} (vintage ${row.vintage})${row.error ? `: ${row.error}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(deps.explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: null,
  };
}

/**
 * Every row names a token's project the same way: by the project's name, as mints and burns do
 * (they record it). Batch chunks and chain transfers only know the project id, so its name is
 * looked up; only a project whose name is nowhere falls back to the token's own name.
 */
type ProjectNames = ReadonlyMap<string, string>;

function batchDraft(deps: TransactionsDeps, row: repository.BatchChunkRow, projectNames: ProjectNames): Draft {
  const decimals = row.decimals ?? 0;
  return {
    id: `batch-${row.jobId}-${row.chunk}`,
    type: 'mint',
    status: chunkStatus(row),
    project: projectNames.get(row.projectId) ?? row.tokenName,
    projectId: row.projectId,
    tokenMint: row.mintAddress,
    tokenSymbol: row.symbol,
    amount: (row.units * 10n ** BigInt(decimals)).toString(),
    decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.mintAddress,
    to: row.walletAddress,
    description: `Batch minting: ${row.units} tCO2e of project ${row.projectId} (vintage ${row.vintage}), ${row.blocks} VCU block${row.blocks === 1 ? '' : 's'}${!row.minted && row.jobError ? `: ${row.jobError}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(deps.explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: null,
  };
}

function burnDraft(deps: TransactionsDeps, row: repository.BurnRow): Draft {
  return {
    id: `burn-${row.id}`,
    type: 'burn',
    status: BURN_STATUS[row.status],
    project: row.projectName,
    projectId: row.projectId,
    tokenMint: row.tokenMint,
    tokenSymbol: row.tokenSymbol,
    amount: row.amount.toString(),
    decimals: row.decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.walletAddress,
    to: null,
    description: `Retired ${tonnes(row.amount, row.decimals)} ${row.tokenSymbol} of ${row.projectName} (vintage ${row.vintage}), certificate ${row.certificateNumber}${row.error ? `: ${row.error}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(deps.explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: row.status === 'completed' ? row.certificateId : null,
  };
}

function chainMovementText(transfer: ChainTransfer, what: string, memos: string): string {
  if (transfer.direction === 'burned') return `Burned ${what} on chain, outside the platform (no retirement, no certificate)${memos}`;
  if (transfer.direction === 'sent') return `Sent ${what} to ${transfer.counterparty ?? 'another wallet'}${memos}`;
  return `Received ${what} from ${transfer.counterparty ?? 'another wallet'}${memos}`;
}

function transferDraft(deps: TransactionsDeps, transfer: ChainTransfer, token: repository.TokenMintRow | undefined, projectNames: ProjectNames): Draft {
  const sent = transfer.direction !== 'received';
  const projectId = token?.projectReference?.split(':')[1] ?? null;
  const symbol = token?.symbol ?? null;
  const memos = transfer.memos.length ? ` (memo: ${transfer.memos.join('; ')})` : '';
  const what = `${tonnes(transfer.amount, transfer.decimals)} ${symbol ?? 'tokens'}`;
  return {
    // The direction keeps the two sides of a transfer between two wallets of one company apart.
    id: `${transfer.direction === 'burned' ? 'burn' : transfer.direction}-${transfer.signature}`,
    type: transfer.direction === 'burned' ? 'burn' : transfer.direction,
    status: 'completed',
    project: (projectId && projectNames.get(projectId)) ?? token?.name ?? null,
    projectId,
    tokenMint: transfer.mint,
    tokenSymbol: symbol,
    amount: transfer.amount.toString(),
    decimals: transfer.decimals,
    hash: transfer.signature,
    date: new Date((transfer.blockTime ?? Math.floor(Date.now() / 1000)) * 1000).toISOString(),
    feeLamports: transfer.fee,
    from: sent ? transfer.walletAddress : transfer.counterparty,
    to: sent ? transfer.counterparty : transfer.walletAddress,
    description: chainMovementText(transfer, what, memos),
    explorerUrl: explorerUrl(deps.explorer, 'tx', transfer.signature),
    walletAddress: transfer.walletAddress,
    certificateId: null,
  };
}

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
    ...facts.mints.map((row) => mintDraft(deps, row)),
    ...facts.chunks.map((row) => batchDraft(deps, row, projectNames)),
    ...facts.burns.map((row) => burnDraft(deps, row)),
  ];
  const known = new Set(drafts.flatMap((draft) => (draft.hash ? [draft.hash] : [])));
  const tokens = new Map(facts.tokens.map((token) => [token.mintAddress, token]));
  const mints = new Set(tokens.keys());
  let chainAvailable = true;
  try {
    const movements: ChainTransfer[] = [];
    for (const wallet of facts.wallets.filter((row) => !row.removedAt && transfersOf(row))) movements.push(...(await walletTransfers(deps.chain, deps.readTransaction, wallet.address, mints, known)));
    const recorded = await deps.db.withTenant(tenantId, (tx) => repository.recordedSignatures(tx, [...new Set(movements.map((movement) => movement.signature))]));
    for (const movement of movements) if (!recorded.has(movement.signature)) drafts.push(transferDraft(deps, movement, tokens.get(movement.mint), projectNames));
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

function companyInScope(actor: TransactionsActor, companyId: string | undefined): string {
  if (!companyId || companyId === actor.companyId) return actor.companyId;
  if (!actor.administrator) throw new AppError('ACCESS_DENIED');
  return companyId;
}

function matches(query: ListQuery, walletAddresses: ReadonlySet<string> | null) {
  const needle = query.search?.toLowerCase();
  return (draft: Draft) => {
    if (query.type && draft.type !== query.type) return false;
    if (query.status && draft.status !== query.status) return false;
    if (walletAddresses && !walletAddresses.has(draft.walletAddress)) return false;
    if (!needle) return true;
    return [draft.hash, draft.project, draft.projectId, draft.tokenSymbol, draft.tokenMint, draft.from, draft.to, draft.description].some((value) => value?.toLowerCase().includes(needle));
  };
}

export async function listTransactions(deps: TransactionsDeps, actor: TransactionsActor, query: ListQuery): Promise<TransactionList> {
  const companyId = companyInScope(actor, query.companyId);
  const walletChosen = (wallet: repository.WalletRow) => !query.wallet || wallet.id === query.wallet || wallet.address === query.wallet;
  // The chain history holds completed sends, receipts and burns only: a query for anything else needs none of it.
  const transfersShown = query.type !== 'mint' && (!query.status || query.status === 'completed');
  const { drafts, wallets, chainAvailable } = await companyTransactions(deps, actor.tenantId, companyId, (wallet) => transfersShown && walletChosen(wallet));
  const walletAddresses = query.wallet ? new Set(wallets.filter(walletChosen).map((wallet) => wallet.address)) : null;
  const selected = drafts.filter(matches(query, walletAddresses));
  const start = (query.page - 1) * query.pageSize;
  return { items: await withFees(deps, selected.slice(start, start + query.pageSize)), total: selected.length, page: query.page, pageSize: query.pageSize, chainAvailable };
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

export async function getTransaction(deps: TransactionsDeps, actor: TransactionsActor, id: string): Promise<TransactionView> {
  const candidates = actor.administrator ? [actor.companyId, ...(await companiesOfTransactionId(deps, actor.tenantId, id))] : [actor.companyId];
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
export async function transactionsOfRecord(deps: TransactionsDeps, tenantId: string, record: TransactionRecord): Promise<{ companyId: string; transactions: TransactionView[] } | null> {
  const found = await deps.db.withTenant(tenantId, async (tx) => {
    if (record.kind === 'mint_operation') {
      const row = await repository.findMintOperation(tx, record.id);
      return row && { companyId: row.companyId, drafts: [mintDraft(deps, row)] };
    }
    if (record.kind === 'minting_job') {
      const companyId = await repository.companyOfMintingJob(tx, record.id);
      const projectNames = await repository.registryProjectNames(tx);
      return companyId && { companyId, drafts: (await repository.batchChunksOfJob(tx, record.id)).map((row) => batchDraft(deps, row, projectNames)) };
    }
    const row = await repository.findBurn(tx, record.id);
    return row && { companyId: row.companyId, drafts: [burnDraft(deps, row)] };
  });
  if (!found || found.drafts.length === 0) return null;
  return { companyId: found.companyId, transactions: await withFees(deps, found.drafts) };
}
