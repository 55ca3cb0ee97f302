import { sql, type SQL } from 'drizzle-orm';
import type { TransactionStatus, TransactionType } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';

// The transactions list in SQL (docs/transactions.md): the company's mint operations, batch
// chunks and burns projected to the same columns — the entry's date, id, type, status and the
// text a search reads — filtered, counted and paged by PostgreSQL, so a page costs the rows it
// shows, not the company's whole history. The projections read each record as the list shows
// it: the same ids, statuses and description texts the entries are built with.

/** The entries a list shows: the company's, narrowed by the query's filters. */
export interface EntryFilter {
  companyId: string;
  type?: TransactionType;
  status?: TransactionStatus;
  /** Text the entry's hash, project, token, addresses or description contain, in any case. */
  search?: string;
  /** The chosen wallets' addresses; undefined for every wallet of the company. */
  walletAddresses?: readonly string[];
}

/** An entry read from the chain, already filtered: the list places it among the records by its date and id. */
export interface ChainEntryKey {
  id: string;
  date: string;
}

/** One entry of a page: its id, and which record it reads from (none for an entry read from the chain). */
export type EntryKey = { entryId: string } & (
  { kind: 'mint'; id: string } | { kind: 'batch'; jobId: string; chunk: number } | { kind: 'burn'; id: string } | { kind: 'chain' }
);

/** What a search reads of an entry, one field a line (a search is one line: it never spans two fields). */
const searchable = (fields: SQL[]) => sql`lower(concat_ws(E'\n', ${sql.join(fields, sql`, `)}))`;

/** Base units as tCO2e text, exact (1500 with 2 decimals is "15"): the multiplication by 10^-decimals keeps every digit. */
const tonnes = (amount: SQL, decimals: SQL) => sql`trim_scale(${amount}::numeric * ('1e-' || ${decimals})::numeric)::text`;

const errorSuffix = (error: SQL) => sql`case when ${error} <> '' then ': ' || ${error} else '' end`;

/**
 * The name the list gives a project the record itself does not name (batch chunks): the
 * company's oldest burn of it names it, else its oldest mint, else the tenant's registry.
 */
function recordedProjectName(companyId: SQL, projectId: SQL): SQL {
  return sql`coalesce(
    (select named.project_name from retirements named
      where named.company_id = ${companyId} and named.project_id = ${projectId} and named.status <> 'cancelled' order by named.created_at limit 1),
    (select named.project_name from mint_operations named
      where named.company_id = ${companyId} and named.project_id = ${projectId} order by named.created_at limit 1),
    (select named.name from registry_projects named where named.project_id = ${projectId}))`;
}

/**
 * One source of entries: its rows (FROM … WHERE, the filters included), the entry's date, the
 * columns after the date that order its rows as the entry ids order them, and the page columns.
 */
interface Source {
  rows: SQL;
  date: SQL;
  tieBreak: SQL[];
  columns: SQL;
}

interface Projection {
  from: SQL;
  conditions: SQL[];
  date: SQL;
  tieBreak: SQL[];
  columns: SQL;
  status: SQL;
  walletAddress: SQL;
  searchText: SQL;
}

function sourceOf(projection: Projection, filter: EntryFilter): Source {
  const conditions = [...projection.conditions];
  if (filter.status) conditions.push(sql`${projection.status} = ${filter.status}`);
  if (filter.walletAddresses)
    conditions.push(
      filter.walletAddresses.length === 0
        ? sql`false`
        : sql`${projection.walletAddress} in (${sql.join(
            filter.walletAddresses.map((address) => sql`${address}`),
            sql`, `,
          )})`,
    );
  if (filter.search) conditions.push(sql`strpos(${projection.searchText}, lower(${filter.search})) > 0`);
  return {
    rows: sql`${projection.from} where ${sql.join(conditions, sql` and `)}`,
    date: projection.date,
    tieBreak: projection.tieBreak,
    columns: projection.columns,
  };
}

