import { randomBytes } from 'node:crypto';
import { AccountRole, address, getUtf8Encoder, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import {
  ROLES,
  SERVER_EVENTS,
  isOperationalWalletStatus,
  walletTexts,
  type CompanyWallet,
  type CompanyWalletDetail,
  type CompanyWalletStatus,
  type ApprovalUpdatePayload,
  type CreateManagedWalletRequest,
  type RegisterExternalWalletRequest,
  type WalletListQuery,
  type WalletOwnershipChallenge,
} from '@carbonledger/contracts';
import { MEMO_PROGRAM_ADDRESS } from '@carbonledger/chain';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import { recordAudit } from '../audit';
import { newNonce, nonceOf, walletSignatureValid } from '../auth/siws';
import { findSubmission } from '../chain/submissions.repository';
import { prepareTransaction, type ChainContext, type PreparedTransaction } from '../chain/submissions.service';
import { notify, type NotificationPublisher } from '../notifications';
import type { RealtimeGateway } from '../realtime';
import { generateManagedWalletKey } from './managed-wallet-keys';
import { listTokenMints } from './token-mints.repository';
import { allowedMintAddresses, freezeWalletAccounts, openWalletAccounts, type ChainStep } from './wallet-chain.service';
import * as repository from './wallets.repository';
import type { WalletRow, WalletView } from './wallets.repository';

/** Holders of wallets:approve by default (SPEC §6: only administrators approve wallets). */
const WALLET_APPROVER_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;

/** How long an ownership message may be signed and used. */
export const OWNERSHIP_CHALLENGE_TTL_MS = 5 * 60_000;

export interface WalletDeps {
  db: Database;
  chainContext: ChainContext;
  /** Notifications, and approval_update so every open list of the company's wallets reads them again. */
  publisher: NotificationPublisher & Pick<RealtimeGateway, 'emitToCompany'>;
  masterKey: Buffer;
  explorer: ExplorerTarget;
}

export interface WalletActor {
  tenantId: string;
  companyId: string;
  userId: string;
  /** Holds wallets:approve: sees and decides on every company's wallets of the tenant. */
  administrator: boolean;
  ip: string | null;
  requestId: string;
}

export function toCompanyWallet(view: WalletView): CompanyWallet {
  return {
    id: view.id,
    companyId: view.companyId,
    companyName: view.companyName,
    address: view.address,
    name: view.name,
    type: view.type,
    provider: (view.provider as CompanyWallet['provider']) ?? null,
    status: view.status,
    operational: isOperationalWalletStatus(view.status),
    primary: view.isPrimary,
    createdAt: view.createdAt.toISOString(),
    createdBy: view.createdByName,
    approvedBy: view.approvedByName,
    approvedAt: view.approvedAt?.toISOString() ?? null,
    statusReason: view.statusReason,
    verifiedOnChainAt: view.verifiedOnChainAt?.toISOString() ?? null,
  };
}

async function audit(tx: Tx, actor: WalletActor, action: string, wallet: Pick<WalletRow, 'id' | 'address' | 'companyId'>, details: Record<string, unknown> = {}) {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'company_wallet',
    resourceId: wallet.id,
    details: { address: wallet.address, companyId: wallet.companyId, ...details },
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

/** The wallet if the actor may see it: administrators any of the tenant, others only their company's. */
async function visibleWallet(tx: Tx, actor: WalletActor, id: string): Promise<WalletView> {
  const view = await repository.findWalletView(tx, id);
  if (!view || (!actor.administrator && view.companyId !== actor.companyId)) throw AppError.notFound('Wallet');
  return view;
}

async function viewOf(tx: Tx, id: string): Promise<CompanyWallet> {
  return toCompanyWallet((await repository.findWalletView(tx, id))!);
}

export async function listWallets(deps: WalletDeps, actor: WalletActor, query: WalletListQuery): Promise<CompanyWallet[]> {
  if (query.companyId && query.companyId !== actor.companyId && !actor.administrator) throw new AppError('ACCESS_DENIED');
  const companyId = query.companyId ?? (actor.administrator && query.status ? undefined : actor.companyId);
  const views = await deps.db.withTenant(actor.tenantId, (tx) => repository.listWalletViews(tx, { companyId, status: query.status }));
  return views.map(toCompanyWallet);
}

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
export async function issueOwnershipChallenge(deps: WalletDeps, actor: WalletActor, walletAddress: string): Promise<WalletOwnershipChallenge> {
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
async function consumeOwnershipProof(tx: Tx, actor: WalletActor, input: RegisterExternalWalletRequest): Promise<void> {
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
}

/** SPEC §4: what registering an address the company already has answers. */
function existingRegistration(existing: WalletRow): { informational: string } {
  switch (existing.status) {
    case 'pending':
      return { informational: walletTexts.alreadyPending };
    case 'approved':
    case 'active':
      return { informational: walletTexts.alreadyApproved };
    case 'rejected':
      throw new AppError('CONFLICT', walletTexts.previouslyRejected);
    case 'suspended':
    case 'revoked':
      throw new AppError('CONFLICT', walletTexts.notActive);
  }
}

/** Registers an external wallet whose owner signed the ownership message; it waits for an administrator. */
export async function registerExternalWallet(deps: WalletDeps, actor: WalletActor, input: RegisterExternalWalletRequest): Promise<Registration> {
  const registration: Registration = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await consumeOwnershipProof(tx, actor, input);
    const existing = await repository.findWalletByAddress(tx, input.address);
    if (existing && existing.companyId !== actor.companyId) throw new AppError('CONFLICT', walletTexts.registeredElsewhere);
    if (existing && !existing.removedAt) {
      const { informational } = existingRegistration(existing);
      return { wallet: await viewOf(tx, existing.id), created: false, message: informational };
    }
    if (existing?.status === 'rejected') throw new AppError('CONFLICT', walletTexts.previouslyRejected);
    const fields = { name: input.name || null, provider: input.provider, createdBy: actor.userId };
    const row = existing
      ? await repository.updateWallet(tx, existing.id, {
          ...fields,
          status: 'pending',
          removedAt: null,
          isPrimary: false,
          approvedBy: null,
          approvedAt: null,
          statusReason: null,
          createdAt: new Date(),
          statusChangedAt: new Date(),
        })
      : await repository.insertWalletIfAddressFree(tx, { ...fields, tenantId: actor.tenantId, companyId: actor.companyId, address: input.address, type: 'external' });
    if (!row) throw new AppError('CONFLICT', walletTexts.registeredElsewhere);
    await audit(tx, actor, 'wallet.registered', row, { type: 'external', provider: input.provider });
    return { wallet: await viewOf(tx, row.id), created: true, message: walletTexts.registered };
  });
  if (registration.created) {
    announceWalletChange(deps, actor, registration.wallet);
    await notifyAdministrators(deps, actor, registration.wallet);
  }
  return registration;
}

/** SPEC §6: only administrators approve, so they are the ones told a wallet waits. */
async function notifyAdministrators(deps: WalletDeps, actor: WalletActor, wallet: CompanyWallet) {
  await notify(deps.db, deps.publisher, actor.tenantId, { roles: WALLET_APPROVER_ROLES }, {
    type: 'APPROVAL',
    title: walletTexts.pendingApprovalTitle,
    message: `${wallet.companyName} registered wallet ${label(wallet)}.`,
    link: '/wallets?status=pending',
  });
}

/** A wallet whose key the platform generates and keeps sealed; it waits for approval like any other. */
export async function createManagedWallet(deps: WalletDeps, actor: WalletActor, input: CreateManagedWalletRequest): Promise<CompanyWallet> {
  const key = await generateManagedWalletKey(deps.masterKey, actor.tenantId);
  const wallet = await deps.db.withTenant(actor.tenantId, async (tx) => {
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
    if (!row) throw new AppError('CONFLICT', walletTexts.registerFailed);
    await audit(tx, actor, 'wallet.registered', row, { type: 'platform_managed' });
    return viewOf(tx, row.id);
  });
  announceWalletChange(deps, actor, wallet);
  await notifyAdministrators(deps, actor, wallet);
  return wallet;
}

/** The wallet with its SOL, token balances and allowed mints read from the chain now. */
export async function walletDetail(deps: WalletDeps, actor: WalletActor, id: string): Promise<CompanyWalletDetail> {
  const { view, mints } = await deps.db.withTenant(actor.tenantId, async (tx) => ({ view: await visibleWallet(tx, actor, id), mints: await listTokenMints(tx) }));
  const verified = await confirmVerificationIfLanded(deps, actor.tenantId, view);
  const owner = address(view.address);
  const [lamports, accounts] = await readFromChain(() => Promise.all([deps.chainContext.chain.getBalance(owner), deps.chainContext.chain.getTokenAccountsByOwner(owner)]));
  const known = new Map(mints.map((mint) => [mint.mintAddress, mint]));
  const balances = await readFromChain(() => Promise.all(
    accounts.map(async (account) => {
      const mint = known.get(account.mint);
      const decimals = mint?.decimals ?? (await deps.chainContext.chain.getMint(account.mint))?.decimals ?? 0;
      return {
        mint: account.mint,
        account: account.address,
        symbol: mint?.symbol ?? null,
        tokenName: mint?.name ?? null,
        amount: account.amount.toString(),
        decimals,
        frozen: account.frozen,
      };
    }),
  ));
  return {
    ...toCompanyWallet(verified),
    solBalanceLamports: lamports.toString(),
    balances,
    allowedMints: mints.map((mint) => ({ mint: mint.mintAddress, symbol: mint.symbol, tokenName: mint.name })),
    explorerUrl: explorerUrl(deps.explorer, 'address', view.address),
  };
}

async function readFromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', walletTexts.loadFailed, { cause: error });
  }
}

