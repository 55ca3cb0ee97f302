// @vitest-environment happy-dom
import type { CarbonPrice, MarketConditions, MarketForecast, Optimisation, RiskFactors } from '@carbonledger/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import { MarketSection } from './MarketSection';
import { MARKET_SECTION_STORAGE_KEY } from './use-section-shown';

setUpScreenTests();
beforeEach(() => localStorage.removeItem(MARKET_SECTION_STORAGE_KEY));

const series = {
  id: 'nzu-spot',
  name: 'New Zealand Emission Unit (NZU) spot price',
  market: 'NZ ETS compliance units',
  currency: 'NZD',
  unit: 'NZD per tonne CO2e',
  disclaimer: 'NZ ETS compliance-market price in NZD; not a price of the voluntary carbon credits held on this platform.',
  source: 'Embedded series',
  licence: 'PDDL 1.0',
};
const price: CarbonPrice = {
  series,
  latest: { date: '2026-07-03', price: 54 },
  changes: { week: { from: '2026-06-26', absolute: 1.5, percent: 2.86 }, month: null, year: { from: '2025-07-03', absolute: -6, percent: -10 } },
  range: '1y',
  points: [
    { date: '2026-06-26', price: 52.5 },
    { date: '2026-07-03', price: 54 },
  ],
};
const point = (date: string, mean: number) => ({ date, mean, lower80: mean - 3, upper80: mean + 3, lower95: mean - 5, upper95: mean + 5 });
const forecast = (beatsNaive: boolean): MarketForecast => ({
  series,
  forecast: {
    model: 'AutoETS',
    fittedAt: '2026-07-04T00:00:00.000Z',
    fitMs: 5,
    trainedThrough: '2026-07-03',
    weeklyObservations: 843,
    points: [point('2026-07-10', 54), point('2026-07-17', 54)],
    backtest: {
      origins: 52,
      horizonWeeks: 12,
      model: { mape: beatsNaive ? 11.39 : 12.5, coverage80: 0.806, coverage95: 0.939 },
      naive: { mape: 11.59, coverage80: 0.806, coverage95: 0.938 },
      beatsNaive,
    },
  },
});
const conditions: MarketConditions = {
  series,
  conditions: {
    trend: { direction: 'rising', percentPerWeek: 1.55, change13Weeks: 30.12 },
    volatility: { regime: 'normal', annualisedPercent: 24.15, percentile: 47 },
    changepoints: [{ date: '2025-10-31', meanBefore: 59.9, meanAfter: 44.75 }],
    weekly: price.points,
  },
  platformVolume: [{ date: '2026-07-03', minted: '0', retired: '0' }],
};
const risk: RiskFactors = {
  companyId: crypto.randomUUID(),
  overall: 'critical',
  heldTonnes: '80',
  factors: [
    { key: 'projectTypeConcentration', level: 'critical', reason: '100 % …', reasonKey: 'concentration', values: { share: 100, group: 'renewable' } },
    { key: 'kycStatus', level: 'low', reason: 'KYC/AML status is approved', reasonKey: 'kyc.approved', values: { status: 'approved' } },
  ],
};
const plan: Optimisation = {
  companyId: risk.companyId,
  rule: 'Oldest vintage first',
  target: '100',
  covered: '80',
  shortfall: '20',
  excluded: '0',
  largestTypeShareBefore: 100,
  largestTypeShareAfter: 0,
  averageVintageAgeBefore: 4,
  averageVintageAgeAfter: null,
  suggestions: [
    {
      mint: 'Mint1111',
      symbol: 'MSOL',
      walletAddress: 'Wallet2222',
      projectName: 'Bahia Solar',
      projectType: 'renewable',
      vintage: 2022,
      quantity: '80',
      typeShareBefore: 100,
      typeShareAfter: 0,
    },
  ],
};

function serve({ beatsNaive = true, failPrice = false, noPrice = false } = {}) {
  return stubApi(({ path }) => {
    if (path === '/market/price') return failPrice ? refused(500, 'INTERNAL_ERROR', 'x') : ok(noPrice ? { ...price, latest: null, points: [] } : price);
    if (path === '/market/forecast') return ok(forecast(beatsNaive));
    if (path === '/market/conditions') return ok(conditions);
    if (path === '/market/risk') return ok(risk);
    if (path === '/market/optimisation') return ok(plan);
    return refused(404, 'NOT_FOUND', 'not found');
  });
}

describe('MarketSection', () => {
  it('shows the widgets with the live-feed state, the price labelled as NZ ETS compliance units in NZD/t, and the risk reasons in words', async () => {
    signInAs('COMPANY_ADMIN');
    serve();
    renderScreen(<MarketSection />);
    expect(await screen.findByTestId('market-latest-price')).toHaveProperty('textContent', '54.00 NZD/t');
    expect(screen.getByTestId('market-live-feed').textContent).toMatch(/^Live feed: (connecting|connected|disconnected)$/);
    expect(screen.getAllByText(/NZ ETS compliance units .* not a price of the voluntary carbon credits/).length).toBeGreaterThan(0);
    expect(await screen.findByText('On the backtest this model beats a naive last-value forecast.')).toBeTruthy();
    expect(await screen.findByText('100 % of the held tCO2e is in one group (renewable).')).toBeTruthy();
    expect(screen.getByText('No tokens minted or retired in the last 30 days.')).toBeTruthy();
  });

  it('says so when the model does not beat the naive forecast', async () => {
    signInAs('VIEWER');
    serve({ beatsNaive: false });
    renderScreen(<MarketSection />);
    expect(await screen.findByText(/does not beat a naive last-value forecast/)).toBeTruthy();
  });

  it('opens the retirement form prefilled from a suggestion', async () => {
    signInAs('COMPANY_ADMIN');
    serve();
    renderScreen(<MarketSection />);
    const widget = await screen.findByTestId('market-widget-optimisation');
    const retire = await within(widget).findByRole('link', { name: 'Retire' });
    expect(retire.getAttribute('href')).toBe('/retirements?holding=Mint1111%3AWallet2222&amount=80');
  });

  it('shows the load-failed and no-data messages', async () => {
    signInAs('VIEWER');
    serve({ failPrice: true });
    renderScreen(<MarketSection />);
    expect(await within(screen.getByTestId('market-widget-price')).findByText('Failed to load market data. Please try again later.')).toBeTruthy();
    serve({ noPrice: true });
    renderScreen(<MarketSection />);
    expect(await screen.findByText('No market data available.')).toBeTruthy();
  });

  it('hides the widgets on request and remembers it', async () => {
    signInAs('VIEWER');
    serve();
    const { unmount } = renderScreen(<MarketSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByTestId('market-widget-price')).toBeNull();
    unmount();
    renderScreen(<MarketSection />);
    expect(screen.getByRole('button', { name: 'Show market intelligence' })).toBeTruthy();
    expect(screen.queryByTestId('market-widget-price')).toBeNull();
  });
});
