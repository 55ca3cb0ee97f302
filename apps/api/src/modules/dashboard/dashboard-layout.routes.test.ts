import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DAILY_VOLUME_DAYS, defaultDashboardLayout, type DashboardLayoutItem } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog, companyWallets, dashboardLayouts, mintOperations, retirements } from '../../db/schema';
import { signInAs, type SignedIn } from '../auth/auth.testing';

let harness: TestApp;
let viewer: SignedIn;
let manager: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  manager = await signInAs(harness.app, 'manager@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
});
afterAll(() => harness.close());

const layoutUrl = '/api/v1/dashboard/layout';
const read = (who: SignedIn) => harness.app.inject({ url: layoutUrl, headers: who.headers });
const save = (who: SignedIn, payload: object) => harness.app.inject({ method: 'PUT', url: layoutUrl, headers: who.headers, payload });
const reset = (who: SignedIn) => harness.app.inject({ method: 'DELETE', url: layoutUrl, headers: who.headers });

const arranged: DashboardLayoutItem[] = [
  { widget: 'activity-log', x: 0, y: 0, w: 12, h: 4 },
  { widget: 'welcome', x: 0, y: 4, w: 6, h: 2 },
  { widget: 'daily-volume', x: 6, y: 4, w: 6, h: 6 },
];

describe('GET/PUT/DELETE /dashboard/layout', () => {
  it("starts from the role's default, keeps what the user saved, and resets to the default", async () => {
    const first = (await read(viewer)).json().data;
    expect(first).toEqual({ items: defaultDashboardLayout('VIEWER'), saved: false, updatedAt: null });
    // Platform figures are not part of a viewer's default.
    expect(first.items.map((item: DashboardLayoutItem) => item.widget)).not.toContain('advanced-metrics');

    const saved = await save(viewer, { items: arranged });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read(viewer)).json().data).toMatchObject({ items: arranged, saved: true });

    const [audit] = await harness.app.db.withTenant(viewer.result.tenant.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, viewer.result.user.id), eq(auditLog.action, 'dashboard_layout.updated'))),
    );
    expect(audit?.action).toBe('dashboard_layout.updated');

    expect((await reset(viewer)).json().data).toEqual({ items: defaultDashboardLayout('VIEWER'), saved: false, updatedAt: null });
    expect((await read(viewer)).json().data.saved).toBe(false);
  });

  it("never shows one user's layout to another", async () => {
    expect((await save(manager, { items: arranged })).statusCode).toBe(200);
    expect((await read(viewer)).json().data.items).toEqual(defaultDashboardLayout('VIEWER'));
    expect((await read(admin)).json().data.items).toEqual(defaultDashboardLayout('ADMIN'));
    await reset(manager);
  });

  it.each([
    ['an unknown widget', { items: [{ widget: 'crypto-casino', x: 0, y: 0, w: 4, h: 4 }] }],
    ['a NUL byte in a widget id', { items: [{ widget: 'welcome\u0000', x: 0, y: 0, w: 4, h: 4 }] }],
    ['a 1 MB widget id', { items: [{ widget: 'w'.repeat(1_000_000), x: 0, y: 0, w: 4, h: 4 }] }],
    ['a widget wider than the grid', { items: [{ widget: 'welcome', x: 6, y: 0, w: 8, h: 4 }] }],
    ['a widget taller than 12 rows', { items: [{ widget: 'welcome', x: 0, y: 0, w: 4, h: 13 }] }],
    ['a fractional size', { items: [{ widget: 'welcome', x: 0, y: 0, w: 4.5, h: 4 }] }],
    ['the same widget twice', { items: [arranged[1], { ...arranged[1], y: 8 }] }],
    ['more widgets than exist', { items: Array.from({ length: 15 }, (_, y) => ({ widget: 'welcome', x: 0, y, w: 4, h: 2 })) }],
    ['no items at all', {}],
  ])('refuses %s with a 4xx and keeps the saved layout', async (_case, payload) => {
    expect((await save(manager, { items: arranged })).statusCode).toBe(200);
    const response = await save(manager, payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
    expect((await read(manager)).json().data.items).toEqual(arranged);
    await reset(manager);
  });

  it('lets only platform administrators place the tenant-wide operations widgets', async () => {
    const operations = { items: [{ widget: 'advanced-metrics', x: 0, y: 0, w: 6, h: 4 }] };
    const refused = await save(manager, operations);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('DASHBOARD__WIDGET_NOT_ALLOWED');
    expect((await save(admin, operations)).statusCode).toBe(200);
    expect((await read(admin)).json().data.items).toEqual(operations.items);
    await reset(admin);
  });

  it("leaves out a widget the user's role no longer allows", async () => {
    // A layout saved while the user held a wider role.
    await harness.app.db.withTenant(manager.result.tenant.id, (tx) =>
      tx.insert(dashboardLayouts).values({
        userId: manager.result.user.id,
        tenantId: manager.result.tenant.id,
        items: [...arranged, { widget: 'idempotency-metrics', x: 0, y: 10, w: 6, h: 4 }],
      }),
    );
    expect((await read(manager)).json().data.items).toEqual(arranged);
    await reset(manager);
  });

  it('answers 401 without a session', async () => {
    expect((await harness.app.inject({ url: layoutUrl })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'PUT', url: layoutUrl, payload: { items: arranged } })).statusCode).toBe(401);
  });
});

