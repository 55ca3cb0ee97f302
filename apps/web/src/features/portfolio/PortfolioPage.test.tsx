// @vitest-environment happy-dom
import { portfolioTexts, type Portfolio, type PortfolioHolding } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, stubApi } from '../../test/screen';
import PortfolioPage from './PortfolioPage';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

function holding(overrides: Partial<PortfolioHolding> & Pick<PortfolioHolding, 'mint' | 'symbol'>): PortfolioHolding {
  return {
    tokenName: 'Texas Panhandle Wind 2023',
    projectId: '3107',
    projectName: 'Texas Panhandle Wind Energy',
    projectType: 'wind',
    vintage: 2023,
    walletId: crypto.randomUUID(),
    walletAddress: WALLET,
    walletType: 'external',
    walletExplorerUrl: `https://explorer.solana.com/address/${WALLET}?cluster=devnet`,
    decimals: 0,
    heldAmount: '400',
    retiredAmount: '0',
    priceUsdCents: 300,
    valueUsdCents: '120000',
    frozen: false,
    ...overrides,
  };
}

function portfolio(holdings: PortfolioHolding[]): Portfolio {
  return {
    holdings,
    totalHeld: '0',
    totalRetired: '0',
    totalValueUsdCents: holdings.reduce((sum, item) => sum + BigInt(item.valueUsdCents), 0n).toString(),
    readAt: '2026-11-22T05:00:00.000Z',
  };
}

/** Answers GET /portfolio with each given answer in turn (an Error stands for a failing server). */
function fakeApi(...answers: (Portfolio | Error)[]) {
  return stubApi(() => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer instanceof Error ? refused(503, 'SERVICE_UNAVAILABLE', answer.message) : ok(answer);
  });
}

const renderPage = () => renderScreen(<PortfolioPage name="Portfolio" />);

describe('portfolio page', () => {
  setUpScreenTests();

  it('lists each holding with project, vintage, explorer link, held, retired, value and frozen state, and totals in tCO2e across decimals', async () => {
    fakeApi(
      portfolio([
        holding({ mint: 'MintWind111', symbol: 'TXW23' }),
        holding({
          mint: 'MintSolar222',
          symbol: 'BSOL21',
          tokenName: 'Bahia Solar 2021',
          projectId: '2250',
          projectName: 'Bahia Solar Photovoltaic Complex',
          projectType: 'renewable',
          vintage: 2021,
          decimals: 2,
          heldAmount: '12550',
          retiredAmount: '250',
          valueUsdCents: '31250',
          frozen: true,
        }),
      ]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Token holdings' });
    const wind = within(table).getByTestId('holding-MintWind111');
    expect(within(wind).getByText('TXW23')).toBeTruthy();
    expect(within(wind).getByRole('link', { name: 'Texas Panhandle Wind Energy' }).getAttribute('href')).toBe('/carbon-projects?project=3107');
    expect(within(wind).getByText('Wind')).toBeTruthy();
    expect(within(wind).getByText('$1,200.00')).toBeTruthy();
    expect(within(wind).getByText('Active')).toBeTruthy();
    expect(
      within(wind)
        .getByRole('link', { name: `Open wallet ${WALLET} in the explorer` })
        .getAttribute('href'),
    ).toBe(`https://explorer.solana.com/address/${WALLET}?cluster=devnet`);
    const solar = within(table).getByTestId('holding-MintSolar222');
    expect(within(solar).getByText('125.5')).toBeTruthy();
    expect(within(solar).getByText('2.5')).toBeTruthy();
    expect(within(solar).getByText('Frozen')).toBeTruthy();

    const totals = screen.getByRole('region', { name: 'Portfolio totals' });
    // 400 whole tokens + 125.5 tokens of a two-decimal mint.
    expect(within(totals).getByText('525.5')).toBeTruthy();
    expect(within(totals).getByText('2.5')).toBeTruthy();
    expect(within(totals).getByText('$1,512.50')).toBeTruthy();
    expect(screen.getByTestId('portfolio-read-at').textContent).toContain('Nov 22, 2026');
  });

  it('points an empty portfolio to the carbon projects', async () => {
    fakeApi(portfolio([]));
    renderPage();
    expect(await screen.findByText(/hold no carbon tokens yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse carbon projects' }).getAttribute('href')).toBe('/carbon-projects');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the portfolio failed to load, and Refresh reads it again', async () => {
    const fetch = fakeApi(new Error('The chain is not reachable'), portfolio([holding({ mint: 'MintWind111', symbol: 'TXW23' })]));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(portfolioTexts.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('table', { name: 'Token holdings' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
