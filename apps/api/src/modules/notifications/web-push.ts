import webpush from 'web-push';
import fs from 'node:fs';
import path from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The Web Push application server keys (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or in
 * embedded mode a pair generated once into DATA_DIR/secrets, so that browsers subscribed
 * before a restart still accept the server's pushes.
 */
export function vapidKeysOf(config: { vapidPublicKey?: string; vapidPrivateKey?: string; dataDir: string }): VapidKeys {
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  const file = path.join(config.dataDir, 'secrets', 'vapid.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome = { ok: true; status: number } | { ok: false; status: number | null; gone: boolean; error: string };

/**
 * Sends one message: encrypted for the subscription (RFC 8291, aes128gcm) and signed with the
 * VAPID key (RFC 8292) by web-push; the request itself goes out with fetch, which also
 * reaches an http push service (a test's local one). 404 and 410 mean the subscription is gone.
 */
export async function sendPush(keys: VapidKeys, subject: string, target: PushTarget, payload: string): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(target, payload, {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
  });
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) return { ok: true, status: response.status };
    return { ok: false, status: response.status, gone: response.status === 404 || response.status === 410, error: `push service answered ${response.status}` };
  } catch (error) {
    return { ok: false, status: null, gone: false, error: error instanceof Error ? error.message : String(error) };
  }
}
