import {
  walletTexts,
  type CompanyWallet,
  type CreateManagedWalletRequest,
  type RegisterExternalWalletRequest,
  type WalletOwnershipChallenge,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { ApprovalRequested } from '../approvals';
import { newNonce, nonceOf, walletSignatureValid } from '../auth';
import { generateManagedWalletKey } from './managed-wallet-keys';
import { announceWalletApproval, openWalletApproval } from './wallets.approval';
import type { WalletDeps } from './wallets.deps';
import { announceWalletChange, auditWallet, notifyAdministrators } from './wallets.events';
import * as repository from './wallets.repository';
import type { WalletRow } from './wallets.repository';
import { viewOf } from './wallets.views';

/** How long an ownership message may be signed and used. */
export const OWNERSHIP_CHALLENGE_TTL_MS = 5 * 60_000;

/** Closes a sentence that ends with a name: "Verde Energia S.A." keeps its own period instead of getting a second one. */
function endSentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

function ownershipMessage(fields: { address: string; companyName: string; nonce: string; issuedAt: Date; expiresAt: Date }): string {
  return [
    'Carbonledger wallet ownership',
    `I control this wallet and register it for ${endSentence(fields.companyName)}`,
    '',
    `Wallet: ${fields.address}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join('\n');
}

/** A single-use message the wallet signs to prove the company controls it. */
export async function issueOwnershipChallenge(deps: WalletDeps, actor: Actor, walletAddress: string): Promise<WalletOwnershipChallenge> {
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + OWNERSHIP_CHALLENGE_TTL_MS);
  const nonce = newNonce();
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const companyName = (await repository.companyName(tx, actor.companyId)) ?? 'your company';
    const message = ownershipMessage({ address: walletAddress, companyName, nonce, issuedAt, expiresAt });
    await repository.insertChallenge(tx, { nonce, tenantId: actor.tenantId, userId: actor.userId, address: walletAddress, message, issuedAt, expiresAt });
    return { message, nonce, expiresAt: expiresAt.toISOString() };
  });
}

const registrationFailed = (text: string) => new AppError('WALLET_REGISTRATION_FAILED', text);

/** The signed message must be one this server issued to this user for this address, unused and unexpired. */
async function consumeOwnershipProof(tx: Tx, actor: Actor, input: RegisterExternalWalletRequest): Promise<void> {
  const nonce = nonceOf(input.message);
  const challenge = nonce ? await repository.findChallengeForUpdate(tx, nonce) : undefined;
  if (!challenge || challenge.message !== input.message || challenge.address !== input.address || challenge.userId !== actor.userId) {
    throw registrationFailed(walletTexts.challengeMismatch);
  }
  if (challenge.usedAt) throw registrationFailed(walletTexts.challengeUsed);
  const now = new Date();
  if (challenge.expiresAt <= now) throw registrationFailed(walletTexts.challengeExpired);
  if (!walletSignatureValid(input.address, input.message, input.signature)) throw registrationFailed(walletTexts.invalidSignature);
  await repository.markChallengeUsed(tx, challenge.nonce, now);
}

export interface Registration {
  wallet: CompanyWallet;
  /** False when the address was already registered for the company (informational answer). */
  created: boolean;
  message: string;
  /** The approval workflow a new registration opened. */
  approval?: ApprovalRequested | null;
}

/** docs/product.md §4: what registering an address the company already has answers. */
function existingRegistration(existing: WalletRow): { informational: string } {
  switch (existing.status) {
    case 'pending':
      return { informational: walletTexts.alreadyPending };
    case 'approved':
    case 'active':
      return { informational: walletTexts.alreadyApproved };
    case 'rejected':
      throw new AppError('WALLET__PREVIOUSLY_REJECTED');
    case 'suspended':
    case 'revoked':
      throw new AppError('WALLET__NOT_ACTIVE');
  }
}

/** A removed wallet of the company registered again starts over: pending, undecided, not primary. */
function registeredAgain(fields: Pick<WalletRow, 'name' | 'provider' | 'createdBy'>): Partial<repository.NewWalletRow> {
  return {
    ...fields,
    status: 'pending',
    removedAt: null,
    isPrimary: false,
    approvedBy: null,
    approvedAt: null,
    statusReason: null,
    createdAt: new Date(),
    statusChangedAt: new Date(),
  };
}

/** Registers an external wallet whose owner signed the ownership message; it waits for an administrator. */
export async function registerExternalWallet(deps: WalletDeps, actor: Actor, input: RegisterExternalWalletRequest): Promise<Registration> {
  const registration: Registration = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await consumeOwnershipProof(tx, actor, input);
    const existing = await repository.findWalletByAddress(tx, input.address);
    if (existing && existing.companyId !== actor.companyId) throw new AppError('WALLET__REGISTERED_ELSEWHERE');
    if (existing && !existing.removedAt) {
      const { informational } = existingRegistration(existing);
      return { wallet: await viewOf(tx, existing.id), created: false, message: informational };
    }
    if (existing?.status === 'rejected') throw new AppError('WALLET__PREVIOUSLY_REJECTED');
    const fields = { name: input.name || null, provider: input.provider, createdBy: actor.userId };
    const row = existing
      ? await repository.updateWallet(tx, existing.id, registeredAgain(fields))
      : await repository.insertWalletIfAddressFree(tx, {
          ...fields,
          tenantId: actor.tenantId,
          companyId: actor.companyId,
          address: input.address,
          type: 'external',
        });
    if (!row) throw new AppError('WALLET__REGISTERED_ELSEWHERE');
    await auditWallet(tx, actor, 'wallet.registered', row, { type: 'external', provider: input.provider });
    const approval = await openWalletApproval(tx, actor, row);
    return { wallet: await viewOf(tx, row.id), created: true, message: walletTexts.registered, approval };
  });
  if (registration.created) {
    announceWalletApproval(deps, registration.approval ?? null);
    announceWalletChange(deps, actor, registration.wallet);
    await notifyAdministrators(deps, actor, registration.wallet);
  }
  return registration;
}

/** A wallet whose key the platform generates and keeps sealed; it waits for approval like any other. */
export async function createManagedWallet(deps: WalletDeps, actor: Actor, input: CreateManagedWalletRequest): Promise<CompanyWallet> {
  const key = await generateManagedWalletKey(deps.masterKey, actor.tenantId);
  const { view: wallet, approval } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await repository.insertWalletIfAddressFree(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      address: key.address,
      name: input.name || null,
      type: 'platform_managed',
      provider: null,
      encryptedSecret: key.encryptedSecret,
      createdBy: actor.userId,
    });
    if (!row) throw new AppError('WALLET__ADDRESS_TAKEN');
    await auditWallet(tx, actor, 'wallet.registered', row, { type: 'platform_managed' });
    return { view: await viewOf(tx, row.id), approval: await openWalletApproval(tx, actor, row) };
  });
  announceWalletApproval(deps, approval);
  announceWalletChange(deps, actor, wallet);
  await notifyAdministrators(deps, actor, wallet);
  return wallet;
}
