import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { NotificationContent } from './notifications.service';

export type Channel = 'email' | 'sms' | 'push' | 'in_app';

/**
 * Embedded mode delivers e-mail, SMS and push into outbox files under DATA_DIR/outbox, one
 * JSON document per message, so they can be read without any provider configured.
 */
export async function sendTestNotification(dataDir: string, channel: Channel, recipient: string, content: NotificationContent): Promise<string> {
  if (channel === 'in_app') return 'in-app';
  const directory = path.join(dataDir, 'outbox', channel);
  await fs.mkdir(directory, { recursive: true });
  const file = path.join(directory, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.json`);
  await fs.writeFile(
    file,
    JSON.stringify(
      { channel, to: recipient, subject: content.title, body: content.message, link: content.link ?? null, sentAt: new Date().toISOString() },
      null,
      2,
    ),
  );
  return path.relative(dataDir, file);
}
