import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@carbonledger/contracts';
import { deliveryTargetRefusal, publicOnlyLookup, type UrlPolicy } from './webhooks.url-policy';

/** How long a receiver has to answer; Standard Webhooks receivers are expected to answer quickly and work later. */
const DELIVERY_TIMEOUT_MS = 15_000;

export interface HttpOutcome {
  statusCode: number | null;
  succeeded: boolean;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
}

/** The first 1 KB of the answer as text, cut on a character boundary. */
function excerptOf(chunks: Buffer[]): string {
  const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES);
  return new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/\uFFFD$/, '')
    .replaceAll('\u0000', '');
}

/**
 * POSTs the body with its headers. Any 2xx answer is a success. Redirects are not followed
 * (a receiver could point one at a private address). In production the connection goes only
 * to a public address (url-policy). Never throws: every failure becomes an outcome for the
 * delivery log.
 */
export function postWebhook(target: string, headers: Record<string, string>, body: string, policy: UrlPolicy): Promise<HttpOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): HttpOutcome => ({
    statusCode: null,
    succeeded: false,
    latencyMs: elapsed(),
    responseExcerpt: '',
    error: error.slice(0, 1000),
  });
  const url = new URL(target);
  const refusal = deliveryTargetRefusal(url, policy);
  if (refusal) return Promise.resolve(failed(refusal));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Carbonledger-Webhooks/1.0' },
        timeout: DELIVERY_TIMEOUT_MS,
        ...(policy.production ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const statusCode = response.statusCode ?? null;
          resolve({
            statusCode,
            succeeded: statusCode !== null && statusCode >= 200 && statusCode < 300,
            latencyMs: elapsed(),
            responseExcerpt: excerptOf(chunks),
            error: null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          // Only the excerpt is kept; a huge answer is not read to its end.
          if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          kept += chunk.length;
          if (kept >= WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve(failed(error.message)));
    request.end(body);
  });
}