function mintOperationsProjection(companyId: string): Projection {
  const date = sql`coalesce(m.completed_at, m.created_at)`;
  return {
    from: sql`mint_operations m`,
    conditions: [sql`m.company_id = ${companyId}`],
    date,
    // 'mint-' || id orders as the uuid does.
    tieBreak: [sql`m.id`],
    columns: sql`${date} as date, 'mint-' || m.id as entry_id, 'mint' as kind, m.id as record_id, null::int as chunk`,
    status: sql`m.status`,
    walletAddress: sql`m.wallet_address`,
    searchText: searchable([
      sql`m.signature`,
      sql`m.project_name`,
      sql`m.project_id`,
      sql`m.symbol`,
      sql`m.mint_address`,
      sql`m.mint_address`,
      sql`m.wallet_address`,
      sql`'Minted ' || m.quantity || ' ' || m.symbol || ' of ' || m.project_name || ' (vintage ' || m.vintage || ')' || ${errorSuffix(sql`m.error`)}`,
    ]),
  };
}

/** A batch job's chunks, each one mint-to: done once every block of it is minted, otherwise as far as the job got. */
function batchChunksProjection(companyId: string): Projection {
  const date = sql`coalesce(j.completed_at, j.created_at)`;
  return {
    from: sql`minting_jobs j cross join lateral (
      select i.chunk, bool_and(i.status = 'minted') as minted, min(i.project_id) as project_id, min(i.vintage) as vintage,
        sum(i.units) as units, count(*) as blocks, max(i.mint_address) as mint_address, max(i.signature) as signature,
        max(pm.name) as token_name, max(pm.symbol) as symbol
      from minting_job_items i
      left join project_mints pm on pm.registry = i.registry and pm.project_id = i.project_id and pm.vintage = i.vintage
      where i.job_id = j.id
      group by i.chunk) c`,
    conditions: [sql`j.company_id = ${companyId}`],
    date,
    // 'batch-<job>-<chunk>' orders by the job's uuid, then by the chunk's digits as text.
    tieBreak: [sql`j.id`, sql`c.chunk::text collate "C"`],
    columns: sql`${date} as date, 'batch-' || j.id || '-' || c.chunk as entry_id, 'batch' as kind, j.id as record_id, c.chunk as chunk`,
    status: sql`case when c.minted then 'completed' when j.status in ('pending', 'failed') then j.status else 'processing' end`,
    walletAddress: sql`j.wallet_address`,
    searchText: searchable([
      sql`c.signature`,
      sql`coalesce(${recordedProjectName(sql`j.company_id`, sql`c.project_id`)}, c.token_name)`,
      sql`c.project_id`,
      sql`c.symbol`,
      sql`c.mint_address`,
      sql`c.mint_address`,
      sql`j.wallet_address`,
      sql`'Batch minting: ' || c.units || ' tCO2e of project ' || c.project_id || ' (vintage ' || c.vintage || '), ' || c.blocks || ' VCU block'
        || case when c.blocks = 1 then '' else 's' end || case when not c.minted then ${errorSuffix(sql`j.error`)} else '' end`,
    ]),
  };
}

/** Retirements that burn or burnt tokens (a cancelled one never reached the chain). */
function burnsProjection(companyId: string): Projection {
  const date = sql`coalesce(r.completed_at, r.created_at)`;
  return {
    from: sql`retirements r`,
    conditions: [sql`r.company_id = ${companyId}`, sql`r.status <> 'cancelled'`],
    date,
    tieBreak: [sql`r.id`],
    columns: sql`${date} as date, 'burn-' || r.id as entry_id, 'burn' as kind, r.id as record_id, null::int as chunk`,
    status: sql`case r.status when 'processing' then 'processing' when 'completed' then 'completed' when 'failed' then 'failed' else 'pending' end`,
    walletAddress: sql`r.wallet_address`,
    searchText: searchable([
      sql`r.signature`,
      sql`r.project_name`,
      sql`r.project_id`,
      sql`r.token_symbol`,
      sql`r.token_mint`,
      sql`r.wallet_address`,
      sql`'Retired ' || ${tonnes(sql`r.amount`, sql`r.decimals`)} || ' ' || r.token_symbol || ' of ' || r.project_name || ' (vintage ' || r.vintage
        || '), certificate ' || r.certificate_number || ${errorSuffix(sql`r.error`)}`,
    ]),
  };
}