/** The verification memo may have been confirmed by the tracker after submit answered. */
async function confirmVerificationIfLanded(deps: WalletDeps, tenantId: string, view: WalletView): Promise<WalletView> {
  if (view.verifiedOnChainAt || !view.verificationTransactionId) return view;
  const transactionId = view.verificationTransactionId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const submission = await findSubmission(tx, transactionId);
    if (submission?.status !== 'confirmed') return view;
    const verifiedOnChainAt = submission.finishedAt ?? new Date();
    await repository.updateWallet(tx, view.id, { verifiedOnChainAt });
    return { ...view, verifiedOnChainAt };
  });
}

/** Called when a `wallet.verify` submission confirmed. */
export async function markVerifiedOnChain(tx: Tx, walletId: string, at: Date): Promise<void> {
  await repository.updateWallet(tx, walletId, { verifiedOnChainAt: at });
}

function memoInstruction(signer: TransactionSigner, memo: string): Instruction {
  return {
    programAddress: MEMO_PROGRAM_ADDRESS,
    accounts: [{ address: signer.address, role: AccountRole.READONLY_SIGNER, signer } as { address: Address; role: AccountRole }],
    data: getUtf8Encoder().encode(memo),
  };
}

/** A memo the external wallet pays for and signs, proving on chain that its owner controls it. */
export async function prepareWalletVerification(deps: WalletDeps, actor: WalletActor, id: string): Promise<PreparedTransaction> {
  const view = await deps.db.withTenant(actor.tenantId, (tx) => visibleWallet(tx, actor, id));
  if (view.companyId !== actor.companyId) throw AppError.notFound('Wallet');
  if (view.type !== 'external') throw new AppError('CONFLICT', 'Only external wallets sign the verification; platform-managed wallets are controlled by the platform.');
  if (view.status === 'rejected' || view.status === 'revoked') throw new AppError('CONFLICT', walletTexts.notActive);
  const nonce = randomBytes(8).toString('hex');
  const prepared = await prepareTransaction(deps.chainContext, {
    tenantId: actor.tenantId,
    kind: 'wallet.verify',
    wallet: address(view.address),
    reference: { walletId: view.id, nonce },
    createdBy: actor.userId,
    build: ({ wallet }) => [memoInstruction(wallet, `Carbonledger wallet verification ${view.id} ${nonce}`)],
  });
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    await repository.updateWallet(tx, view.id, { verificationTransactionId: prepared.transactionId });
    await audit(tx, actor, 'wallet.verification_prepared', view, { transactionId: prepared.transactionId });
  });
  return prepared;
}

