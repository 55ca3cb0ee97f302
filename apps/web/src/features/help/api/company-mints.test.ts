import type { Portfolio, PortfolioHolding } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { mintsOf } from './company-mints';

const holding = (mint: string, walletId: string, frozen: boolean): PortfolioHolding => ({
  mint,
  symbol: `S-${mint}`,
  tokenName: `Token ${mint}`,
  projectId: null,
  projectName: 'Amazon REDD+',
  projectType: null,
  vintage: 2021,
  walletId,
  walletAddress: `wallet-${walletId}`,
  walletType: 'external',
  walletExplorerUrl: '',
  decimals: 0,
  heldAmount: '5',
  retiredAmount: '0',
  priceUsdCents: 100,
  valueUsdCents: '500',
  frozen,
});

const portfolio = (holdings: PortfolioHolding[]): Portfolio => ({ holdings, totalHeld: '0', totalRetired: '0', totalValueUsdCents: '0', readAt: '' });

describe('the company mints shown on the Phantom article', () => {
  it('lists each mint once, frozen when any wallet holds it frozen', () => {
    const mints = mintsOf(portfolio([holding('A', '1', false), holding('B', '1', false), holding('A', '2', true)]));
    expect(mints.map((mint) => [mint.mint, mint.frozenSomewhere])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    expect(mints[0]).toMatchObject({ symbol: 'S-A', tokenName: 'Token A', projectName: 'Amazon REDD+', vintage: 2021 });
  });

  it('is empty for a company without holdings', () => {
    expect(mintsOf(portfolio([]))).toEqual([]);
  });
});
