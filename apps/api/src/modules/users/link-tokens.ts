import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { LinkTokenKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import * as repository from './users.repository';

/** 32 random bytes, base64url (43 characters): the secret in an e-mailed link. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new single-use link for the user, replacing the open ones of its kind; only its hash is stored. */
export async function issueLink(
  tx: Tx,
  user: { id: string; tenantId: string },
  link: { kind: LinkTokenKind; language: Language; createdBy: string | null; validMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const now = new Date();
  await repository.revokeLinks(tx, user.id, link.kind, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + link.validMs);
  await repository.insertLink(tx, {
    tenantId: user.tenantId,
    userId: user.id,
    kind: link.kind,
    tokenHash: tokenHash(token),
    language: link.language,
    createdBy: link.createdBy,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The open link of a token and its user, inside the link's tenant. Unknown, replaced and
 * expired links answer alike (USER__LINK_INVALID); a used one says so, so that a person who
 * clicks twice learns they are done.
 */
export async function openLink<T>(
  database: Database,
  token: string,
  kind: LinkTokenKind,
  work: (tx: Tx, link: repository.LinkTokenRow, user: repository.UserRow) => Promise<T>,
): Promise<T> {
  const hash = tokenHash(token);
  const tenantId = await repository.tenantOfLink(database, hash);
  if (!tenantId) throw new AppError('USER__LINK_INVALID');
  return database.withTenant(tenantId, async (tx) => {
    const link = await repository.findLink(tx, hash);
    if (!link || link.kind !== kind || link.revokedAt) throw new AppError('USER__LINK_INVALID');
    if (link.usedAt) throw new AppError('USER__LINK_USED');
    if (link.expiresAt <= new Date()) throw new AppError('USER__LINK_INVALID');
    const user = await repository.findUser(tx, link.userId);
    if (!user) throw new AppError('USER__LINK_INVALID');
    return work(tx, link, user);
  });
}

/** Uses the link up; a concurrent request that got there first leaves this one refused. */
export async function useLink(tx: Tx, link: repository.LinkTokenRow): Promise<void> {
  if (!(await repository.useLink(tx, link.id, new Date()))) throw new AppError('USER__LINK_USED');
}
