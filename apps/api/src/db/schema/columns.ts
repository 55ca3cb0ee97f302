import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, tenants, users } from './foundation';

/*
 * foundation.ts spells its columns out instead of using these: it defines the tables they reference, so importing
 * this module there would make an import cycle. Builders that take a name are generic in it so that a table's type
 * keeps the literal column name, as pg-core's own builders do.
 */

export const at = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** Token and credit amounts, read as bigint: the chain clients take amounts as bigint (docs/chain.md). */
export const units = <TName extends string>(name: TName) => bigint(name, { mode: 'bigint' });

/** Money as the exact decimal string PostgreSQL returns (migration 0028): never a float. */
export const money = <TName extends string>(name: TName) => numeric(name, { precision: 15, scale: 2 });

export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** The column row-level security keys on (docs/architecture.md). */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

export const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id);

export const userRef = <TName extends string>(name: TName) => uuid(name).references(() => users.id);

export const createdAt = () => at('created_at').notNull().defaultNow();

export const updatedAt = () => at('updated_at').notNull().defaultNow();