async function notifyCompany(deps: WalletDeps, actor: WalletActor, wallet: Pick<WalletRow, 'companyId' | 'address' | 'name'>, title: string, message: string) {
  await notify(deps.db, deps.publisher, actor.tenantId, { roles: ROLES, companyId: wallet.companyId }, { type: 'APPROVAL', title, message, link: '/wallets' });
}

function label(wallet: { address: string; name: string | null }): string {
  return wallet.name ? `${wallet.name} (${wallet.address})` : wallet.address;
}

/** To the company's members and the tenant's administrators (whose approvals list shows it). */
function announceWalletChange(deps: WalletDeps, actor: WalletActor, wallet: Pick<CompanyWallet, 'id' | 'companyId' | 'status'>, removed = false) {
  const payload: ApprovalUpdatePayload = { walletId: wallet.id, companyId: wallet.companyId, status: wallet.status, removed };
  deps.publisher.emitToCompany({ tenantId: actor.tenantId, companyId: wallet.companyId }, SERVER_EVENTS.approvalUpdate, payload);
}

/**
 * Changes the status under a row lock, audited, after checking the transition is allowed;
 * answers the row as it was before and after.
 */
async function transition(
  deps: WalletDeps,
  actor: WalletActor,
  id: string,
  allowedFrom: readonly CompanyWalletStatus[],
  action: string,
  change: (before: WalletRow) => Partial<repository.NewWalletRow>,
  details: Record<string, unknown> = {},
): Promise<WalletRow> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleWallet(tx, actor, id);
    const before = (await repository.findWalletForUpdate(tx, id))!;
    if (!allowedFrom.includes(before.status)) throw new AppError('CONFLICT', `This wallet is ${before.status}; it cannot be ${action.replace('wallet.', '')} now.`);
    const after = await repository.updateWallet(tx, id, { ...change(before), statusChangedAt: new Date() });
    await audit(tx, actor, action, after, { from: before.status, to: after.status, ...details });
    return after;
  });
}

