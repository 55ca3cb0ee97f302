import type { CompanySummary } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { canPrepare, retirementGuards } from './retirement-guards';

const company = (kycStatus: CompanySummary['kycStatus']): CompanySummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Verde Energia S.A.',
  isPlatform: false,
  kycStatus,
});
const CONNECTED = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const approvedAdmin = { connectedAddress: CONNECTED, holding: undefined, company: company('approved') } as const;

describe('retirement guards (docs/product.md §5)', () => {
  it('allow retiring only with a connected wallet and an approved company', () => {
    expect(retirementGuards(approvedAdmin)).toEqual({
      walletMissing: false,
      holderWalletMissing: false,
      kycBlocked: false,
      canRetire: true,
    });
    expect(retirementGuards({ ...approvedAdmin, connectedAddress: null })).toMatchObject({ walletMissing: true, canRetire: false });
    expect(retirementGuards({ ...approvedAdmin, company: undefined }).canRetire).toBe(false);
  });

  it('ask for the wallet that holds the chosen token when it is an external one, since only it can sign the burn', () => {
    expect(retirementGuards({ ...approvedAdmin, holding: { walletAddress: OTHER, walletType: 'external' } })).toMatchObject({
      holderWalletMissing: true,
      canRetire: false,
    });
    expect(retirementGuards({ ...approvedAdmin, holding: { walletAddress: CONNECTED, walletType: 'external' } })).toMatchObject({
      holderWalletMissing: false,
      canRetire: true,
    });
    // The platform signs for its managed wallets: any connected wallet will do.
    expect(retirementGuards({ ...approvedAdmin, holding: { walletAddress: OTHER, walletType: 'platform_managed' } })).toMatchObject({
      holderWalletMissing: false,
      canRetire: true,
    });
  });

  it('block every KYC status but approved', () => {
    for (const status of ['not_started', 'pending', 'in_review', 'rejected'] as const) {
      expect(retirementGuards({ ...approvedAdmin, company: company(status) })).toMatchObject({ kycBlocked: true, canRetire: false });
    }
  });
});

describe('prepare (docs/product.md §4: a scheduled retirement can be cancelled or prepared)', () => {
  it('is offered for an external wallet’s retirement waiting for a signature or scheduled, never once it runs or ended', () => {
    for (const status of ['pending', 'awaiting_signature', 'scheduled'] as const) expect(canPrepare({ status, walletType: 'external' })).toBe(true);
    for (const status of ['processing', 'completed', 'failed', 'cancelled'] as const) expect(canPrepare({ status, walletType: 'external' })).toBe(false);
  });

  it('is never offered for a platform-managed wallet, which the platform signs for', () => {
    expect(canPrepare({ status: 'scheduled', walletType: 'platform_managed' })).toBe(false);
  });
});