/** The record sources the filter can match (a type read only from the chain matches none). */
function recordSources(filter: EntryFilter): Source[] {
  const projections = [];
  if (!filter.type || filter.type === 'mint') projections.push(mintOperationsProjection(filter.companyId), batchChunksProjection(filter.companyId));
  if (!filter.type || filter.type === 'burn') projections.push(burnsProjection(filter.companyId));
  return projections.map((projection) => sourceOf(projection, filter));
}

function chainSource(entries: readonly ChainEntryKey[]): Source {
  return {
    rows: sql`jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as t(id text, date timestamptz)`,
    date: sql`t.date`,
    tieBreak: [sql`t.id collate "C"`],
    columns: sql`t.date as date, t.id as entry_id, 'chain' as kind, null::uuid as record_id, null::int as chunk`,
  };
}

/** Every source of the list's entries: the filtered records of the company, then the chain's (already filtered). */
function entrySources(filter: EntryFilter, chainEntries: readonly ChainEntryKey[]): Source[] {
  return [...recordSources(filter), ...(chainEntries.length > 0 ? [chainSource(chainEntries)] : [])];
}

/**
 * How many entries match, counted up to `countLimit` (docs/lists.md): the union stops reading
 * its sources once that many rows came, so a long history costs the window, not its length.
 */
export async function countEntries(tx: Tx, filter: EntryFilter, chainEntries: readonly ChainEntryKey[], countLimit: number): Promise<number> {
  const sources = entrySources(filter, chainEntries);
  if (sources.length === 0) return 0;
  const rows = sources.map((source) => sql`select 1 from ${source.rows}`);
  const [row] = rowsOf<{ matching: string | number }>(
    await tx.execute(sql`select count(*) as matching from (${sql.join(rows, sql` union all `)} limit ${countLimit}) matching`),
  );
  return Number(row!.matching);
}

/**
 * A page of entries, newest first: by date, then by entry id in byte order (dates tie: a batch's
 * chunks share their job's, a block's transfers its time). `fromOldest` counts the offset from
 * the other end, so a page near the end is read from there. Each source gives only its first
 * offset + limit rows in that order, read along its index: the rows before the page are not all
 * read and sorted, and none after it.
 */
export async function entryPage(
  tx: Tx,
  filter: EntryFilter,
  chainEntries: readonly ChainEntryKey[],
  page: { offset: number; limit: number; fromOldest: boolean },
): Promise<EntryKey[]> {
  const sources = entrySources(filter, chainEntries);
  if (sources.length === 0 || page.limit === 0) return [];
  const [later, earlier] = page.fromOldest ? [sql`asc`, sql`desc`] : [sql`desc`, sql`asc`];
  const branches = sources.map(
    (source) =>
      sql`(select ${source.columns} from ${source.rows}
        order by ${source.date} ${later}, ${sql.join(
          source.tieBreak.map((key) => sql`${key} ${earlier}`),
          sql`, `,
        )}
        limit ${page.offset + page.limit})`,
  );
  const rows = rowsOf<{ entry_id: string; kind: EntryKey['kind']; record_id: string | null; chunk: number | null }>(
    await tx.execute(sql`select entry_id, kind, record_id, chunk from (${sql.join(branches, sql` union all `)}) entries
      order by date ${later}, entry_id collate "C" ${earlier}
      limit ${page.limit} offset ${page.offset}`),
  );
  const keys = rows.map((row): EntryKey => {
    const entryId = row.entry_id;
    if (row.kind === 'batch') return { entryId, kind: 'batch', jobId: row.record_id!, chunk: Number(row.chunk) };
    if (row.kind === 'chain') return { entryId, kind: 'chain' };
    return { entryId, kind: row.kind, id: row.record_id! };
  });
  return page.fromOldest ? keys.reverse() : keys;
}

/** Project id → the name the list gives it (recordedProjectName), for these projects. */
export async function projectNamesOf(tx: Tx, companyId: string, projectIds: readonly string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = rowsOf<{ project_id: string; name: string | null }>(
    await tx.execute(
      sql`select p.project_id, ${recordedProjectName(sql`${companyId}::uuid`, sql`p.project_id`)} as name
        from jsonb_array_elements_text(${JSON.stringify([...new Set(projectIds)])}::jsonb) as p(project_id)`,
    ),
  );
  return new Map(rows.flatMap((row): [string, string][] => (row.name === null ? [] : [[row.project_id, row.name]])));
}
