import type { z } from 'zod';
import type { RequestLog, requestLogsQuery } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { listRequestLogs } from './request-logs.repository';

export type RequestLogsQuery = z.output<typeof requestLogsQuery>;

/** The tenant's request logs, or only those of one company's users (companyId). */
export async function findRequestLogs(tx: Tx, query: RequestLogsQuery, companyId: string | undefined): Promise<RequestLog[]> {
  const rows = await listRequestLogs(tx, {
    companyId,
    method: query.method,
    statusFrom: query.status ? Number(query.status[0]) * 100 : undefined,
    path: query.path,
    userId: query.userId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    limit: query.limit,
  });
  return rows.map(({ log, userFirstName, userLastName }) => ({
    id: String(log.id),
    timestamp: log.createdAt.toISOString(),
    method: log.method,
    path: log.path,
    statusCode: log.statusCode,
    responseTimeMs: Math.round(log.responseTimeMs * 100) / 100,
    userId: log.userId,
    userName: userFirstName === null ? null : `${userFirstName} ${userLastName ?? ''}`.trim(),
    ip: log.ip,
    userAgent: log.userAgent,
    errorMessage: log.errorMessage,
  }));
}

const CSV_COLUMNS = [
  'timestamp',
  'method',
  'path',
  'statusCode',
  'responseTimeMs',
  'userId',
  'ip',
  'userAgent',
  'errorMessage',
] as const satisfies readonly (keyof RequestLog)[];

/** RFC 4180 quoting; a leading formula character is neutralised so spreadsheets do not execute it. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function requestLogsCsv(logs: RequestLog[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const log of logs) lines.push(CSV_COLUMNS.map((column) => csvCell(log[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
