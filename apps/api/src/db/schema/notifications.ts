import { pgTable, text } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@carbonledger/contracts';
import { at, createdAt, generatedId, tenantId, userRef } from './columns';

export const notifications = pgTable('notifications', {
  id: generatedId(),
  tenantId: tenantId(),
  userId: userRef('user_id').notNull(),
  type: text('type').$type<NotificationType>().notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  readAt: at('read_at'),
  createdAt: createdAt(),
});
