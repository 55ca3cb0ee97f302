import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import type { OutboxMessage } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { MailKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import * as repository from './mail.repository';
import type { MailContent } from './mail.templates';

export interface MailDeps {
  db: Database;
  /** SMTP_URL: mail goes through this server; without it, into the tenant's outbox table. */
  smtpUrl: string | undefined;
  from: string;
}

export function mailDepsOf(app: FastifyInstance): MailDeps {
  return { db: app.db, smtpUrl: app.config.smtpUrl, from: app.config.mailFrom };
}

export interface MailMessage extends MailContent {
  tenantId: string;
  to: string;
  kind: MailKind;
}

/** One transport per SMTP URL: nodemailer keeps its connection settings there. */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends an e-mail through SMTP when SMTP_URL is set; otherwise keeps it in the tenant's
 * outbox, which the tenant's administrators read in the product (the embedded default has no
 * mail server). Call it after the transaction that decided to send has committed.
 */
export async function sendMail(deps: MailDeps, message: MailMessage): Promise<void> {
  if (deps.smtpUrl) {
    await transportFor(deps.smtpUrl).sendMail({ from: deps.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    return;
  }
  await deps.db.withTenant(message.tenantId, (tx) =>
    repository.insertOutboxMessage(tx, {
      tenantId: message.tenantId,
      recipient: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html,
      kind: message.kind,
    }),
  );
}

const OUTBOX_LIMIT = 200;

/** The outbox holds sign-in links of every company of the tenant: tenant administrators only. */
export async function listOutbox(deps: MailDeps, viewer: Actor): Promise<OutboxMessage[]> {
  if (!actsTenantWide(viewer)) throw new AppError('ACCESS_DENIED');
  const rows = await deps.db.withTenant(viewer.tenantId, (tx) => repository.listOutbox(tx, OUTBOX_LIMIT));
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.bodyText,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
  }));
}
