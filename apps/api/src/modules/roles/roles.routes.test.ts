import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  REALTIME,
  ROLES,
  SERVER_EVENTS,
  type CustomRole,
  type CustomRoleAssignment,
  type CustomRoleCandidate,
  type Permission,
  type RolesOverview,
  type SessionRestore,
} from '@carbonledger/contracts';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { WIND_PROJECT, get, post, retireBody, retirementFixture, type RetirementFixture } from '../retirements/retirements.testing';

const without = (permissions: readonly Permission[], ...removed: Permission[]) => permissions.filter((permission) => !removed.includes(permission));

describe('roles and permissions API (/team/roles)', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let companyAdmin: SignedIn;
  let operator: SignedIn;
  let baseUrl: string;
  const sockets: Socket[] = [];
  let roleCounter = 0;

  const app = () => harness.app;
  const send = (who: SignedIn, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const overview = async (who: SignedIn, query = '') => {
    const response = await get(app(), who, `/api/v1/roles${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as RolesOverview;
  };
  const createRole = async (who: SignedIn, body: { companyId?: string; name?: string; baseRole: string; permissions: readonly string[] }) => {
    roleCounter += 1;
    const response = await send(who, 'POST', '/api/v1/roles/custom', { companyId: companyAdmin.result.company.id, name: `Role ${roleCounter}`, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as CustomRole;
  };
  const assign = (who: SignedIn, userId: string, customRoleId: string | null) => send(who, 'PUT', `/api/v1/users/${userId}/custom-role`, { customRoleId });
  const sessionOf = async (who: SignedIn) => {
    const response = await app().inject({
      url: '/api/v1/auth/session',
      headers: {
        authorization: who.headers.authorization!,
        'x-session-id': who.result.session.sessionId,
        'x-session-fingerprint': who.result.session.fingerprint,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as SessionRestore;
  };
  const socketOf = async (who: SignedIn) => {
    const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token: who.token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
    return socket;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    admin = await signInAs(harness.app, 'admin@demo.test');
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    operator = await signInAs(harness.app, 'operator@demo.test');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await harness.close();
  });

  it('shows every fixed role with its permission set, read-only, to the roles screen and to company administrators', async () => {
    const matrix = await overview(admin);
    expect(matrix.fixedRoles.map((entry) => entry.role)).toEqual([...ROLES]);
    for (const entry of matrix.fixedRoles) expect(entry.permissions).toEqual(DEFAULT_PERMISSIONS[entry.role]);
    expect(matrix).toMatchObject({ canManage: true, heldPermissions: PERMISSIONS });

    // CSO opens /team/roles by the role check (ADMIN required) but holds no roles:manage: it reads only.
    expect(await overview(await signInAs(app(), 'cso@demo.test'))).toMatchObject({ canManage: false, baseRoles: [] });
    expect(await overview(companyAdmin)).toMatchObject({ canManage: true, baseRoles: ['COMPANY_ADMIN', 'FINANCE', 'OPERATOR', 'VIEWER'] });

    for (const email of ['viewer@demo.test', 'manager@demo.test', 'finance@demo.test']) {
      const response = await get(app(), await signInAs(app(), email), '/api/v1/roles');
      expect(response.statusCode, email).toBe(403);
    }
    expect((await app().inject({ url: '/api/v1/roles' })).statusCode).toBe(401);
  });

  it('a custom role granted retirements:create but not tokens:mint (minting execution) can retire and cannot mint', async () => {
    const fixture: RetirementFixture = await retirementFixture(app(), companyAdmin, admin, { externalTokens: 20, managedTokens: 30 });
    const preview = (who: SignedIn) =>
      post(app(), who, '/api/v1/minting/preview', {
        projectId: WIND_PROJECT,
        quantity: 1,
        tokenName: 'Texas Wind 2023',
        symbol: 'TXW23',
        walletId: fixture.managed.id,
      });
    expect((await preview(operator)).statusCode).toBe(200);

    const retireOnly = await createRole(admin, {
      name: 'Retirement desk',
      baseRole: 'OPERATOR',
      permissions: without(DEFAULT_PERMISSIONS.OPERATOR, 'tokens:mint'),
    });
    expect(retireOnly.permissions).toContain('retirements:create');
    expect(retireOnly.permissions).not.toContain('tokens:mint');
    const assigned = await assign(admin, operator.result.user.id, retireOnly.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      userId: operator.result.user.id,
      role: 'OPERATOR',
      customRoleId: retireOnly.id,
    } satisfies Partial<CustomRoleAssignment>);

    const desk = await signInAs(app(), 'operator@demo.test');
    expect(desk.result.user.role).toBe('OPERATOR');
    expect(desk.result.session.permissions).toEqual(retireOnly.permissions);

    const minting = await preview(desk);
    expect(minting.statusCode).toBe(403);
    expect(minting.json().error.code).toBe('ACCESS_DENIED');
    expect((await post(app(), desk, '/api/v1/minting/execute', { previewId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(403);

    const retired = await post(app(), desk, '/api/v1/retirements', retireBody(fixture, desk, { walletAddress: fixture.managed.address, amount: 5 }));
    expect(retired.statusCode, retired.body).toBe(201);
    expect(retired.json().data.retirement).toMatchObject({ amount: '5' });

    expect((await assign(admin, operator.result.user.id, null)).statusCode).toBe(200);
  });

  it('takes a removed permission away from a live session at once, and tells its web app to read the session again', async () => {
    const live = await signInAs(app(), 'operator@demo.test');
    const role = await createRole(companyAdmin, { baseRole: 'OPERATOR', permissions: DEFAULT_PERMISSIONS.OPERATOR });
    expect((await assign(companyAdmin, live.result.user.id, role.id)).statusCode).toBe(200);
    expect((await get(app(), live, '/api/v1/wallets')).statusCode).toBe(200);

    const socket = await socketOf(live);
    const told = new Promise<unknown>((resolve) => socket.once(SERVER_EVENTS.permissionsChanged, resolve));
    const changed = await send(companyAdmin, 'PATCH', `/api/v1/roles/custom/${role.id}`, {
      permissions: without(DEFAULT_PERMISSIONS.OPERATOR, 'wallets:read'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ memberCount: 1 });

    // The same token, no new sign-in: the next request is refused and the restored session lists the new set.
    expect((await get(app(), live, '/api/v1/wallets')).statusCode).toBe(403);
    expect((await sessionOf(live)).session.permissions).not.toContain('wallets:read');
    expect(await told).toEqual({ userId: live.result.user.id });

    // Given back just as fast.
    expect((await send(companyAdmin, 'PATCH', `/api/v1/roles/custom/${role.id}`, { permissions: DEFAULT_PERMISSIONS.OPERATOR })).statusCode).toBe(200);
    expect((await get(app(), live, '/api/v1/wallets')).statusCode).toBe(200);

    // Taking the custom role away gives the fixed role's set back.
    expect((await assign(companyAdmin, live.result.user.id, null)).json().data).toMatchObject({
      customRoleId: null,
      permissions: DEFAULT_PERMISSIONS.OPERATOR,
    });
  });

  it('never grants a permission or a base role beyond what the author holds, nor an administrators-only permission the base role lacks', async () => {
    const refused = async (who: SignedIn, body: Record<string, unknown>, status: number, reason: string) => {
      const response = await send(who, 'POST', '/api/v1/roles/custom', {
        companyId: companyAdmin.result.company.id,
        name: `Refused ${(roleCounter += 1)}`,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.reason).toBe(reason);
    };
    await refused(companyAdmin, { baseRole: 'FINANCE', permissions: ['invoices:manage'] }, 403, 'ROLES__PERMISSION_NOT_HELD');
    await refused(companyAdmin, { baseRole: 'CSO', permissions: ['security:read'] }, 403, 'ROLES__BASE_ROLE_NOT_ALLOWED');
    await refused(companyAdmin, { baseRole: 'MANAGER', permissions: [] }, 403, 'ROLES__BASE_ROLE_NOT_ALLOWED');
    await refused(admin, { baseRole: 'OPERATOR', permissions: ['wallets:approve'] }, 409, 'ROLES__RESERVED_PERMISSION');
    await refused(admin, { baseRole: 'VIEWER', permissions: ['roles:manage'] }, 409, 'ROLES__RESERVED_PERMISSION');

    // A company administrator narrowed by a custom role can no longer grant what it lost, and loses roles:manage with it.
    const narrowed = await createRole(admin, { baseRole: 'COMPANY_ADMIN', permissions: without(DEFAULT_PERMISSIONS.COMPANY_ADMIN, 'tokens:mint') });
    expect((await assign(admin, companyAdmin.result.user.id, narrowed.id)).statusCode).toBe(200);
    await refused(companyAdmin, { baseRole: 'OPERATOR', permissions: ['tokens:mint'] }, 403, 'ROLES__PERMISSION_NOT_HELD');
    expect(
      (
        await send(admin, 'PATCH', `/api/v1/roles/custom/${narrowed.id}`, {
          permissions: without(DEFAULT_PERMISSIONS.COMPANY_ADMIN, 'tokens:mint', 'roles:manage'),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(companyAdmin, 'POST', '/api/v1/roles/custom', {
          companyId: companyAdmin.result.company.id,
          name: 'Too late',
          baseRole: 'VIEWER',
          permissions: [],
        })
      ).statusCode,
    ).toBe(403);
    expect((await assign(admin, companyAdmin.result.user.id, null)).statusCode).toBe(200);

    // Keeping a permission someone else granted is not granting it: the company administrator may still rename.
    const byAdmin = await createRole(admin, { baseRole: 'FINANCE', permissions: DEFAULT_PERMISSIONS.FINANCE });
    const renamed = await send(companyAdmin, 'PATCH', `/api/v1/roles/custom/${byAdmin.id}`, {
      name: 'Accounts payable',
      permissions: without(DEFAULT_PERMISSIONS.FINANCE, 'reconciliation:read'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Accounts payable', permissions: expect.arrayContaining(['invoices:manage']) as unknown });
  });

  it("keeps another company's custom roles invisible (404) and another tenant's unreachable", async () => {
    const platformRole = await createRole(admin, {
      companyId: admin.result.company.id,
      name: 'Platform desk',
      baseRole: 'VIEWER',
      permissions: DEFAULT_PERMISSIONS.VIEWER,
    });
    expect((await overview(admin)).customRoles.map((role) => role.id)).toContain(platformRole.id);
    expect((await overview(admin, `?companyId=${companyAdmin.result.company.id}`)).customRoles.map((role) => role.companyId)).not.toContain(
      admin.result.company.id,
    );
    expect((await overview(companyAdmin)).customRoles.map((role) => role.id)).not.toContain(platformRole.id);
    expect(
      (await overview(companyAdmin, `?companyId=${admin.result.company.id}`)).customRoles.every((role) => role.companyId === companyAdmin.result.company.id),
    ).toBe(true);

    for (const [method, url, payload] of [
      ['PATCH', `/api/v1/roles/custom/${platformRole.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/roles/custom/${platformRole.id}`, undefined],
      ['PUT', `/api/v1/users/${operator.result.user.id}/custom-role`, { customRoleId: platformRole.id }],
      ['PUT', `/api/v1/users/${admin.result.user.id}/custom-role`, { customRoleId: null }],
      ['POST', '/api/v1/roles/custom', { companyId: admin.result.company.id, name: 'Intruder', baseRole: 'VIEWER', permissions: [] }],
    ] as const) {
      const response = await send(companyAdmin, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(app(), companyAdmin, `/api/v1/roles/custom/${platformRole.id}/candidates`)).statusCode).toBe(404);

    // A platform administrator sees both companies but gives a role only to its own company's users.
    const mixed = await assign(admin, operator.result.user.id, platformRole.id);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.reason).toBe('ROLES__OTHER_COMPANY');

    const stranger = await signInAs(app(), (await createRegistryTenant(app().db, 'rolesbeta')).email);
    expect((await send(stranger, 'PATCH', `/api/v1/roles/custom/${platformRole.id}`, { name: 'Across tenants' })).statusCode).toBe(404);
    expect(
      (await send(stranger, 'POST', '/api/v1/roles/custom', { companyId: companyAdmin.result.company.id, name: 'Across', baseRole: 'VIEWER', permissions: [] }))
        .statusCode,
    ).toBe(404);
    expect((await overview(stranger)).customRoles).toEqual([]);
  });

  it('gives a custom role only to users with its base role, and keeps a role in use from being deleted', async () => {
    const role = await createRole(companyAdmin, { baseRole: 'VIEWER', permissions: without(DEFAULT_PERMISSIONS.VIEWER, 'certificates:read') });
    const mismatch = await assign(companyAdmin, operator.result.user.id, role.id);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.reason).toBe('ROLES__BASE_ROLE_MISMATCH');

    const candidates = await get(app(), companyAdmin, `/api/v1/roles/custom/${role.id}/candidates`);
    expect(candidates.statusCode).toBe(200);
    const viewer = (candidates.json().data as CustomRoleCandidate[]).find((candidate) => candidate.email === 'viewer@demo.test')!;
    expect(viewer).toMatchObject({ role: 'VIEWER', assigned: false });
    expect((await assign(companyAdmin, viewer.userId, role.id)).statusCode).toBe(200);
    expect((await get(app(), companyAdmin, `/api/v1/roles/custom/${role.id}/candidates`)).json().data).toContainEqual({ ...viewer, assigned: true });

    const inUse = await send(companyAdmin, 'DELETE', `/api/v1/roles/custom/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.reason).toBe('ROLES__IN_USE');
    expect((await assign(companyAdmin, viewer.userId, null)).statusCode).toBe(200);
    expect((await send(companyAdmin, 'DELETE', `/api/v1/roles/custom/${role.id}`)).statusCode).toBe(200);
    expect((await send(companyAdmin, 'DELETE', `/api/v1/roles/custom/${role.id}`)).statusCode).toBe(404);

    const duplicate = await send(companyAdmin, 'POST', '/api/v1/roles/custom', {
      companyId: companyAdmin.result.company.id,
      name: 'retirement DESK',
      baseRole: 'VIEWER',
      permissions: [],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.reason).toBe('ROLES__NAME_TAKEN');

    const audited = await app().db.withTenant(companyAdmin.result.tenant.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, companyAdmin.result.user.id), eq(auditLog.resourceId, role.id)))
        .orderBy(asc(auditLog.id)),
    );
    expect(audited.map((entry) => entry.action)).toEqual(['custom_role.created', 'custom_role.deleted']);
  });

  it('answers bad input with 400 and a clear text, never 500', async () => {
    const companyId = companyAdmin.result.company.id;
    const valid = { companyId, name: 'Valid', baseRole: 'VIEWER', permissions: [] };
    for (const [payload, field] of [
      [{ ...valid, name: 'Bad\u0000name' }, 'name'],
      [{ ...valid, name: 'x'.repeat(1024 * 1024) }, 'name'],
      [{ ...valid, name: '   ' }, 'name'],
      [{ ...valid, description: 'tab\tok but bell \u0007 not' }, 'description'],
      [{ ...valid, baseRole: 'ADMIN' }, 'baseRole'],
      [{ ...valid, baseRole: 'ROOT' }, 'baseRole'],
      [{ ...valid, permissions: ['tokens:launch'] }, 'permissions'],
      [{ ...valid, permissions: ['tokens:read', 'tokens:read'] }, 'permissions'],
      [{ ...valid, companyId: 'not-a-uuid' }, 'companyId'],
    ] as const) {
      const response = await send(companyAdmin, 'POST', '/api/v1/roles/custom', payload);
      // A 1 MB body may already stop at the body limit (413); every other answer names the field.
      if (response.statusCode === 413) expect(payload.name.length, field).toBeGreaterThan(100_000);
      else {
        expect(response.statusCode, field).toBe(400);
        expect(
          Object.keys(response.json().error.fields as object).some((key) => key.split('.')[0] === field),
          field,
        ).toBe(true);
      }
      expect(response.json().message, field).toEqual(expect.any(String));
    }
    const role = await createRole(companyAdmin, { baseRole: 'VIEWER', permissions: [] });
    expect((await send(companyAdmin, 'PATCH', `/api/v1/roles/custom/${role.id}`, {})).statusCode).toBe(400);
    expect((await send(companyAdmin, 'PATCH', '/api/v1/roles/custom/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
    expect((await send(companyAdmin, 'PUT', `/api/v1/users/${operator.result.user.id}/custom-role`, { customRoleId: 'nope' })).statusCode).toBe(400);
    expect((await send(companyAdmin, 'PUT', `/api/v1/users/${operator.result.user.id}/custom-role`, {})).statusCode).toBe(400);
  });
});