function chainDetails(step: ChainStep) {
  return { complete: step.complete, signatures: step.submissions.map((submission) => submission.signature) };
}

/** Thaws the wallet's token accounts for every allowed mint; once they are open the wallet is active. */
async function activate(deps: WalletDeps, actor: WalletActor, wallet: WalletRow): Promise<void> {
  const mints = await allowedMintAddresses(deps.chainContext, actor.tenantId);
  let step: ChainStep;
  try {
    step = await openWalletAccounts(deps.chainContext, actor.tenantId, wallet.address, mints, { walletId: wallet.id });
  } catch (error) {
    // The approval stands; approving again retries the chain step (it is idempotent).
    await deps.db.withTenant(actor.tenantId, (tx) => audit(tx, actor, 'wallet.chain_failed', wallet, { step: 'open', error: String(error) }));
    return;
  }
  if (!step.complete) return;
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await repository.findWalletForUpdate(tx, wallet.id);
    if (current?.status !== 'approved') return;
    const companyHasPrimary = (await repository.listWalletViews(tx, { companyId: current.companyId })).some((other) => other.isPrimary);
    const after = await repository.updateWallet(tx, wallet.id, { status: 'active', isPrimary: current.isPrimary || !companyHasPrimary, statusChangedAt: new Date() });
    await audit(tx, actor, 'wallet.activated', after, { from: 'approved', to: 'active', chain: chainDetails(step) });
  });
}

async function freeze(deps: WalletDeps, actor: WalletActor, wallet: WalletRow, action: string): Promise<void> {
  const mints = await allowedMintAddresses(deps.chainContext, actor.tenantId);
  let step: ChainStep;
  try {
    step = await freezeWalletAccounts(deps.chainContext, actor.tenantId, wallet.address, mints, { walletId: wallet.id, action });
  } catch (error) {
    await deps.db.withTenant(actor.tenantId, (tx) => audit(tx, actor, 'wallet.chain_failed', wallet, { step: 'freeze', cause: action, error: String(error) }));
    throw new AppError('SERVICE_UNAVAILABLE', walletTexts.freezeFailed, { cause: error });
  }
  if (step.submissions.length === 0) return;
  await deps.db.withTenant(actor.tenantId, (tx) => audit(tx, actor, 'wallet.frozen_on_chain', wallet, { cause: action, chain: chainDetails(step) }));
}

/** The decided wallet as it is now, announced to every open list of it. */
async function answer(deps: WalletDeps, actor: WalletActor, id: string): Promise<CompanyWallet> {
  const wallet = await deps.db.withTenant(actor.tenantId, (tx) => viewOf(tx, id));
  announceWalletChange(deps, actor, wallet);
  return wallet;
}

