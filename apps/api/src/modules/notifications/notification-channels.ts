import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { notificationMail, sendMail, type MailDeps } from '../mail';
import type { NotificationContent } from './notifications.service';

export type Channel = 'email' | 'sms' | 'push' | 'in_app';

export interface ChannelDeps {
  dataDir: string;
  mail: MailDeps;
  /** Links in e-mails must be absolute: the product's public address. */
  publicBaseUrl: string;
}

/**
 * E-mail goes through the mail module (SMTP when SMTP_URL is set, else the tenant's outbox that
 * administrators read on /team/users). SMS and push have no provider yet: they land in outbox
 * files under DATA_DIR/outbox, one JSON document per message. Answers where the message went.
 */
export async function sendTestNotification(
  deps: ChannelDeps,
  channel: Channel,
  recipient: { tenantId: string; email: string },
  content: NotificationContent,
): Promise<string> {
  if (channel === 'in_app') return 'in-app';
  if (channel === 'email') {
    const link = content.link ? new URL(content.link, deps.publicBaseUrl).toString() : null;
    await sendMail(deps.mail, { tenantId: recipient.tenantId, to: recipient.email, kind: 'notification', ...notificationMail({ ...content, link }) });
    return deps.mail.smtpUrl ? 'smtp' : 'outbox';
  }
  const dataDir = deps.dataDir;
  const directory = path.join(dataDir, 'outbox', channel);
  await fs.mkdir(directory, { recursive: true });
  const file = path.join(directory, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.json`);
  await fs.writeFile(
    file,
    JSON.stringify(
      { channel, to: recipient.email, subject: content.title, body: content.message, link: content.link ?? null, sentAt: new Date().toISOString() },
      null,
      2,
    ),
  );
  return path.relative(dataDir, file);
}
