import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { AppConfig } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: repositories take one so that the caller decides the boundary. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const APP_ROLE = 'carbonledger_app';
/** System work's role when the product connects with DATABASE_APP_URL (migration 0016). */
export const SYSTEM_ROLE = 'carbonledger_system';

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/**
 * The product's one door to PostgreSQL (embedded PGlite or a server). Tenant work runs
 * as the non-superuser application role with the tenant set for the transaction, so
 * row-level security decides what a query can see. System work (seed, cross-tenant jobs)
 * runs as the schema owner, or, on a separate app connection (DATABASE_APP_URL), as
 * carbonledger_system, which owns nothing and so cannot switch the audit triggers off.
 * Migrations always run as the owner.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  asSystem<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Plain SQL outside drizzle, used by pg-boss; parameterless text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * executeSql as the schema owner, for pg-boss's DDL: its schema, and the partition each
   * queue gets when it is created. The same connection as executeSql without an app one.
   */
  executeOwnerSql(text: string, values?: unknown[]): Promise<SqlResult>;
  ping(): Promise<void>;
  /**
   * This process's liveness key: it holds the session advisory lock (PROCESS_LOCK_NAMESPACE,
   * key) while it lives, so its claims can be told dead from pg_locks. On a server the lock sits
   * on a connection of its own (kill -9 closes it, the server drops the lock); on PGlite on its
   * one connection, so a restart finds none of the previous process's locks. Null once the
   * server connection holding it is lost.
   */
  processKey(): number | null;
  close(): Promise<void>;
}

/** The first half of every process liveness lock (see Database.processKey). */
export const PROCESS_LOCK_NAMESPACE = 741_852_964;

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; appUrl?: string };

export function databaseTarget(config: Pick<AppConfig, 'databaseUrl' | 'databaseAppUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, appUrl: config.databaseAppUrl }
    : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url, target.appUrl);
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/** One round trip: the tenant setting and SET LOCAL ROLE (the 'role' setting) for this transaction only. */
async function enterTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${APP_ROLE}, true)`);
}

/** `systemRole` null: system work runs as the connecting user (the owner). */
function transactionsOn(db: Db, systemRole: string | null): Pick<Database, 'withTenant' | 'asSystem'> {
  return {
    withTenant: (tenantId, work) =>
      db.transaction(async (tx) => {
        await enterTenant(tx, tenantId);
        return work(tx);
      }),
    asSystem: (work) =>
      systemRole
        ? db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('role', ${systemRole}, true)`);
            return work(tx);
          })
        : db.transaction(work),
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { btree_gist } });
  const processKey = await takeProcessLock((text, values) => client.query<{ locked: boolean }>(text, values));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  // One in-process connection, a superuser by construction: there is no other role to connect as.
  const database: Database = {
    kind: 'pglite',
    ...transactionsOn(db, null),
    executeSql,
    executeOwnerSql: executeSql,
    async ping() {
      await client.query('select 1');
    },
    processKey: () => processKey,
    close: once(() => client.close()),
  };
  await migrate((work) =>
    client.transaction((tx) =>
      work(async (text, values) => {
        if (values) return await tx.query(text, values);
        const results = await tx.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
    ),
  );
  return database;
}

function openPool(url: string, options: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, ...options });
  // An idle connection the server drops (restart, failover) would otherwise crash the
  // process; the pool replaces it and the next query reports any lasting problem.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * `url` is the schema owner's connection (DATABASE_URL). With `appUrl` (DATABASE_APP_URL)
 * the owner pool only migrates and runs pg-boss's DDL, which happens while the app starts
 * (features create their queues as they load); every other query goes through the app pool.
 */
async function openPostgres(url: string, appUrl: string | undefined): Promise<Database> {
  // Owner DDL runs one statement at a time, so two connections suffice; each closes after a
  // second idle, so that once the app has started no owner session stays open.
  const owner = openPool(url, appUrl ? { max: 2, idleTimeoutMillis: 1000 } : { max: 20 });
  const pool = appUrl ? openPool(appUrl, { max: 20 }) : owner;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migrate(async (work) => {
    const connection = await owner.connect();
    try {
      await connection.query('BEGIN');
      const result = await work(async (text, values) => await connection.query(text, values));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK');
      throw error;
    } finally {
      connection.release();
    }
  });
  const liveness = await holdProcessLock(appUrl ?? url);
  return {
    kind: 'postgres',
    ...transactionsOn(db, appUrl ? SYSTEM_ROLE : null),
    async executeSql(text, values) {
      return pool.query(text, values);
    },
    async executeOwnerSql(text, values) {
      return owner.query(text, values);
    },
    async ping() {
      await pool.query('select 1');
    },
    processKey: () => liveness.key,
    close: once(async () => {
      await liveness.release();
      if (owner !== pool) await owner.end();
      await pool.end();
    }),
  };
}

/** Takes a liveness lock no other live process holds, on a connection kept for the process's life. */
async function holdProcessLock(url: string): Promise<{ key: number | null; release: () => Promise<void> }> {
  const connection = new pg.Client({ connectionString: url });
  const held: { key: number | null; release: () => Promise<void> } = { key: null, release: () => connection.end().catch(() => undefined) };
  // A lost connection lost the lock with it: from then on this process's claims carry no key.
  const lost = () => {
    held.key = null;
  };
  connection.on('error', lost);
  connection.on('end', lost);
  await connection.connect();
  held.key = await takeProcessLock((text, values) => connection.query<{ locked: boolean }>(text, values));
  return held;
}

/** A random liveness key whose lock nobody holds, taken for the session that `query` runs on. */
async function takeProcessLock(query: (text: string, values: unknown[]) => Promise<{ rows: { locked: boolean }[] }>): Promise<number> {
  for (;;) {
    const candidate = randomInt(1, 2 ** 31 - 1);
    const { rows } = await query('select pg_try_advisory_lock($1, $2) as locked', [PROCESS_LOCK_NAMESPACE, candidate]);
    if (rows[0]?.locked) return candidate;
  }
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_LOCK_KEY = 741_852_963;

type RunSql = (text: string, values?: unknown[]) => Promise<SqlResult>;
type SqlTransaction = <T>(work: (run: RunSql) => Promise<T>) => Promise<T>;

/**
 * Applies the committed SQL migrations in name order, all in one transaction, once each.
 * Migration files hold several statements, so they go through the simple-query path.
 * An advisory lock keeps two nodes starting together from applying the same file twice.
 */
async function migrate(inTransaction: SqlTransaction): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return inTransaction(async (run) => {
    await run(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await run('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await run('select name from schema_migrations')).rows.map((row) => String(row.name)));
    const applied: string[] = [];
    for (const file of files.filter((name) => !done.has(name))) {
      await run(await fs.readFile(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await run('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** node-postgres and PGlite both answer execute() with an object holding rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pg');
}

export interface PgErrorInfo {
  code: string;
  message: string;
  constraint: string | undefined;
}

/**
 * The PostgreSQL error behind a failed query, whichever driver raised it (drizzle wraps
 * driver errors, PGlite and node-postgres name fields alike). Services map its SQLSTATE
 * to an AppError, e.g. 23505 (unique) or 23P01 (exclusion) to a conflict.
 */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, message: candidate.message, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
  }
  return null;
}
