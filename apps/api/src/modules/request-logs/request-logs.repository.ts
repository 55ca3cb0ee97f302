import { and, desc, eq, gte, ilike, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { requestLogs, users } from '../../db/schema';
import { usersOfCompany } from '../security';

export interface RequestLogFilter {
  method?: string;
  statusFrom?: number;
  path?: string;
  userId?: string;
  /** Only requests of this company's users. */
  companyId?: string;
  from?: Date;
  to?: Date;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listRequestLogs(tx: Tx, filter: RequestLogFilter) {
  const conditions: SQL[] = [];
  if (filter.method) conditions.push(eq(requestLogs.method, filter.method));
  if (filter.statusFrom !== undefined) conditions.push(gte(requestLogs.statusCode, filter.statusFrom), lt(requestLogs.statusCode, filter.statusFrom + 100));
  if (filter.path) conditions.push(ilike(requestLogs.path, `%${escapeLike(filter.path)}%`));
  if (filter.userId) conditions.push(eq(requestLogs.userId, filter.userId));
  if (filter.companyId) conditions.push(inArray(requestLogs.userId, usersOfCompany(tx, filter.companyId)));
  if (filter.from) conditions.push(gte(requestLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lte(requestLogs.createdAt, filter.to));
  // The user's name rides along so a log line says who, not only which id.
  return tx
    .select({ log: requestLogs, userFirstName: users.firstName, userLastName: users.lastName })
    .from(requestLogs)
    .leftJoin(users, eq(users.id, requestLogs.userId))
    .where(and(...conditions))
    .orderBy(desc(requestLogs.createdAt), desc(requestLogs.id))
    .limit(filter.limit);
}
