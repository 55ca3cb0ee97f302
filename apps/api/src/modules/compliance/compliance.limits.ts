import {
  DEFAULT_KYC_TIER,
  KYC_TIER_BOUNDS,
  complianceTexts,
  limitExceededText,
  retirementTexts,
  type ComplianceOperation,
  type ComplianceVolume,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import * as repository from './compliance.repository';

/** Fractions of a tonne are summed exactly at this scale (tokens have at most 9 decimals, docs/product.md §9). */
const SCALE = 9;
const ONE = 10n ** BigInt(SCALE);

function scaled(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * ONE + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
}

function decimalOf(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const fraction = (absolute % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${sign}${absolute / ONE}${fraction ? `.${fraction}` : ''}`;
}

export const DEFAULT_PROFILE = {
  kycTier: DEFAULT_KYC_TIER,
  daily: BigInt(KYC_TIER_BOUNDS[DEFAULT_KYC_TIER].daily),
  monthly: BigInt(KYC_TIER_BOUNDS[DEFAULT_KYC_TIER].monthly),
};

/** Limits are counted per calendar day and month in UTC (docs/product.md §5 Compliance limits). */
export function periodStarts(now = new Date()): { day: Date; month: Date } {
  return {
    day: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    month: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

const remainingOf = (limit: bigint, used: bigint) => decimalOf(limit * ONE > used ? limit * ONE - used : 0n);

/** A period's volume against its limit, each kind on its own, as the profile shows it. */
export async function volumeOf(tx: Tx, companyId: string, since: Date, limit: bigint): Promise<ComplianceVolume> {
  const { minted, retired } = await repository.volumeSince(tx, companyId, since);
  return {
    minted: minted.toString(),
    retired: decimalOf(scaled(retired)),
    transferred: '0',
    limit: limit.toString(),
    mintRemaining: remainingOf(limit, minted * ONE),
    retireRemaining: remainingOf(limit, scaled(retired)),
  };
}

export interface LimitCheck {
  tenantId: string;
  companyId: string;
  /** Whole tCO2e the operation moves. */
  tonnes: bigint;
  operation: ComplianceOperation;
}

/**
 * docs/product.md §5 Compliance limits: the company's KYC/AML must be approved, and the
 * operation may not take the tCO2e of its kind (tokenised by mints and batch jobs, or retired)
 * of today or of this month over the limits. Run inside the
 * transaction that records the operation: the profile row stays locked until it commits, so
 * two operations of one company never both pass on the same remaining volume.
 */
export async function assertWithinComplianceLimits(tx: Tx, check: LimitCheck): Promise<void> {
  const company = await repository.findCompany(tx, check.companyId);
  if (!company) throw AppError.notFound('Company');
  if (company.kycStatus !== 'approved') {
    const text = check.operation === 'retire' ? retirementTexts.kycRequired : complianceTexts.mintKycRequired;
    throw new AppError('KYC_REQUIRED', text, { fields: { companyId: [text] } });
  }
  const profile = await repository.lockProfile(tx, check.tenantId, check.companyId, DEFAULT_PROFILE);
  const starts = periodStarts();
  const periods = [
    // The month first: when both are exceeded, waiting for tomorrow would not help.
    { period: 'monthly', since: starts.month, limit: profile.monthlyLimit, reason: 'COMPLIANCE__MONTHLY_LIMIT_EXCEEDED' },
    { period: 'daily', since: starts.day, limit: profile.dailyLimit, reason: 'COMPLIANCE__DAILY_LIMIT_EXCEEDED' },
  ] as const;
  for (const { period, since, limit, reason } of periods) {
    const volume = await volumeOf(tx, check.companyId, since, limit);
    const used = check.operation === 'retire' ? scaled(volume.retired) : BigInt(volume.minted) * ONE;
    if (used + check.tonnes * ONE > limit * ONE) {
      const remaining = check.operation === 'retire' ? volume.retireRemaining : volume.mintRemaining;
      const text = limitExceededText(period, check.tonnes.toString(), limit.toString(), remaining);
      throw new AppError(reason, text, { fields: { amount: [text] } });
    }
  }
}
