import type { AdministratorInvitation, FirstAdministrator } from '@carbonledger/contracts';
import { pgErrorOf, type Tx } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';

/** Who onboards: a signed-in administrator, or an operator at a shell (`npm run tenant:create`) with no user. */
export interface Onboarder {
  tenantId: string;
  userId: string | null;
  requestId?: string | null;
  ip?: string | null;
}

/**
 * A new company's first COMPANY_ADMIN (docs/product.md §3 Company, issue 14). The account is
 * made pending verification with no password: the users module's invitation (a single-use,
 * expiring link by e-mail) is what lets that person set one and sign in. Until that invitation
 * is wired here, no e-mail goes out (`invitationSent: false`).
 */
export async function inviteFirstAdministrator(tx: Tx, by: Onboarder, companyId: string, person: FirstAdministrator): Promise<AdministratorInvitation> {
  const email = person.email.toLowerCase();
  const [user] = await tx
    .insert(users)
    .values({
      tenantId: by.tenantId,
      companyId,
      email,
      role: 'COMPANY_ADMIN',
      firstName: person.firstName,
      lastName: person.lastName,
      status: 'pending_verification',
      verified: false,
    })
    .returning()
    .catch((error: unknown) => {
      // E-mail addresses are unique across the platform (sign-in is by e-mail alone).
      if (pgErrorOf(error)?.code === '23505') throw new AppError('COMPANY__ADMIN_EMAIL_TAKEN');
      throw error;
    });
  await recordAudit(tx, {
    tenantId: by.tenantId,
    actorUserId: by.userId,
    action: 'user.invited',
    resourceType: 'user',
    resourceId: user!.id,
    details: { companyId, role: 'COMPANY_ADMIN', email },
    ip: by.ip ?? null,
    requestId: by.requestId ?? null,
  });
  return { userId: user!.id, email, status: user!.status, invitationSent: false };
}
