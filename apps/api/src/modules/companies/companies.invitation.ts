import type { AdministratorInvitation, FirstAdministrator } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { prepareInvitation, type UsersDeps } from '../users';

/** Who onboards: a signed-in administrator, or an operator at a shell (`npm run tenant:create`) with no user. */
export interface Onboarder {
  tenantId: string;
  userId: string | null;
  requestId?: string | null;
  ip?: string | null;
}

export interface PreparedAdministrator {
  invitation: Omit<AdministratorInvitation, 'invitationSent'>;
  /** E-mails the invitation; call it once the transaction has committed. */
  send: () => Promise<boolean>;
}

/**
 * A new company's first COMPANY_ADMIN (docs/product.md §3 Company, issue 14), inside the
 * caller's transaction: the users module creates the account pending verification, without a
 * password, and issues the single-use, expiring invitation link that lets that person set one.
 * The caller has checked its own right to onboard the company.
 */
export async function prepareFirstAdministrator(
  tx: Tx,
  users: UsersDeps,
  by: Onboarder,
  companyId: string,
  person: FirstAdministrator,
): Promise<PreparedAdministrator> {
  const { user, send } = await prepareInvitation(
    tx,
    users,
    {
      tenantId: by.tenantId,
      companyId,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      role: 'COMPANY_ADMIN',
      sendInvitation: true,
    },
    { userId: by.userId, requestId: by.requestId ?? null, ip: by.ip ?? null },
  );
  return { invitation: { userId: user.id, email: user.email, status: user.status }, send };
}