/** SPEC §6: an administrator approves; who and when are recorded, the company is told, accounts open on chain. */
export async function approveWallet(deps: WalletDeps, actor: WalletActor, id: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['pending', 'rejected', 'approved'], 'wallet.approved', (before) =>
    before.status === 'approved' ? {} : { status: 'approved', approvedBy: actor.userId, approvedAt: new Date(), statusReason: null },
  );
  await activate(deps, actor, wallet);
  await notifyCompany(deps, actor, wallet, 'Wallet approved', `Wallet ${label(wallet)} was approved and can now perform token operations.`);
  return answer(deps, actor, id);
}

export async function rejectWallet(deps: WalletDeps, actor: WalletActor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['pending'], 'wallet.rejected', () => ({ status: 'rejected', statusReason: reason }), { reason });
  await notifyCompany(deps, actor, wallet, 'Wallet rejected', `Wallet ${label(wallet)} was rejected: ${reason}`);
  return answer(deps, actor, id);
}

export async function suspendWallet(deps: WalletDeps, actor: WalletActor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['approved', 'active', 'suspended'], 'wallet.suspended', () => ({ status: 'suspended', statusReason: reason }), { reason });
  await freeze(deps, actor, wallet, 'wallet.suspended');
  await notifyCompany(deps, actor, wallet, 'Wallet suspended', `Wallet ${label(wallet)} was suspended: ${reason}`);
  return answer(deps, actor, id);
}

export async function revokeWallet(deps: WalletDeps, actor: WalletActor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['approved', 'active', 'suspended', 'revoked'], 'wallet.revoked', () => ({ status: 'revoked', statusReason: reason, isPrimary: false }), { reason });
  await freeze(deps, actor, wallet, 'wallet.revoked');
  await notifyCompany(deps, actor, wallet, 'Wallet revoked', `Wallet ${label(wallet)} was revoked: ${reason}`);
  return answer(deps, actor, id);
}

export async function reactivateWallet(deps: WalletDeps, actor: WalletActor, id: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['suspended'], 'wallet.reactivated', () => ({ status: 'approved', statusReason: null }));
  await activate(deps, actor, wallet);
  await notifyCompany(deps, actor, wallet, 'Wallet reactivated', `Wallet ${label(wallet)} was reactivated and can perform token operations again.`);
  return answer(deps, actor, id);
}

/** Only an operational wallet of the company can be its primary wallet (one per company). */
export async function setPrimaryWallet(deps: WalletDeps, actor: WalletActor, id: string): Promise<CompanyWallet> {
  const wallet = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const view = await visibleWallet(tx, actor, id);
    if (view.companyId !== actor.companyId) throw AppError.notFound('Wallet');
    if (!isOperationalWalletStatus(view.status)) throw new AppError('CONFLICT', `${walletTexts.setPrimaryFailed} ${walletTexts.notActive}`);
    if (!view.isPrimary) {
      await repository.clearPrimary(tx, view.companyId);
      await repository.updateWallet(tx, id, { isPrimary: true });
      await audit(tx, actor, 'wallet.primary_set', view);
    }
    return viewOf(tx, id);
  });
  announceWalletChange(deps, actor, wallet);
  return wallet;
}

/** Removes a wallet that holds no tokens; its token accounts are frozen first so nothing moves through it. */
export async function removeWallet(deps: WalletDeps, actor: WalletActor, id: string): Promise<void> {
  const view = await deps.db.withTenant(actor.tenantId, (tx) => visibleWallet(tx, actor, id));
  if (view.companyId !== actor.companyId) throw AppError.notFound('Wallet');
  const accounts = await deps.chainContext.chain.getTokenAccountsByOwner(address(view.address));
  if (accounts.some((account) => account.amount > 0n)) throw new AppError('CONFLICT', walletTexts.stillHoldsTokens);
  await freeze(deps, actor, view, 'wallet.removed');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await repository.findWalletForUpdate(tx, id);
    if (!row) throw AppError.notFound('Wallet');
    await repository.updateWallet(tx, id, { removedAt: new Date(), isPrimary: false });
    await audit(tx, actor, 'wallet.removed', row, { status: row.status });
  });
  announceWalletChange(deps, actor, view, true);
}

/** For other features: the company's wallet at this address if it may perform token operations, else null. */
export async function operationalWalletOfCompany(tx: Tx, companyId: string, walletAddress: string): Promise<WalletRow | null> {
  const row = await repository.findWalletByAddress(tx, walletAddress);
  if (!row || row.removedAt || row.companyId !== companyId || !isOperationalWalletStatus(row.status)) return null;
  return row;
}
