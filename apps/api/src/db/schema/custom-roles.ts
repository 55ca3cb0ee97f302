import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CustomRoleBase } from '@carbonledger/contracts';
import { users } from './foundation';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

/** A company's custom role: a permission set on top of a fixed base role (docs/product.md §6). */
export const customRoles = pgTable(
  'custom_roles',
  {
    id: generatedId(),
    tenantId: tenantId(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    baseRole: text('base_role').$type<CustomRoleBase>().notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    tenantId: tenantId(),
    customRoleId: uuid('custom_role_id')
      .notNull()
      .references(() => customRoles.id, { onDelete: 'restrict' }),
    assignedBy: userRef('assigned_by'),
    assignedAt: at('assigned_at').notNull().defaultNow(),
  },
  (table) => [index('custom_role_members_role').on(table.customRoleId)],
);