describe('dashboard data widgets', () => {
  it('counts completed mints and retirements per UTC day in whole tokens, every day of the window present', async () => {
    const companyId = manager.result.company.id;
    const tenantId = manager.result.tenant.id;
    const today = new Date().toISOString().slice(0, 10);
    const before = (await harness.app.inject({ url: '/api/v1/dashboard/daily-volume', headers: manager.headers })).json().data.days;
    expect(before).toHaveLength(DAILY_VOLUME_DAYS);
    expect(before.at(-1).date).toBe(today);
    await harness.app.db.withTenant(tenantId, async (tx) => {
      const wallet = await tx
        .insert(companyWallets)
        .values({ tenantId, companyId, address: `DashVolume${Date.now()}`, type: 'external', status: 'pending' })
        .returning();
      const walletId = wallet[0]!.id;
      const mint = {
        tenantId,
        companyId,
        registry: 'verra' as const,
        projectId: 'VCS-1',
        projectName: 'Dashboard',
        vintage: 2024,
        tokenName: 'T',
        symbol: 'T',
        walletId,
        walletAddress: 'x',
      };
      await tx.insert(mintOperations).values([
        { ...mint, quantity: 1_500n, decimals: 3, status: 'completed', completedAt: new Date() },
        { ...mint, quantity: 2n, decimals: 0, status: 'completed', completedAt: new Date() },
        { ...mint, quantity: 99n, decimals: 0, status: 'failed' },
      ]);
      await tx.insert(retirements).values({
        tenantId,
        companyId,
        walletId,
        walletAddress: 'x',
        walletType: 'external',
        tokenMint: 'm',
        tokenSymbol: 'T',
        projectId: 'VCS-1',
        projectName: 'Dashboard',
        registry: 'verra',
        vintage: 2024,
        amount: 25n,
        decimals: 1,
        reason: 'voluntary_offset',
        country: 'BR',
        beneficiaryName: 'B',
        beneficiaryHash: 'h',
        status: 'completed',
        certificateNumber: `DASH-${Date.now()}`,
        completedAt: new Date(),
      });
    });
    const after = (await harness.app.inject({ url: '/api/v1/dashboard/daily-volume', headers: manager.headers })).json().data.days.at(-1);
    const previous = before.at(-1);
    // 1.5 + 2 whole tokens minted, 2.5 retired: exact decimals, across tokens of different decimals.
    expect(Number(after.minted) - Number(previous.minted)).toBeCloseTo(3.5, 10);
    expect(Number(after.retired) - Number(previous.retired)).toBeCloseTo(2.5, 10);
    expect(after.mints - previous.mints).toBe(2);
    expect(after.retirements - previous.retirements).toBe(1);
  });

  it('raises the KYC alert while the company is not approved', async () => {
    const tenantId = manager.result.tenant.id;
    const companyId = manager.result.company.id;
    const kinds = async () =>
      (await harness.app.inject({ url: '/api/v1/dashboard/alerts', headers: manager.headers })).json().data.alerts.map((alert: { kind: string }) => alert.kind);
    await harness.app.db.withTenant(tenantId, (tx) => tx.execute(sql`update companies set kyc_status = 'in_review' where id = ${companyId}`));
    expect(await kinds()).toContain('kyc');
    await harness.app.db.withTenant(tenantId, (tx) => tx.execute(sql`update companies set kyc_status = 'approved' where id = ${companyId}`));
    expect(await kinds()).not.toContain('kyc');
  });

  it('tells administrators, and only them, which platform keys run low on SOL', async () => {
    const tenantId = admin.result.tenant.id;
    const lowBalance = async (who: SignedIn) =>
      (
        (await harness.app.inject({ url: '/api/v1/dashboard/alerts', headers: who.headers })).json().data.alerts as Array<{ kind: string; detail: string }>
      ).find((alert) => alert.kind === 'low_balance');
    expect(await lowBalance(admin)).toBeUndefined();
    await harness.app.db.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into chain_settings (tenant_id, priority_fee, slippage_bps, low_balance_lamports, low_balance_alerted)
        values (${tenantId}, '{"mode":"auto"}'::jsonb, 100, 1000000, '["fee_payer"]'::jsonb)
        on conflict (tenant_id) do update set low_balance_alerted = excluded.low_balance_alerted`),
    );
    expect(await lowBalance(admin)).toMatchObject({ detail: 'fee_payer' });
    expect(await lowBalance(manager)).toBeUndefined();
  });

  it('counts idempotency keys by outcome for administrators only', async () => {
    const tenantId = admin.result.tenant.id;
    const before = (await harness.app.inject({ url: '/api/v1/dashboard/idempotency', headers: admin.headers })).json().data;
    await harness.app.db.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into idempotency_keys (tenant_id, key, request_hash, state, response_status, expires_at) values
        (${tenantId}, ${`dash-a-${Date.now()}`}, 'h', 'completed', 200, now() + interval '1 day'),
        (${tenantId}, ${`dash-b-${Date.now()}`}, 'h', 'completed', 409, now() + interval '1 day'),
        (${tenantId}, ${`dash-c-${Date.now()}`}, 'h', 'in_flight', null, now() + interval '1 day')`),
    );
    const after = (await harness.app.inject({ url: '/api/v1/dashboard/idempotency', headers: admin.headers })).json().data;
    expect([after.total - before.total, after.completed - before.completed, after.conflicts - before.conflicts, after.inFlight - before.inFlight]).toEqual([
      3, 1, 1, 1,
    ]);
    expect((await harness.app.inject({ url: '/api/v1/dashboard/idempotency', headers: manager.headers })).statusCode).toBe(403);
  });
});
