import type { CompanySummary, PortfolioHolding, Retirement } from '@carbonledger/contracts';

export interface RetirementGuards {
  /** docs/product.md §5: retirements need a connected wallet. */
  walletMissing: boolean;
  /** The chosen token sits in an external wallet other than the connected one, which could not sign its burn. */
  holderWalletMissing: boolean;
  /** docs/product.md §5: … and KYC/AML approval for the selected company. */
  kycBlocked: boolean;
  canRetire: boolean;
}

export interface RetirementGuardInput {
  connectedAddress: string | null;
  /** The token (and the wallet holding it) chosen in the form, once there is one. */
  holding: Pick<PortfolioHolding, 'walletAddress' | 'walletType'> | undefined;
  company: CompanySummary | undefined;
}

export function retirementGuards({ connectedAddress, holding, company }: RetirementGuardInput): RetirementGuards {
  const walletMissing = connectedAddress === null;
  const holderWalletMissing = !walletMissing && holding?.walletType === 'external' && holding.walletAddress !== connectedAddress;
  const kycBlocked = Boolean(company && company.kycStatus !== 'approved');
  return {
    walletMissing,
    holderWalletMissing,
    kycBlocked,
    canRetire: !walletMissing && !holderWalletMissing && !kycBlocked && Boolean(company),
  };
}

/**
 * Prepare answers a transaction for the holder to sign elsewhere (/tools/sign-base64): the burn of
 * a retirement waiting for it, the delegate approval of a schedule waiting for it, and, for a
 * scheduled one, that approval again (the holder may have revoked it in the wallet). The platform
 * signs for its managed wallets, so theirs have nothing to prepare.
 */
export function canPrepare(retirement: Pick<Retirement, 'status' | 'walletType'>): boolean {
  if (retirement.walletType !== 'external') return false;
  return retirement.status === 'pending' || retirement.status === 'awaiting_signature' || retirement.status === 'scheduled';
}
