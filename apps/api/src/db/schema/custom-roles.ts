import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CustomRoleBase } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';

/** A company's custom role: a permission set on top of a fixed base role (docs/product.md §6). */
export const customRoles = pgTable(
  'custom_roles',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    baseRole: text('base_role').$type<CustomRoleBase>().notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_roles_tenant').on(table.tenantId)],
);

/** The custom role a user holds, if any (one at most). */
export const customRoleMembers = pgTable(
  'custom_role_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customRoleId: uuid('custom_role_id')
      .notNull()
      .references(() => customRoles.id, { onDelete: 'restrict' }),
    assignedBy: uuid('assigned_by').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_role_members_role').on(table.customRoleId)],
);
