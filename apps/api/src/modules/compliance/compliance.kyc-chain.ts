import { OPERATIONAL_WALLET_STATUSES, SERVER_EVENTS } from '@carbonledger/contracts';
import type { KycStatus } from '../../db/schema';
import { recordAudit } from '../audit';
import { freezeWalletAccounts, listTokenMints, openWalletAccounts } from '../wallets';
import type { ComplianceDeps } from './compliance.deps';
import { DEFAULT_PROFILE } from './compliance.limits';
import * as repository from './compliance.repository';

/**
 * Token-level KYC (docs/product.md §4 KYC): a company's token accounts are open on chain only
 * while its KYC/AML is approved. When the status changes (kyc module, after its commit) the
 * accounts are thawed or frozen here; the company's row records the state each completed step
 * reached, so a crash between the status change and the chain step is found again by the
 * sweep (at start and every few minutes) from the companies whose state does not follow their
 * status. A lease on the row keeps one runner per company; freezing and thawing look at the
 * accounts before they send (wallets' chain steps), so running again sends nothing twice.
 */

/** A company's KYC/AML status moved (the kyc module's KycStatusChange). */
export interface KycStatusFollow {
  tenantId: string;
  companyId: string;
  from: KycStatus;
  to: KycStatus;
  actorUserId: string | null;
}

const LEASE_MS = 2 * 60_000;
/** A status that changes again while its step runs is followed in the same run, a few times at most; the sweep does the rest. */
const ROUNDS = 3;

type Target = 'open' | 'frozen';

const targetOf = (status: KycStatus): Target => (status === 'approved' ? 'open' : 'frozen');

async function applyOnChain(deps: ComplianceDeps, tenantId: string, companyId: string, target: Target) {
  const { wallets, mints } = await deps.db.withTenant(tenantId, async (tx) => ({
    wallets: await repository.walletsOfCompany(tx, companyId),
    mints: (await listTokenMints(tx)).map((mint) => mint.mintAddress),
  }));
  let complete = true;
  const signatures: string[] = [];
  for (const wallet of wallets) {
    const reference = { walletId: wallet.id, companyId, cause: 'compliance.kyc' };
    const step =
      target === 'open'
        ? OPERATIONAL_WALLET_STATUSES.includes(wallet.status)
          ? await openWalletAccounts(deps.chainContext, tenantId, wallet.address, mints, reference)
          : { complete: true, submissions: [] }
        : await freezeWalletAccounts(deps.chainContext, tenantId, wallet.address, mints, reference);
    complete &&= step.complete;
    signatures.push(...step.submissions.map((submission) => submission.signature));
  }
  return { complete, signatures, wallets: wallets.length };
}

/** One runner's pass: brings the accounts to what the company's status asks for until the status holds still. */
async function runSync(deps: ComplianceDeps, tenantId: string, companyId: string, actorUserId: string | null): Promise<boolean> {
  for (let round = 0; round < ROUNDS; round++) {
    const company = await deps.db.withTenant(tenantId, (tx) => repository.findCompany(tx, companyId));
    if (!company) return true;
    const target = targetOf(company.kycStatus);
    const outcome = await applyOnChain(deps, tenantId, companyId, target);
    if (!outcome.complete) return false;
    const settled = await deps.db.withTenant(tenantId, async (tx) => {
      const now = await repository.findCompany(tx, companyId);
      if (!now || targetOf(now.kycStatus) !== target) return false;
      const before = await repository.lockProfile(tx, tenantId, companyId, DEFAULT_PROFILE);
      await repository.updateProfile(tx, companyId, { tokenAccounts: target, syncLeaseUntil: null });
      if (before.tokenAccounts !== target || outcome.signatures.length > 0) {
        await recordAudit(tx, {
          tenantId,
          actorUserId,
          action: target === 'open' ? 'compliance.token_accounts_thawed' : 'compliance.token_accounts_frozen',
          resourceType: 'company',
          resourceId: companyId,
          details: { kycStatus: now.kycStatus, wallets: outcome.wallets, signatures: outcome.signatures, from: before.tokenAccounts },
        });
      }
      return true;
    });
    if (settled) {
      deps.live.emitToCompany({ tenantId, companyId }, SERVER_EVENTS.companyUpdate, { companyId });
      return true;
    }
  }
  return false;
}

/**
 * Brings the company's token accounts in line with its KYC/AML status, unless another runner
 * is doing it. Answers whether they are in line now; a chain failure is recorded and left to
 * the sweep (the status change itself stands).
 */
export async function syncCompanyTokenAccounts(deps: ComplianceDeps, tenantId: string, companyId: string, actorUserId: string | null): Promise<boolean> {
  const claimed = await deps.db.withTenant(tenantId, async (tx) => {
    await repository.lockProfile(tx, tenantId, companyId, DEFAULT_PROFILE);
    return repository.claimSyncLease(tx, companyId, new Date(Date.now() + LEASE_MS));
  });
  if (!claimed) return false;
  try {
    return await runSync(deps, tenantId, companyId, actorUserId);
  } catch (error) {
    deps.log?.warn({ err: error, companyId }, 'KYC token account step failed; the compliance sweep retries it');
    await deps.db.withTenant(tenantId, (tx) =>
      recordAudit(tx, {
        tenantId,
        actorUserId,
        action: 'compliance.token_accounts_failed',
        resourceType: 'company',
        resourceId: companyId,
        details: { error: String(error) },
      }),
    );
    return false;
  } finally {
    await deps.db.withTenant(tenantId, (tx) => repository.updateProfile(tx, companyId, { syncLeaseUntil: null }));
  }
}

/**
 * The kyc module calls this after committing a change of a company's KYC/AML status:
 * approved thaws the company's token accounts, any other status (a suspension: approved →
 * pending or rejected) freezes them, before the officer's answer goes out.
 */
export async function followKycStatus(deps: ComplianceDeps, change: KycStatusFollow): Promise<void> {
  if (targetOf(change.from) === targetOf(change.to)) return;
  await syncCompanyTokenAccounts(deps, change.tenantId, change.companyId, change.actorUserId);
}

/** Every company of every tenant whose token accounts do not follow its KYC status yet (a crash, a chain outage). */
export async function sweepKycTokenAccounts(deps: ComplianceDeps): Promise<number> {
  const pending = await deps.db.asSystem((tx) => repository.companiesOutOfStep(tx));
  let settled = 0;
  for (const { tenantId, companyId } of pending) {
    if (await syncCompanyTokenAccounts(deps, tenantId, companyId, null)) settled++;
  }
  return settled;
}
