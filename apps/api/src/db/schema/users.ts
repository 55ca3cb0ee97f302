import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@carbonledger/contracts';
import { at, createdAt, generatedId, tenantId, userRef } from './columns';

export type LinkTokenKind = 'invitation' | 'password_reset';
/** What an e-mail of the outbox is: a link's e-mail, or a notification sent on the e-mail channel. */
export type MailKind = LinkTokenKind | 'notification';

/** Single-use, expiring links e-mailed to a user (migration 0019); only the sha256 of the token is kept. */
export const userLinkTokens = pgTable('user_link_tokens', {
  id: generatedId(),
  tenantId: tenantId(),
  userId: userRef('user_id').notNull(),
  kind: text('kind').$type<LinkTokenKind>().notNull(),
  tokenHash: text('token_hash').notNull(),
  language: text('language').$type<Language>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  revokedAt: at('revoked_at'),
});

/** E-mail kept in the product when no SMTP server is configured (the administrators' Outbox screen). */
export const mailOutbox = pgTable('mail_outbox', {
  id: generatedId(),
  tenantId: tenantId(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html').notNull(),
  kind: text('kind').$type<MailKind>().notNull(),
  createdAt: createdAt(),
});
