import { PASSWORD_RESET_TTL_MINUTES, type Language, type ResetPasswordRequest } from '@carbonledger/contracts';
import { hashPassword } from '../../lib/passwords';
import type { RequestOrigin } from '../../lib/request-origin';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { passwordResetMail, sendMail } from '../mail';
import { recordSecurityEvent } from '../security';
import { revokeAllSessionsOfUser } from '../sessions';
import { issueLink, openLink, useLink } from './link-tokens';
import type { UsersDeps } from './users.deps';
import * as repository from './users.repository';

const RESET_VALID_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/**
 * 'Forgot password?': e-mails a single-use link to an active account of this e-mail. The
 * answer is the same whether or not the account exists, and the e-mail leaves after the
 * answer, so neither its text nor its timing tells who has an account.
 */
export async function requestPasswordReset(deps: UsersDeps, origin: RequestOrigin, request: { email: string; language: Language }): Promise<void> {
  const target = await repository.findLoginTarget(deps.db, request.email);
  if (!target) return;
  const send = await deps.db.withTenant(target.tenantId, async (tx) => {
    const user = await repository.findUser(tx, target.userId);
    if (user?.status !== 'active') return null;
    const { token } = await issueLink(tx, user, { kind: 'password_reset', language: request.language, createdBy: null, validMs: RESET_VALID_MS });
    await recordAudit(tx, {
      tenantId: user.tenantId,
      actorUserId: null,
      action: 'user.password_reset_requested',
      resourceType: 'user',
      resourceId: user.id,
      ip: origin.ip,
      requestId: origin.requestId,
    });
    const content = passwordResetMail(request.language, {
      firstName: user.firstName,
      link: `${deps.publicBaseUrl}/reset-password/${token}`,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    });
    return () => sendMail(deps.mail, { ...content, tenantId: user.tenantId, to: user.email, kind: 'password_reset' });
  });
  if (send) setImmediate(() => void send().catch((error: unknown) => deps.log.error({ err: error, userId: target.userId }, 'password reset e-mail not sent')));
}

/** The link's new password (docs/product.md §5 rule) replaces the old one, lifts a lockout and ends every session of the user. */
export async function resetPassword(deps: UsersDeps, origin: RequestOrigin, request: ResetPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(request.newPassword);
  await openLink(deps.db, request.token, 'password_reset', async (tx, link, user) => {
    if (user.status !== 'active') throw new AppError('USER__LINK_INVALID');
    await useLink(tx, link);
    await repository.setPassword(tx, user, passwordHash);
    const endedSessions = await revokeAllSessionsOfUser(tx, origin, user.id, 'password reset');
    await recordSecurityEvent(tx, origin, {
      tenantId: user.tenantId,
      type: 'password_changed',
      userId: user.id,
      userEmail: user.email,
      details: { via: 'reset link', endedSessions },
    });
  });
}
