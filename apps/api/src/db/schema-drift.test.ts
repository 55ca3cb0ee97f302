import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../test/test-app';
import { rowsOf, type Database } from './database';
import * as schema from './schema';

/** The Drizzle schema and the committed SQL migrations describe the same tables. */
describe('schema matches migrations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('%s has the columns the code expects', async (name, table) => {
    const columns = await database.asSystem(async (tx) =>
      rowsOf<{ column_name: string; is_nullable: string }>(
        await tx.execute(sql`select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = ${name}`),
      ),
    );
    const actual = Object.fromEntries(columns.map((column) => [column.column_name, column.is_nullable === 'NO']));
    const expected = Object.fromEntries(getTableConfig(table).columns.map((column) => [column.name, column.notNull]));
    expect(actual).toEqual(expected);
  });

  it('puts every tenant table under row-level security', async () => {
    const unprotected = await database.asSystem(async (tx) =>
      rowsOf<{ relname: string }>(
        await tx.execute(sql`
          select c.relname from pg_class c
          join information_schema.columns col on col.table_name = c.relname and col.column_name = 'tenant_id' and col.table_schema = 'public'
          where c.relkind = 'r' and not c.relrowsecurity`),
      ),
    );
    expect(unprotected.map((row) => row.relname)).toEqual([]);
  });
});
