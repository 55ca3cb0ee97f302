import { fromWireTransaction } from '@carbonledger/chain';
import { isOperationalWalletStatus, signingTexts, type SigningTransaction, type SubmissionResultView } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { findSubmission, submitTransaction, type ChainContext, type SubmissionRow } from '../chain';
import { findWalletByAddress, markVerifiedOnChain } from '../wallets';
import { decodeInstructions } from './instruction-decoder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERIFICATION_KIND = 'wallet.verify';

const needsTransactionId = () => new AppError('NOT_FOUND', signingTexts.needsTransactionId);

/**
 * A prepared transaction the actor may see: one they prepared, or one their company's
 * wallet must sign; administrators see every transaction of the tenant.
 */
async function visibleSubmission(tx: Tx, actor: Actor, transactionId: string): Promise<SubmissionRow> {
  if (!UUID.test(transactionId)) throw needsTransactionId();
  const row = await findSubmission(tx, transactionId);
  if (!row) throw needsTransactionId();
  if (actsTenantWide(actor) || row.createdBy === actor.userId) return row;
  const signer = row.requiredSigner ? await findWalletByAddress(tx, row.requiredSigner) : undefined;
  if (signer?.companyId === actor.companyId) return row;
  throw needsTransactionId();
}

export async function getSigningTransaction(context: ChainContext, actor: Actor, transactionId: string): Promise<SigningTransaction> {
  const row = await context.db.withTenant(actor.tenantId, (tx) => visibleSubmission(tx, actor, transactionId));
  const { feePayer, instructions } = decodeInstructions(fromWireTransaction(row.preparedTxBase64));
  return {
    transactionId: row.id,
    kind: row.kind,
    status: row.status,
    unsignedTxBase64: row.preparedTxBase64,
    requiredSigner: row.requiredSigner,
    feePayer,
    signature: row.signature,
    error: row.error,
    instructions,
  };
}

/**
 * The wallet that must sign belongs to the caller's company and may operate: approved or
 * active, except for the ownership verification memo, which a pending wallet signs too.
 */
async function assertSignerAllowed(tx: Tx, actor: Actor, row: SubmissionRow): Promise<string | null> {
  if (!row.requiredSigner) throw new AppError('SIGNING__PLATFORM_ONLY_TRANSACTION');
  const wallet = await findWalletByAddress(tx, row.requiredSigner);
  if (!wallet || wallet.removedAt || wallet.companyId !== actor.companyId) throw new AppError('FORBIDDEN', signingTexts.notYourWallet);
  const verification = row.kind === VERIFICATION_KIND && wallet.status !== 'rejected' && wallet.status !== 'revoked';
  if (!verification && !isOperationalWalletStatus(wallet.status)) throw new AppError('FORBIDDEN', signingTexts.notYourWallet);
  return wallet.id;
}

/** Verifies and sends what the wallet signed, then records what it means for the wallet. */
export async function submitSignedTransaction(
  context: ChainContext,
  actor: Actor,
  transactionId: string,
  signedTxBase64: string,
): Promise<SubmissionResultView> {
  const { row, walletId } = await context.db.withTenant(actor.tenantId, async (tx) => {
    const found = await visibleSubmission(tx, actor, transactionId);
    return { row: found, walletId: await assertSignerAllowed(tx, actor, found) };
  });
  const result = await submitTransaction(context, { tenantId: actor.tenantId, transactionId: row.id, signedTxBase64 });
  await context.db.withTenant(actor.tenantId, async (tx) => {
    if (row.kind === VERIFICATION_KIND && result.status === 'confirmed' && walletId) await markVerifiedOnChain(tx, walletId, new Date());
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'transaction.submitted',
      resourceType: 'chain_submission',
      resourceId: row.id,
      details: { kind: row.kind, signature: result.signature, status: result.status, error: result.error },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return result;
}
