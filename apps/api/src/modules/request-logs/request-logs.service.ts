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
  return rows.map((row) => ({
    id: String(row.id),
    timestamp: row.createdAt.toISOString(),
    method: row.method,
    path: row.path,
    statusCode: row.statusCode,
    responseTimeMs: Math.round(row.responseTimeMs * 100) / 100,
    userId: row.userId,
    ip: row.ip,
    userAgent: row.userAgent,
    errorMessage: row.errorMessage,
  }));
}

const CSV_COLUMNS = ['timestamp', 'method', 'path', 'statusCode', 'responseTimeMs', 'userId', 'ip', 'userAgent', 'errorMessage'] as const satisfies readonly (keyof RequestLog)[];

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
