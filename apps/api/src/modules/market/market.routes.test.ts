import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  carbonPriceSchema,
  marketConditionsSchema,
  marketForecastSchema,
  optimisationSchema,
  parseVerraSerial,
  riskFactorsSchema,
  type ExecuteMintResult,
  type MintPreview,
} from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approvedWallet, freeSubranges, importSerials } from '../minting/minting.testing';

const SOLAR_PROJECT = '2250';

describe('market-intelligence endpoints', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let viewer: SignedIn;
  let admin: SignedIn;
  let other: { companyId: string; companyAdmin: SignedIn };
  let mintAddress: string;

  const get = (who: SignedIn | null, url: string) =>
    harness.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? { authorization: who.headers.authorization! } : {} });

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    other = await onboardCompanyForTests(harness.app, admin, 'Empty Holdings Ltda');
    const { wallet } = await approvedWallet(harness.app, companyAdmin, admin);
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    const serials = await freeSubranges(harness.app, companyAdmin, SOLAR_PROJECT, 1, 80n);
    await importSerials(harness.app, actor, serials);
    const parsed = parseVerraSerial(serials[0]!);
    if (!parsed.ok) throw new Error('bad sandbox serial');
    const preview = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: companyAdmin.headers,
      payload: {
        projectId: SOLAR_PROJECT,
        vintage: Number(parsed.serial.vintageStart.slice(0, 4)),
        quantity: '80',
        tokenName: 'Market Solar',
        symbol: 'MSOL',
        walletId: wallet.id,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const executed = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/execute',
      headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { previewId: (preview.json().data as MintPreview).previewId },
    });
    expect(executed.statusCode, executed.body).toBe(200);
    mintAddress = (executed.json().data as ExecuteMintResult).operation.mintAddress!;
  });
  afterAll(() => harness.close());

  it('answers the NZU price labelled as NZ ETS compliance units in NZD, with its changes and the range asked for', async () => {
    const response = await get(viewer, '/market/price?range=1m');
    expect(response.statusCode, response.body).toBe(200);
    const price = carbonPriceSchema.parse(response.json().data);
    expect(price.series).toMatchObject({ market: 'NZ ETS compliance units', currency: 'NZD', unit: 'NZD per tonne CO2e' });
    expect(price.series.disclaimer).toMatch(/not a price of the voluntary carbon credits/);
    expect(price.latest).toEqual({ date: '2026-07-03', price: 54 });
    expect(price.changes.week).toMatchObject({ absolute: expect.any(Number), percent: expect.any(Number) });
    expect(price.points.every((point) => point.date >= '2026-06-02')).toBe(true);
    const all = carbonPriceSchema.parse((await get(viewer, '/market/price?range=all')).json().data);
    expect(all.points).toHaveLength(2268);
    expect((await get(viewer, '/market/price?range=2y')).statusCode).toBe(400);
    expect((await get(null, '/market/price')).statusCode).toBe(401);
  });

  it('answers the forecast for the horizon asked, with intervals and the backtest against naive', async () => {
    const response = await get(viewer, '/market/forecast?horizon=4');
    expect(response.statusCode, response.body).toBe(200);
    const { forecast } = marketForecastSchema.parse(response.json().data);
    expect(forecast!.points).toHaveLength(4);
    expect(forecast!.trainedThrough).toBe('2026-07-03');
    expect(forecast!.backtest).toMatchObject({ origins: 52, horizonWeeks: 12 });
    expect(forecast!.backtest.beatsNaive).toBe(forecast!.backtest.model.mape < forecast!.backtest.naive.mape);
    expect((await get(viewer, '/market/forecast?horizon=13')).statusCode).toBe(400);
    expect((await get(viewer, '/market/forecast?horizon=4%00')).statusCode).toBe(400);
  });

  it("answers the conditions with the company's minted tCO2e today, and nothing for a company without operations", async () => {
    const mine = marketConditionsSchema.parse((await get(companyAdmin, '/market/conditions')).json().data);
    expect(mine.conditions!.changepoints.length).toBeGreaterThan(0);
    expect(mine.platformVolume).toHaveLength(30);
    expect(Number(mine.platformVolume.at(-1)!.minted)).toBeGreaterThanOrEqual(80);
    const empty = marketConditionsSchema.parse((await get(other.companyAdmin, '/market/conditions')).json().data);
    expect(empty.platformVolume.every((day) => day.minted === '0' && day.retired === '0')).toBe(true);
  });

  it("scores the holding company's risk factors with reasons, and a company without holdings as not concentrated", async () => {
    const response = await get(companyAdmin, '/market/risk');
    expect(response.statusCode, response.body).toBe(200);
    const risk = riskFactorsSchema.parse(response.json().data);
    expect(risk.factors.map((factor) => factor.key)).toEqual([
      'projectTypeConcentration',
      'countryConcentration',
      'registryConcentration',
      'vintageAge',
      'restrictedHoldings',
      'kycStatus',
      'limitUsage',
      'priceVolatility',
    ]);
    expect(Number(risk.heldTonnes)).toBeGreaterThanOrEqual(80);
    const byKey = new Map(risk.factors.map((factor) => [factor.key, factor]));
    expect(byKey.get('priceVolatility')!.reason).toMatch(/value at risk/);
    for (const factor of risk.factors) expect(factor.reason.length).toBeGreaterThan(10);

    const empty = riskFactorsSchema.parse((await get(other.companyAdmin, '/market/risk')).json().data);
    expect(empty.heldTonnes).toBe('0');
    expect(empty.factors.find((factor) => factor.key === 'projectTypeConcentration')).toMatchObject({ level: 'low', reasonKey: 'noHoldings' });
    // The onboarded company has not passed KYC yet.
    expect(empty.factors.find((factor) => factor.key === 'kycStatus')!.level).not.toBe('low');
  });

  it('suggests retiring from the minted holding up to the target, and nothing for a company without holdings', async () => {
    const response = await get(companyAdmin, '/market/optimisation?target=30');
    expect(response.statusCode, response.body).toBe(200);
    const plan = optimisationSchema.parse(response.json().data);
    expect(plan.covered).toBe('30');
    expect(plan.suggestions.reduce((sum, item) => sum + Number(item.quantity), 0)).toBe(30);
    expect(plan.rule).toMatch(/Oldest vintage first/);
    const big = optimisationSchema.parse((await get(companyAdmin, '/market/optimisation?target=1000000')).json().data);
    expect(big.suggestions.some((item) => item.mint === mintAddress && item.quantity === '80')).toBe(true);
    const empty = optimisationSchema.parse((await get(other.companyAdmin, '/market/optimisation?target=10')).json().data);
    expect(empty).toMatchObject({ suggestions: [], covered: '0', shortfall: '10' });
    expect((await get(companyAdmin, '/market/optimisation?target=0')).statusCode).toBe(400);
  });

  it("keeps a company to its own data: another company's id is 404, an administrator may ask for any company", async () => {
    expect((await get(companyAdmin, `/market/risk?companyId=${other.companyId}`)).statusCode).toBe(404);
    expect((await get(other.companyAdmin, `/market/optimisation?companyId=${companyAdmin.result.company.id}`)).statusCode).toBe(404);
    const asAdmin = await get(admin, `/market/risk?companyId=${other.companyId}`);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(riskFactorsSchema.parse(asAdmin.json().data).companyId).toBe(other.companyId);
    expect((await get(admin, `/market/risk?companyId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(viewer, '/market/risk')).statusCode).toBe(200);
    expect((await get(null, '/market/risk')).statusCode).toBe(401);
  });
});
