import { randomUUID } from 'node:crypto';
import type { Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_PERMISSIONS,
  ROLES,
  blockchainSettingsSchema,
  canManageBlockchainSettings,
  type BlockchainSettings,
  type MintPreview,
  type SecurityAlert,
} from '@carbonledger/contracts';
import { rowsOf } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvedWallet } from '../minting/minting.testing';

const DEMO_USER_OF_ROLE = {
  SUPER_ADMIN: 'superadmin@demo.test',
  ADMIN: 'admin@demo.test',
  COMPANY_ADMIN: 'companyadmin@demo.test',
  CSO: 'cso@demo.test',
  HEAD_OF_DIGITAL_ASSETS: 'hda@demo.test',
  MANAGER: 'manager@demo.test',
  FINANCE: 'finance@demo.test',
  OPERATOR: 'operator@demo.test',
  VIEWER: 'viewer@demo.test',
} as const;

describe('Settings → Blockchain API', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let companyAdmin: SignedIn;
  let walletId: string;

  const get = (who: SignedIn) =>
    harness.app.inject({ method: 'GET', url: '/api/v1/settings/blockchain', headers: { authorization: who.headers.authorization! } });
  const put = (who: SignedIn, payload: unknown) =>
    harness.app.inject({ method: 'PUT', url: '/api/v1/settings/blockchain', headers: who.headers, payload: payload as Record<string, unknown> });
  const settings = async () => {
    const response = await get(admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as BlockchainSettings;
  };
  const preview = async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: companyAdmin.headers,
      payload: { projectId: '3107', vintage: 2023, quantity: '10', tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as MintPreview;
  };
  const auditsOf = (tenantId: string) =>
    harness.app.db.asSystem(async (tx) =>
      rowsOf<{ details: { setting: string; to: unknown } }>(
        await tx.execute(sql`select details from audit_log where tenant_id = ${tenantId} and action = 'chain_settings.updated' order by id`),
      ),
    );

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin@demo.test');
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    walletId = (await approvedWallet(harness.app, companyAdmin, admin)).wallet.id;
  });
  afterAll(() => harness.close());

  it('shows the configured network read-only, the defaults and the platform keys with their balances', async () => {
    const data = await settings();
    expect(blockchainSettingsSchema.safeParse(data).success).toBe(true);
    expect(data.network).toEqual({
      cluster: 'localnet',
      rpcConfigured: false,
      explorerUrl: harness.app.config.solanaExplorerUrl,
      commitment: harness.app.config.solanaCommitment,
    });
    expect(data.priorityFee).toEqual({ mode: 'fixed', microLamports: 0, computeUnitLimit: 400_000 });
    expect(data.slippageToleranceBps).toBe(100);
    expect(data.platformKeys.map((key) => key.role)).toEqual(['issuer', 'retirement_delegate']);
    expect(data.platformKeys.every((key) => key.address.length >= 32 && key.balance !== null)).toBe(true);
  });

  it('admits exactly the roles the Blockchain tab opens for (canManageBlockchainSettings), the others get 403', async () => {
    for (const role of ROLES) {
      const who = await signInAs(harness.app, DEMO_USER_OF_ROLE[role]);
      const expected = canManageBlockchainSettings(who.result.user.role, who.result.session.permissions) ? 200 : 403;
      expect(canManageBlockchainSettings(role, DEFAULT_PERMISSIONS[role]), role).toBe(expected === 200);
      expect((await get(who)).statusCode, role).toBe(expected);
      expect((await put(who, { slippageToleranceBps: 100 })).statusCode, role).toBe(expected);
    }
  });

  it('a priority-fee change shows in the next mint preview’s fees, and each changed setting is audited once', async () => {
    const before = await preview();
    const changed = await put(admin, { priorityFee: { mode: 'fixed', microLamports: 50_000, computeUnitLimit: 400_000 }, slippageToleranceBps: 250 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Blockchain settings saved.');
    expect(changed.json().data).toMatchObject({ priorityFee: { mode: 'fixed', microLamports: 50_000 }, slippageToleranceBps: 250 });

    const after = await preview();
    // 400,000 units × 50,000 micro-lamports = 20,000 lamports on top of the same base fees.
    expect(BigInt(after.fees.transaction) - BigInt(before.fees.transaction)).toBe(20_000n);
    expect(BigInt(after.fees.total) - BigInt(before.fees.total)).toBe(20_000n);

    const audits = await auditsOf(admin.result.tenant.id);
    expect(audits.map((row) => row.details.setting)).toEqual(['priority_fee', 'slippage_tolerance_bps']);
    // Saving the same values again changes nothing and audits nothing.
    expect((await put(admin, { slippageToleranceBps: 250 })).statusCode).toBe(200);
    expect(await auditsOf(admin.result.tenant.id)).toHaveLength(2);

    expect((await put(admin, { priorityFee: { mode: 'fixed', microLamports: 0, computeUnitLimit: 400_000 } })).statusCode).toBe(200);
    expect((await preview()).fees.total).toBe(before.fees.total);
  });

  it('the mint transaction itself pays the priority fee its preview charged', async () => {
    const fee = { mode: 'fixed', microLamports: 50_000, computeUnitLimit: 400_000 } as const;
    expect((await put(admin, { priorityFee: fee })).statusCode).toBe(200);
    try {
      const previewed = await preview();
      const executed = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/minting/execute',
        headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() },
        payload: { previewId: previewed.previewId },
      });
      expect(executed.statusCode, executed.body).toBe(200);
      const signature = executed.json().data.operation.signature as Signature;
      const landed = await harness.app.chain.getTransaction(signature);
      // One signature (the issuer) at 5,000 lamports + 400,000 units × 50,000 micro-lamports.
      expect(landed?.err).toBeNull();
      expect(landed?.fee).toBe(5_000n + 20_000n);
    } finally {
      await put(admin, { priorityFee: { ...fee, microLamports: 0 } });
    }
  });

  it('a percentile policy without recent cluster samples (embedded chain) adds no priority fee', async () => {
    const before = await preview();
    expect((await put(admin, { priorityFee: { mode: 'percentile', percentile: 75, maxMicroLamports: 100_000, computeUnitLimit: 300_000 } })).statusCode).toBe(
      200,
    );
    expect((await preview()).fees.total).toBe(before.fees.total);
  });

  it('refuses invalid values with 400 and never touches the configured network', async () => {
    for (const body of [
      { priorityFee: { mode: 'fixed', microLamports: -5, computeUnitLimit: 400_000 } },
      { priorityFee: { mode: 'fixed', microLamports: 5, computeUnitLimit: 9_999_999 } },
      { slippageToleranceBps: 5_001 },
      { lowBalanceThresholdLamports: 'lots' },
      { lowBalanceThresholdLamports: '1'.repeat(1_000_000) },
      { cluster: 'mainnet-beta' },
      { slippageToleranceBps: '1\u0000' },
    ]) {
      const response = await put(admin, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('raises one security alert when a platform key falls below the threshold, and again only after it recovered', async () => {
    const lowAlerts = async () =>
      (
        (await harness.app.inject({ url: '/api/v1/security/alerts', headers: { authorization: admin.headers.authorization! } })).json().data as SecurityAlert[]
      ).filter((alert) => alert.title === 'Platform key balance is low');
    const start = (await lowAlerts()).length;
    const raised = await put(admin, { lowBalanceThresholdLamports: '1000000000000' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((raised.json().data as BlockchainSettings).platformKeys.every((key) => key.low)).toBe(true);
    expect((await lowAlerts()).length).toBe(start + 2);
    await settings();
    expect((await lowAlerts()).length).toBe(start + 2);
    // Alerting is not a change of the settings.
    expect((await settings()).updatedAt).toBe((raised.json().data as BlockchainSettings).updatedAt);

    expect((await put(admin, { lowBalanceThresholdLamports: '0' })).json().data.platformKeys.some((key: { low: boolean }) => key.low)).toBe(false);
    await put(admin, { lowBalanceThresholdLamports: '1000000000000' });
    expect((await lowAlerts()).length).toBe(start + 4);
  });
});
