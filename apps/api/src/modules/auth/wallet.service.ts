import type { LinkedWallet, WalletLinkRequest, WalletSessionRequest, WalletSessionResult } from '@carbonledger/contracts';
import { walletTypeSchema } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordSecurityEvent } from '../security';
import * as repository from './auth.repository';
import { signIn, walletAlreadyLinked, type AuthDeps, type SignedIn } from './auth.service';
import { CHALLENGE_TTL_MS, challengeMessage, newNonce, nonceOf, walletSignatureValid } from './siws';

export interface ChallengeContext {
  domain: string;
  uri: string;
  chainId: string;
}

/** Issues a single-use Sign-In-With-Solana message for the wallet to sign. */
export async function issueChallenge(deps: AuthDeps, context: ChallengeContext, walletAddress: string) {
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
  const nonce = newNonce();
  const message = challengeMessage({ ...context, walletAddress, nonce, issuedAt, expiresAt });
  await repository.insertChallenge(deps.db, { nonce, walletAddress, message, issuedAt, expiresAt });
  return { message, nonce, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

type ProofFailure = 'WALLET_AUTH_FAILED' | 'WALLET_LINK_FAILED';

type WalletProof = { walletAddress: string; signature: string; message: string };

/**
 * The wallet proves itself by signing a message this server issued for it, unexpired and
 * never used before. Answers the message's nonce, for claimWalletProof.
 */
async function checkWalletProof(deps: AuthDeps, proof: WalletProof, code: ProofFailure): Promise<string> {
  const nonce = nonceOf(proof.message);
  const challenge = nonce ? await repository.findChallenge(deps.db, nonce) : undefined;
  if (!challenge || challenge.message !== proof.message || challenge.walletAddress !== proof.walletAddress) {
    throw new AppError(code, 'The signed message was not issued for this wallet. Please sign in again.');
  }
  if (challenge.usedAt) throw new AppError(code, 'This sign-in message was already used. Please sign again.');
  const now = new Date();
  if (challenge.expiresAt <= now) throw new AppError(code, 'This sign-in message has expired. Please sign again.');
  if (!walletSignatureValid(proof.walletAddress, proof.message, proof.signature)) throw new AppError(code, 'The wallet signature is invalid.');
  return nonce!;
}

/** Uses the signed message up, so a replay is refused: of two requests with one message, one wins. */
async function claimWalletProof(deps: AuthDeps, nonce: string, code: ProofFailure): Promise<void> {
  if (!(await repository.consumeChallenge(deps.db, nonce, new Date()))) throw new AppError(code, 'This sign-in message was already used. Please sign again.');
}

async function linkWallet(
  tx: Tx,
  origin: RequestOrigin,
  user: { id: string; tenantId: string; email: string },
  walletAddress: string,
  walletType: LinkedWallet['walletType'],
) {
  const row = await repository.insertWalletLink(tx, { tenantId: user.tenantId, userId: user.id, walletAddress, walletType });
  await recordSecurityEvent(tx, origin, {
    tenantId: user.tenantId,
    type: 'wallet_linked',
    userId: user.id,
    userEmail: user.email,
    details: { walletAddress, walletType },
  });
  return row;
}

/**
 * docs/product.md dual authentication: a wallet signature plus e-mail and password — and, with MFA on,
 * the TOTP or a recovery code as at the password sign-in: anyone can make a wallet, so it
 * never stands in for the second factor. The signed message is used up only once those
 * credentials are proven, so after MFA_REQUIRED (or a mistyped password) the client sends
 * the same signature again with the code. A wallet not yet linked to anyone is linked to
 * this user on the first success; a wallet linked to somebody else is refused.
 */
export async function walletSignIn(
  deps: AuthDeps,
  origin: RequestOrigin,
  input: WalletSessionRequest,
): Promise<{ result: WalletSessionResult; csrfToken: string }> {
  const nonce = await checkWalletProof(deps, input, 'WALLET_AUTH_FAILED');
  let walletType: LinkedWallet['walletType'] = 'other';
  let signedIn: SignedIn;
  try {
    signedIn = await signIn(
      deps,
      origin,
      { email: input.email, password: input.password, mfaToken: input.mfaToken, recoveryCode: input.recoveryCode },
      {
        method: 'wallet',
        afterCredentials: () => claimWalletProof(deps, nonce, 'WALLET_AUTH_FAILED'),
        async beforeSession(tx, account) {
          const link = await repository.findWalletLink(tx, input.walletAddress);
          if (link && link.userId !== account.user.id) throw new AppError('WALLET_AUTH_FAILED', 'This wallet is linked to another account.');
          if (link) walletType = walletTypeSchema.catch('other').parse(link.walletType);
          else await linkWallet(tx, origin, account.user, input.walletAddress, walletType);
        },
      },
    );
  } catch (error) {
    if (walletAlreadyLinked(error)) throw new AppError('WALLET_AUTH_FAILED', 'This wallet is linked to another account.');
    throw error;
  }
  const { result, csrfToken } = signedIn;
  return { result: { ...result, wallet: { address: input.walletAddress, walletType }, access_token: result.tokens.accessToken }, csrfToken };
}

export async function listWallets(deps: AuthDeps, auth: AuthContext): Promise<LinkedWallet[]> {
  const rows = await deps.db.withTenant(auth.tenantId, (tx) => repository.walletsOfUser(tx, auth.userId));
  return rows.map((row) => ({
    walletAddress: row.walletAddress,
    walletType: walletTypeSchema.catch('other').parse(row.walletType),
    linkedAt: row.linkedAt.toISOString(),
  }));
}

export async function linkWalletToUser(deps: AuthDeps, origin: RequestOrigin, auth: AuthContext, input: WalletLinkRequest): Promise<LinkedWallet> {
  await claimWalletProof(deps, await checkWalletProof(deps, input, 'WALLET_LINK_FAILED'), 'WALLET_LINK_FAILED');
  try {
    const row = await deps.db.withTenant(auth.tenantId, async (tx) => {
      const existing = await repository.findWalletLink(tx, input.walletAddress);
      if (existing?.userId === auth.userId) return existing;
      if (existing) throw new AppError('WALLET_LINK_FAILED', 'This wallet is linked to another account.');
      return linkWallet(tx, origin, { id: auth.userId, tenantId: auth.tenantId, email: auth.email }, input.walletAddress, input.walletType);
    });
    return { walletAddress: row.walletAddress, walletType: walletTypeSchema.catch('other').parse(row.walletType), linkedAt: row.linkedAt.toISOString() };
  } catch (error) {
    if (walletAlreadyLinked(error)) throw new AppError('WALLET_LINK_FAILED', 'This wallet is linked to another account.');
    throw error;
  }
}
