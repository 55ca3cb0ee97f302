import type { CompanySummary } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { retirementGuards } from './retirement-guards';

const company = (kycStatus: CompanySummary['kycStatus']): CompanySummary => ({ id: '00000000-0000-4000-8000-000000000001', name: 'Verde Energia S.A.', isPlatform: false, kycStatus });

describe('retirement guards (SPEC §5)', () => {
  it('allow retiring only with a connected wallet and an approved company', () => {
    expect(retirementGuards({ walletConnected: true, company: company('approved'), role: 'COMPANY_ADMIN' })).toEqual({ walletMissing: false, kycBlocked: false, canSetKycStatus: false, canRetire: true });
    expect(retirementGuards({ walletConnected: false, company: company('approved'), role: 'COMPANY_ADMIN' })).toMatchObject({ walletMissing: true, canRetire: false });
    expect(retirementGuards({ walletConnected: true, company: undefined, role: 'COMPANY_ADMIN' }).canRetire).toBe(false);
  });

  it('block every KYC status but approved, and offer the status control to ADMIN and SUPER_ADMIN only', () => {
    for (const status of ['not_started', 'pending', 'in_review', 'rejected'] as const) {
      expect(retirementGuards({ walletConnected: true, company: company(status), role: 'COMPANY_ADMIN' })).toMatchObject({ kycBlocked: true, canSetKycStatus: false, canRetire: false });
    }
    expect(retirementGuards({ walletConnected: true, company: company('pending'), role: 'ADMIN' }).canSetKycStatus).toBe(true);
    expect(retirementGuards({ walletConnected: true, company: company('pending'), role: 'SUPER_ADMIN' }).canSetKycStatus).toBe(true);
    expect(retirementGuards({ walletConnected: true, company: company('pending'), role: 'CSO' }).canSetKycStatus).toBe(false);
  });
});
