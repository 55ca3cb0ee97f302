import type { CompanySummary, Role } from '@carbonledger/contracts';

export interface RetirementGuards {
  /** SPEC §5: retirements need a connected wallet. */
  walletMissing: boolean;
  /** SPEC §5: … and KYC/AML approval for the selected company. */
  kycBlocked: boolean;
  /** Until the KYC screens exist, platform administrators set a company's KYC status here. */
  canSetKycStatus: boolean;
  canRetire: boolean;
}

export function retirementGuards({ walletConnected, company, role }: { walletConnected: boolean; company: CompanySummary | undefined; role: Role | undefined }): RetirementGuards {
  const walletMissing = !walletConnected;
  const kycBlocked = Boolean(company && company.kycStatus !== 'approved');
  return {
    walletMissing,
    kycBlocked,
    canSetKycStatus: kycBlocked && (role === 'ADMIN' || role === 'SUPER_ADMIN'),
    canRetire: !walletMissing && !kycBlocked && Boolean(company),
  };
}
