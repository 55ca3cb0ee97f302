import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { certificateListSchema, certificateVerificationSchema, portfolioSchema, type CompanyWallet } from '@carbonledger/contracts';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { companyWallets, mintOperations, retirements } from '../../db/schema';
import { signInAs } from '../auth/auth.testing';
import { DEMO_HOLDINGS, seedDemoHoldings, seedDemoHoldingsAtStartup } from './demo-holdings';

/** As `npm start` runs it: PGlite and the embedded chain under DATA_DIR, started twice. */
describe('demo holdings seeded at startup', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-demo-holdings-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SEED_DEMO_HOLDINGS: 'true' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const rowsOf = (app: App) =>
    app.db.asSystem(async (tx) => ({
      wallets: (await tx.select({ n: count() }).from(companyWallets))[0]!.n,
      mints: (await tx.select({ n: count() }).from(mintOperations))[0]!.n,
      retirements: (await tx.select({ n: count() }).from(retirements))[0]!.n,
    }));

  it('gives the demo company an approved managed wallet, 900 tCO2e held, 100 retired with a valid certificate, once', async () => {
    const first = await buildApp(config, { logger: false });
    await first.ready();
    const companyAdmin = await signInAs(first, DEMO_HOLDINGS.member);
    const read = async (url: string, authorized = true) => {
      const response = await first.inject({ method: 'GET', url, headers: authorized ? { authorization: companyAdmin.headers.authorization! } : {} });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as unknown;
    };

    const wallet = ((await read('/api/v1/wallets')) as CompanyWallet[]).find((item) => item.name === DEMO_HOLDINGS.walletName);
    expect(wallet).toMatchObject({
      type: 'platform_managed',
      status: 'active',
      operational: true,
      primary: true,
      companyName: DEMO_HOLDINGS.company,
      approvedBy: 'Arthur Mendes',
    });

    const portfolio = portfolioSchema.parse(await read('/api/v1/portfolio'));
    expect(portfolio.holdings).toHaveLength(1);
    expect(portfolio.holdings[0]).toMatchObject({
      projectId: '1360',
      projectName: 'Tambopata-Bahuaja Forest Conservation (REDD+)',
      vintage: 2020,
      symbol: 'TBRP20',
      walletId: wallet!.id,
      heldAmount: '900',
      retiredAmount: '100',
    });

    const certificates = certificateListSchema.parse(await read('/api/v1/certificates'));
    expect(certificates.total).toBe(1);
    expect(certificates.items[0]).toMatchObject({ beneficiary: DEMO_HOLDINGS.beneficiary });
    const verification = certificateVerificationSchema.parse(await read(`/api/v1/public/certificates/${certificates.items[0]!.number}/verify`, false));
    expect(verification.valid).toBe(true);

    const seeded = await rowsOf(first);
    expect(seeded).toEqual({ wallets: 1, mints: 1, retirements: 1 });
    await first.close();

    const second = await buildApp(config, { logger: false });
    await second.ready();
    expect(await rowsOf(second)).toEqual(seeded);
    await second.close();
  });
});

describe('demo holdings guards', () => {
  /** Just what the seed touches before its first service call; the database refuses if reached. */
  const appWith = (driver: 'embedded' | 'rpc') => {
    const asSystem = vi.fn(() => Promise.reject(new Error('database unavailable')));
    const log = { info: vi.fn(), warn: vi.fn() };
    return { app: { chain: { driver }, db: { asSystem }, log } as unknown as App, asSystem, log };
  };

  it('never mints demo tokens on an RPC cluster', async () => {
    const { app, asSystem } = appWith('rpc');
    expect(await seedDemoHoldings(app)).toBe('skipped');
    expect(asSystem).not.toHaveBeenCalled();
  });

  it('logs a failure as a warning instead of stopping the start', async () => {
    const { app, log } = appWith('embedded');
    await expect(seedDemoHoldingsAtStartup(app)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'database unavailable' }) }),
      expect.stringContaining('could not be seeded'),
    );
  });
});
