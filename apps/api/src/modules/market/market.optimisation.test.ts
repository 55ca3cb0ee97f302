import { describe, expect, it } from 'vitest';
import type { PortfolioHolding } from '@carbonledger/contracts';
import { retireFirst } from './market.optimisation';

const holding = (mint: string, vintage: number, tonnes: number, projectType: PortfolioHolding['projectType'], walletId = 'w-ok'): PortfolioHolding => ({
  mint,
  symbol: mint.toUpperCase(),
  tokenName: mint,
  projectId: '1',
  projectName: `Project ${mint}`,
  projectType,
  vintage,
  walletId,
  walletAddress: `addr-${walletId}`,
  walletType: 'external',
  walletExplorerUrl: '',
  decimals: 0,
  heldAmount: String(tonnes),
  retiredAmount: '0',
  priceUsdCents: 1000,
  valueUsdCents: String(tonnes * 1000),
  frozen: false,
});

const today = new Date('2026-07-10T00:00:00Z');
const usable = (item: PortfolioHolding) => item.walletId === 'w-ok';

describe('retire-first suggestions', () => {
  it('takes the oldest vintage first, up to the target, and shows the concentration and age trade-off', () => {
    const result = retireFirst(
      'c',
      [holding('new', 2024, 100, 'wind'), holding('old', 2016, 30, 'forestry'), holding('mid', 2020, 50, 'wind')],
      usable,
      60n,
      today,
    );
    expect(result.suggestions.map((item) => [item.mint, item.quantity])).toEqual([
      ['old', '30'],
      ['mid', '30'],
    ]);
    expect(result).toMatchObject({ target: '60', covered: '60', shortfall: '0', excluded: '0' });
    expect(result.averageVintageAgeAfter!).toBeLessThan(result.averageVintageAgeBefore!);
    // Forestry is retired in full: wind's share of what is kept grows.
    expect(result.largestTypeShareAfter).toBeGreaterThan(result.largestTypeShareBefore);
  });

  it('leaves out holdings in frozen or unapproved wallets and reports the shortfall', () => {
    const result = retireFirst('c', [holding('old', 2015, 500, 'wind', 'w-pending'), holding('new', 2023, 20, 'wind')], usable, 100n, today);
    expect(result.suggestions.map((item) => item.mint)).toEqual(['new']);
    expect(result).toMatchObject({ covered: '20', shortfall: '80', excluded: '500' });
  });

  it('between equal vintages, retires the project type with the larger share first', () => {
    const result = retireFirst('c', [holding('small', 2019, 10, 'forestry'), holding('big', 2019, 90, 'wind')], usable, 5n, today);
    expect(result.suggestions[0]).toMatchObject({ mint: 'big', quantity: '5', typeShareBefore: 90 });
  });

  it('suggests nothing for a company without holdings', () => {
    expect(retireFirst('c', [], usable, 10n, today)).toMatchObject({ suggestions: [], covered: '0', shortfall: '10', averageVintageAgeBefore: null });
  });
});
