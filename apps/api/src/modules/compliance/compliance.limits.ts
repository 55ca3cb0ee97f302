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

/** A period's volume against its limit, as the profile shows it. */
export async function volumeOf(tx: Tx, companyId: string, since: Date, limit: bigint): Promise<ComplianceVolume> {
  const { minted, retired } = await repository.volumeSince(tx, companyId, since);
  const total = minted * ONE + scaled(retired);
  const remaining = limit * ONE - total;
  return {
    minted: minted.toString(),
    retired: decimalOf(scaled(retired)),
    transferred: '0',
    total: decimalOf(total),
    limit: limit.toString(),
    remaining: decimalOf(remaining > 0n ? remaining : 0n),
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
 * operation may not take its tCO2e of today or of this month over its limits. Run inside the
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
    if (scaled(volume.total) + check.tonnes * ONE > limit * ONE) {
      const text = limitExceededText(period, check.tonnes.toString(), limit.toString(), volume.remaining);
      throw new AppError(reason, text, { fields: { amount: [text] } });
    }
  }
}
