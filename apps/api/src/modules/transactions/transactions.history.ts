import type { TransactionView } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { batchDraft, burnDraft, mintDraft, type Draft } from './transactions.entries';
import * as repository from './transactions.repository';
import { chainTransferDrafts, companyInScope, withFees, type TransactionsDeps } from './transactions.service';

/**
 * Entries per chunk: one short transaction per chunk, and no more fee look-ups on the chain at
 * once than a page of the list makes.
 */
const HISTORY_CHUNK = 100;

/** Keyset paging: each page read after the last row of the one before, until a short page. */
async function* keysetPages<Row, Cursor>(read: (after: Cursor | undefined) => Promise<Row[]>, cursorOf: (row: Row) => Cursor): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < HISTORY_CHUNK) return;
    after = cursorOf(rows.at(-1)!);
  }
}

/**
 * Every entry of a company's transactions list — its mints, batch chunks and burns, then each
 * wallet's transfers read from the chain — a chunk at a time, so a long history (the data
 * export) is never held whole. The records are walked newest first by when they were created,
 * a key that never changes, so each comes exactly once while others are added; the entries
 * read as the list shows them (transactions.entries.ts), fees included. As in the list, a chain
 * that cannot be read is reported and leaves out the transfers not read yet.
 */
export async function* companyTransactionPages(deps: TransactionsDeps, actor: Actor, companyId: string): AsyncGenerator<TransactionView[]> {
  const company = companyInScope(actor, companyId);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => deps.db.withTenant(actor.tenantId, work);
  const facts = await inTenant(async (tx) => ({
    wallets: await repository.walletsOfCompany(tx, company),
    tokens: await repository.tenantTokenMints(tx),
    projectNames: new Map([...(await repository.registryProjectNames(tx)), ...(await repository.companyRecordedProjectNames(tx, company))]),
  }));
  const withFeesOf = (drafts: readonly Draft[]) => withFees(deps, drafts);

  const mints = keysetPages(
    (after: string | undefined) => inTenant((tx) => repository.mintOperationsPage(tx, company, after, HISTORY_CHUNK)),
    (row) => row.id,
  );
  for await (const rows of mints) yield withFeesOf(rows.map((row) => mintDraft(deps.explorer, row)));
  const chunks = keysetPages(
    (after: { jobId: string; chunk: number } | undefined) => inTenant((tx) => repository.batchChunksPage(tx, company, after, HISTORY_CHUNK)),
    (row) => ({ jobId: row.jobId, chunk: row.chunk }),
  );
  for await (const rows of chunks) yield withFeesOf(rows.map((row) => batchDraft(deps.explorer, row, facts.projectNames)));
  const burns = keysetPages(
    (after: string | undefined) => inTenant((tx) => repository.burnsPage(tx, company, after, HISTORY_CHUNK)),
    (row) => row.id,
  );
  for await (const rows of burns) yield withFeesOf(rows.map((row) => burnDraft(deps.explorer, row)));

  for (const wallet of facts.wallets.filter((row) => !row.removedAt)) {
    let drafts: Draft[];
    try {
      drafts = await chainTransferDrafts(deps, actor.tenantId, company, [wallet], facts.tokens);
    } catch (error) {
      deps.logChainFailure(error);
      return;
    }
    for (let start = 0; start < drafts.length; start += HISTORY_CHUNK) yield withFeesOf(drafts.slice(start, start + HISTORY_CHUNK));
  }
}
