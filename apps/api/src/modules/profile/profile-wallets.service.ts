import type { WalletUnlinkResult } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthContext } from '../../plugins/auth';
import { recordSecurityEvent } from '../security';
import { revokeWalletSessionsOfUser } from '../sessions';
import * as repository from './profile.repository';

/**
 * The user unlinks a wallet from their account (docs/product.md §3 Linked wallet): it no longer
 * stands for them at the wallet sign-in, and every other session a wallet sign-in opened for
 * them ends at once — someone who unlinks a wallet usually no longer trusts it, and a session
 * does not record which of the user's wallets opened it. The caller's own session stays: it is
 * the one proving, right now, that the account holder asked. A wallet sign-in still needs the
 * e-mail and password (and MFA) as well, so after this the wallet is linked again only by its
 * owner signing in with it again.
 */
export async function unlinkWallet(db: Database, origin: RequestOrigin, auth: AuthContext, walletAddress: string): Promise<WalletUnlinkResult> {
  return db.withTenant(auth.tenantId, async (tx) => {
    const link = await repository.deleteWalletLink(tx, auth.userId, walletAddress);
    if (!link) throw new AppError('PROFILE__WALLET_NOT_LINKED');
    const endedSessions = await revokeWalletSessionsOfUser(tx, origin, auth.userId, 'wallet unlinked', auth.sessionId);
    await recordSecurityEvent(tx, origin, {
      tenantId: auth.tenantId,
      type: 'wallet_unlinked',
      userId: auth.userId,
      userEmail: auth.email,
      details: { walletAddress, walletType: link.walletType, endedSessions },
    });
    return { walletAddress, endedSessions };
  });
}
