import { INVITATION_TTL_HOURS, type AcceptInvitationRequest, type Invitation, type Language, type Role } from '@carbonledger/contracts';
import { pgErrorOf, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordAudit } from '../audit';
import { invitationMail, sendMail } from '../mail';
import { issueLink, openLink, useLink } from './link-tokens';
import type { UsersDeps } from './users.deps';
import * as repository from './users.repository';

/** docs/product.md §3 New user, in a tenant and company the caller has already checked it may create users in. */
export interface NewUser {
  tenantId: string;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  role: Role;
  /** Must be replaced at the first sign-in. Without one, the invitation link sets the password. */
  temporaryPassword?: string;
  sendInvitation: boolean;
  /** The invitation e-mail's language. */
  language?: Language;
}

/** Who creates the user, for the audit trail (null: an operator's shell command). */
export interface CreatedBy {
  userId: string | null;
  requestId?: string | null;
  ip?: string | null;
}

export interface PreparedUser {
  user: repository.UserRow;
  /** E-mails the invitation (when asked for); call it once the transaction has committed. Resolves false when the mail could not be sent. */
  send: () => Promise<boolean>;
}

const INVITATION_VALID_MS = INVITATION_TTL_HOURS * 3600_000;

function invitationLink(deps: UsersDeps, token: string): string {
  return `${deps.publicBaseUrl}/invite/${token}`;
}

/** Issues an invitation link for a user and returns the sending of its e-mail, to run after commit. */
export async function prepareInvitationMail(
  tx: Tx,
  deps: UsersDeps,
  user: repository.UserRow,
  language: Language,
  createdBy: string | null,
): Promise<() => Promise<boolean>> {
  const company = await repository.findCompany(tx, user.companyId);
  const hasTemporaryPassword = user.passwordHash !== null;
  const { token, expiresAt } = await issueLink(tx, user, { kind: 'invitation', language, createdBy, validMs: INVITATION_VALID_MS });
  const content = invitationMail(language, {
    firstName: user.firstName,
    companyName: company?.name ?? '',
    link: invitationLink(deps, token),
    expiresAt,
    hasTemporaryPassword,
  });
  return async () => {
    try {
      await sendMail(deps.mail, { ...content, tenantId: user.tenantId, to: user.email, kind: 'invitation' });
      return true;
    } catch (error) {
      deps.log.error({ err: error, userId: user.id }, 'invitation e-mail not sent');
      return false;
    }
  };
}

/**
 * Creates a user inside the caller's transaction (which must be in `input.tenantId`): with a
 * temporary password the user must replace it at the first sign-in; with an invitation the
 * user waits in `pending_verification` until the e-mailed link is accepted. The caller checks
 * its right to create this user (company, role) beforehand.
 */
export async function prepareInvitation(tx: Tx, deps: UsersDeps, input: NewUser, by: CreatedBy): Promise<PreparedUser> {
  const company = await repository.findCompany(tx, input.companyId);
  if (!company) throw AppError.notFound('Company');
  if (await repository.emailTaken(tx, input.email)) throw new AppError('USER__EMAIL_TAKEN');
  const passwordHash = input.temporaryPassword === undefined ? null : await hashPassword(input.temporaryPassword);
  const user = await insertUserOnce(tx, {
    tenantId: input.tenantId,
    companyId: input.companyId,
    email: input.email,
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    passwordHash,
    status: input.sendInvitation ? 'pending_verification' : 'active',
  });
  await repository.insertCredentials(tx, user, passwordHash !== null);
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actorUserId: by.userId,
    action: 'user.created',
    resourceType: 'user',
    resourceId: user.id,
    details: { email: user.email, role: user.role, companyId: user.companyId, invited: input.sendInvitation, temporaryPassword: passwordHash !== null },
    ip: by.ip ?? null,
    requestId: by.requestId ?? null,
  });
  const send = input.sendInvitation ? await prepareInvitationMail(tx, deps, user, input.language ?? 'en', by.userId) : () => Promise.resolve(false);
  return { user, send };
}

/** Two creations of one e-mail at once: the unique index decides, the loser gets the same answer as a taken e-mail. */
async function insertUserOnce(tx: Tx, row: repository.NewUserRow): Promise<repository.UserRow> {
  try {
    return await tx.transaction((inner) => repository.insertUser(inner, row));
  } catch (error) {
    if (pgErrorOf(error)?.code === '23505') throw new AppError('USER__EMAIL_TAKEN');
    throw error;
  }
}

/** Creates the user in its own transaction and e-mails the invitation once it has committed. */
export async function inviteUser(deps: UsersDeps, input: NewUser, by: CreatedBy): Promise<{ userId: string; invitationSent: boolean }> {
  const prepared = await deps.db.withTenant(input.tenantId, (tx) => prepareInvitation(tx, deps, input, by));
  return { userId: prepared.user.id, invitationSent: await prepared.send() };
}

/** GET /invitations/:token: what the acceptance page shows. */
export async function describeInvitation(deps: UsersDeps, token: string): Promise<Invitation> {
  return openLink(deps.db, token, 'invitation', async (tx, link, user) => {
    const company = await repository.findCompany(tx, user.companyId);
    return {
      email: user.email,
      firstName: user.firstName,
      companyName: company?.name ?? '',
      requiresPassword: user.passwordHash === null,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}

/**
 * The invited person accepts: the e-mail is verified and the account active. A user without a
 * password sets it now; one with a temporary password may replace it now, else signs in with
 * it and is asked for a new one then.
 */
export async function acceptInvitation(
  deps: UsersDeps,
  origin: RequestOrigin,
  token: string,
  request: AcceptInvitationRequest,
): Promise<{ email: string; mustChangePassword: boolean }> {
  const passwordHash = request.password === undefined ? null : await hashPassword(request.password);
  return openLink(deps.db, token, 'invitation', async (tx, link, user) => {
    if (user.passwordHash === null && passwordHash === null) throw AppError.validation({ password: ['Password is required'] });
    if (user.status !== 'pending_verification') throw new AppError('USER__LINK_INVALID');
    await useLink(tx, link);
    if (passwordHash !== null) await repository.setPassword(tx, user, passwordHash);
    await repository.setStatus(tx, user.id, 'active', true);
    await recordAudit(tx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: 'user.invitation_accepted',
      resourceType: 'user',
      resourceId: user.id,
      details: { passwordSet: passwordHash !== null },
      ip: origin.ip,
      requestId: origin.requestId,
    });
    return { email: user.email, mustChangePassword: await repository.mustChangePassword(tx, user.id) };
  });
}
