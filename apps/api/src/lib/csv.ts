import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One CSV cell (RFC 4180). A text a spreadsheet would run as a formula — starting with = + - @,
 * or a tab or carriage return that hides one — gets a leading apostrophe, so it shows as text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, ended by CRLF. */
export const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Answers with a CSV download named `<name>-<UTC time>.csv`, never cached. An async source
 * streams as it is produced, so a large export is never held in memory whole.
 */
export function sendCsvDownload(reply: FastifyReply, name: string, body: string | AsyncIterable<string>): FastifyReply {
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? body : Readable.from(body));
}
