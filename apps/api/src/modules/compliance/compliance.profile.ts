import {
  KYC_TIER_BOUNDS,
  OPERATIONAL_WALLET_STATUSES,
  SERVER_EVENTS,
  canAccess,
  canOpenRoute,
  type ComplianceProfile,
  type Role,
  type UpdateComplianceProfileRequest,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import type { ComplianceDeps } from './compliance.deps';
import { DEFAULT_PROFILE, periodStarts, volumeOf } from './compliance.limits';
import * as repository from './compliance.repository';

/** Who reads and whether they may change the limits: the compliance officers hold kyc:review (docs/product.md §6). */
export interface ComplianceReader {
  actor: Actor;
  permissions: readonly string[];
}

export function mayEditLimits(role: Role, permissions: readonly string[]): boolean {
  return canOpenRoute(role, '/compliance') && canAccess(role, permissions, 'kyc', 'review');
}

/** The company asked for, in the reader's scope: their own, or any of the tenant for administrators (another company: 404). */
async function companyInScope(tx: Tx, actor: Actor, companyId: string | undefined): Promise<repository.CompanyRow> {
  const scope = companyScopeOf(actor);
  const wanted = companyId ?? actor.companyId;
  const company = scope && wanted !== scope ? undefined : await repository.findCompany(tx, wanted);
  if (!company) throw AppError.notFound('Company');
  return company;
}

function tokenAccountsOf(
  company: repository.CompanyRow,
  profile: repository.ProfileRow | undefined,
  wallets: repository.CompanyWalletRow[],
): ComplianceProfile['tokenAccounts'] {
  const target = company.kycStatus === 'approved' ? 'open' : 'frozen';
  if (profile?.syncLeaseUntil && profile.syncLeaseUntil.getTime() > Date.now()) return 'syncing';
  if (profile?.tokenAccounts === target) return target;
  // Before the first KYC step: approval opened the wallets' accounts; a company never approved has none open unless a wallet is operational.
  if (!profile?.tokenAccounts && (target === 'open' || !wallets.some((wallet) => OPERATIONAL_WALLET_STATUSES.includes(wallet.status)))) return target;
  return 'syncing';
}

async function profileIn(tx: Tx, reader: ComplianceReader, company: repository.CompanyRow): Promise<ComplianceProfile> {
  const profile = await repository.findProfile(tx, company.id);
  const daily = profile?.dailyLimit ?? DEFAULT_PROFILE.daily;
  const monthly = profile?.monthlyLimit ?? DEFAULT_PROFILE.monthly;
  const starts = periodStarts();
  const kase = await repository.latestKycCase(tx, company.id);
  const documents = kase ? await repository.caseDocuments(tx, kase.id) : [];
  return {
    companyId: company.id,
    companyName: company.name,
    kycStatus: company.kycStatus,
    kycTier: profile?.kycTier ?? DEFAULT_PROFILE.kycTier,
    dailyLimit: daily.toString(),
    monthlyLimit: monthly.toString(),
    daily: await volumeOf(tx, company.id, starts.day, daily),
    monthly: await volumeOf(tx, company.id, starts.month, monthly),
    riskLevel: kase?.riskLevel ?? null,
    score: kase?.score ?? null,
    checklist: kase?.checklist ?? {},
    documents: documents.map((document) => ({
      id: document.id,
      documentType: document.documentType,
      category: document.category,
      status: document.status,
      uploadedAt: document.createdAt.toISOString(),
    })),
    tokenAccounts: tokenAccountsOf(company, profile, await repository.walletsOfCompany(tx, company.id)),
    updatedAt: profile?.updatedBy ? profile.updatedAt.toISOString() : null,
    updatedBy: await repository.userName(tx, profile?.updatedBy ?? null),
    canEdit: mayEditLimits(reader.actor.role, reader.permissions),
    tierBounds: { ...KYC_TIER_BOUNDS },
  };
}

/** GET /compliance/profile: the reader's company (or, for administrators, the one asked for). */
export async function complianceProfile(deps: ComplianceDeps, reader: ComplianceReader, companyId?: string): Promise<ComplianceProfile> {
  return deps.db.withTenant(reader.actor.tenantId, async (tx) => profileIn(tx, reader, await companyInScope(tx, reader.actor, companyId)));
}

/**
 * PUT /compliance/profiles/:companyId: a compliance officer sets the tier and the limits, within
 * the tier's platform bounds (checked by the request schema), audited; the company's screens
 * read it again.
 */
export async function updateComplianceProfile(
  deps: ComplianceDeps,
  reader: ComplianceReader,
  companyId: string,
  input: UpdateComplianceProfileRequest,
): Promise<ComplianceProfile> {
  const { actor } = reader;
  if (!mayEditLimits(actor.role, reader.permissions)) throw new AppError('COMPLIANCE__NOT_OFFICER');
  const profile = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const company = await companyInScope(tx, actor, companyId);
    const before = await repository.lockProfile(tx, actor.tenantId, company.id, DEFAULT_PROFILE);
    await repository.updateProfile(tx, company.id, {
      kycTier: input.kycTier,
      dailyLimit: BigInt(input.dailyLimit),
      monthlyLimit: BigInt(input.monthlyLimit),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'compliance.limits_updated',
      resourceType: 'company',
      resourceId: company.id,
      details: {
        kycTier: { from: before.kycTier, to: input.kycTier },
        dailyLimit: { from: before.dailyLimit.toString(), to: String(input.dailyLimit) },
        monthlyLimit: { from: before.monthlyLimit.toString(), to: String(input.monthlyLimit) },
      },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return profileIn(tx, reader, company);
  });
  deps.live.emitToCompany({ tenantId: actor.tenantId, companyId: profile.companyId }, SERVER_EVENTS.companyUpdate, { companyId: profile.companyId });
  return profile;
}
