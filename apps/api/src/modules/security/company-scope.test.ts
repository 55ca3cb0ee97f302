import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS, type MonitoredSession, type RequestLog, type SecurityAlert, type SecurityEvent } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';
import { acceptInvitationFromOutbox } from '../tenants/tenants.testing';

/**
 * Security officers of a customer company (COMPANY_ADMIN, CSO, HEAD_OF_DIGITAL_ASSETS of
 * Verde Energia) see and act on their own company's users only; the platform's
 * administrators (Carbonledger Platform: ADMIN, SUPER_ADMIN) on the whole tenant. A second
 * customer company is onboarded through POST /companies and its invited administrator signs in.
 */
let harness: TestApp;
let baseUrl: string;
let superadmin: SignedIn;
let admin: SignedIn;
let viewer: SignedIn;
const officers = new Map<string, SignedIn>();
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  superadmin = await signInAs(harness.app, 'superadmin@demo.test', { headers: { 'cf-ipcountry': 'BR' } });
  admin = await signInAs(harness.app, 'admin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  for (const email of ['companyadmin@demo.test', 'cso@demo.test', 'hda@demo.test']) officers.set(email, await signInAs(harness.app, email));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const data = async <T>(url: string, who: SignedIn): Promise<T> => {
  const response = await inject({ url, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};
const officerEmails = ['companyadmin@demo.test', 'cso@demo.test', 'hda@demo.test'];

describe("customer-company officers and other companies' users", () => {
  it.each(officerEmails)('%s lists only the live sessions and statistics of its own company', async (email) => {
    const officer = officers.get(email)!;
    const sessions = await data<MonitoredSession[]>('/api/v1/sessions/active', officer);
    expect(sessions.map((session) => session.user.email)).toContain('viewer@demo.test');
    expect(sessions.map((session) => session.user.email)).not.toEqual(expect.arrayContaining(['superadmin@demo.test']));
    expect(sessions.map((session) => session.user.email)).not.toEqual(expect.arrayContaining(['admin@demo.test']));
    expect((await data<{ uniqueUsers: number }>('/api/v1/sessions/stats', officer)).uniqueUsers).toBe(4);

    const everyone = await data<MonitoredSession[]>('/api/v1/sessions/active', admin);
    expect(everyone.map((session) => session.user.email)).toEqual(expect.arrayContaining(['superadmin@demo.test', 'viewer@demo.test']));
    expect((await data<{ uniqueUsers: number }>('/api/v1/sessions/stats', admin)).uniqueUsers).toBe(6);
  });

  it.each(officerEmails)("%s cannot end a platform administrator's session, but ends its own company's", async (email) => {
    const officer = officers.get(email)!;
    const refused = await inject({ method: 'DELETE', url: `/api/v1/sessions/${superadmin.result.session.sessionId}`, headers: officer.headers });
    expect(refused.statusCode).toBe(404);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: superadmin.headers })).statusCode).toBe(200);

    const colleague = await signInAs(harness.app, 'manager@demo.test');
    expect((await inject({ method: 'DELETE', url: `/api/v1/sessions/${colleague.result.session.sessionId}`, headers: officer.headers })).statusCode).toBe(200);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: colleague.headers })).statusCode).toBe(401);
  });

  it('a platform administrator ends the session of a customer-company user', async () => {
    const customer = await signInAs(harness.app, 'manager@demo.test');
    expect((await inject({ method: 'DELETE', url: `/api/v1/sessions/${customer.result.session.sessionId}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it.each(officerEmails)("%s reads only its own company's security events, alerts and request logs", async (email) => {
    const officer = officers.get(email)!;
    // A platform administrator's alert: the second sign-in comes from a new country.
    await signInAs(harness.app, 'superadmin@demo.test', { headers: { 'cf-ipcountry': 'PT' } });
    await harness.app.requestLogs.flush();

    const events = await data<SecurityEvent[]>('/api/v1/sessions/security-events?limit=500', officer);
    expect(events.map((event) => event.userEmail)).toContain('viewer@demo.test');
    expect(events.map((event) => event.userEmail)).not.toEqual(expect.arrayContaining(['superadmin@demo.test']));
    expect(await data<SecurityEvent[]>(`/api/v1/sessions/security-events?userId=${superadmin.result.user.id}`, officer)).toEqual([]);
    expect((await data<SecurityEvent[]>('/api/v1/sessions/security-events?limit=500', admin)).map((event) => event.userEmail)).toContain(
      'superadmin@demo.test',
    );

    const platformAlert = (await data<SecurityAlert[]>('/api/v1/security/alerts', admin)).find((alert) => alert.description.startsWith('superadmin@demo.test'));
    expect(platformAlert?.title).toBe('Sign-in from a new country');
    expect((await data<SecurityAlert[]>('/api/v1/security/alerts', officer)).map((alert) => alert.id)).not.toContain(platformAlert!.id);
    const resolve = await inject({ method: 'PUT', url: `/api/v1/security/alerts/${platformAlert!.id}/resolve`, headers: officer.headers });
    expect(resolve.statusCode).toBe(404);
    expect((await data<SecurityAlert[]>('/api/v1/security/alerts?resolved=false', admin)).map((alert) => alert.id)).toContain(platformAlert!.id);

    const logs = await data<RequestLog[]>('/api/v1/security/request-logs?limit=1000', officer);
    expect(logs.map((log) => log.userId)).toContain(viewer.result.user.id);
    expect(logs.map((log) => log.userId)).not.toContain(superadmin.result.user.id);
    const csv = await inject({ url: '/api/v1/security/request-logs?format=csv&limit=1000', headers: officer.headers });
    expect(csv.body).not.toContain(superadmin.result.user.id);
    expect((await data<RequestLog[]>('/api/v1/security/request-logs?limit=1000', admin)).map((log) => log.userId)).toContain(superadmin.result.user.id);
  });
});

async function member(token: string): Promise<Socket> {
  const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
  return socket;
}

describe('the live security feed', () => {
  it("gives a customer-company officer its own company's events only; platform administrators hear everything", async () => {
    const companyOfficer = await member(officers.get('cso@demo.test')!.token);
    const platformOfficer = await member(admin.token);
    const heardByOfficer: SecurityEvent[] = [];
    const heardByAdmin: SecurityEvent[] = [];
    companyOfficer.on(SERVER_EVENTS.securityEvent, (event: SecurityEvent) => heardByOfficer.push(event));
    platformOfficer.on(SERVER_EVENTS.securityEvent, (event: SecurityEvent) => heardByAdmin.push(event));

    for (const email of ['superadmin@demo.test', 'viewer@demo.test']) {
      await inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'Wrong!2345' }, headers: { 'x-forwarded-for': nextClientIp() } });
    }
    await expect.poll(() => heardByAdmin.map((event) => event.userEmail)).toEqual(expect.arrayContaining(['superadmin@demo.test', 'viewer@demo.test']));
    await expect.poll(() => heardByOfficer.map((event) => event.userEmail)).toContain('viewer@demo.test');
    expect(heardByOfficer.map((event) => event.userEmail)).not.toContain('superadmin@demo.test');
  });
});

describe('a company onboarded through the API', () => {
  let otherCompanyAdmin: SignedIn;
  let otherCompanyId: string;
  beforeAll(async () => {
    const onboarded = await inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: admin.headers,
      payload: {
        name: 'Azul Carbono',
        legalName: 'Azul Carbono Ltda.',
        taxId: '45.678.901/0001-23',
        country: 'BR',
        address: { line1: 'Rua do Sol, 20', city: 'Salvador' },
        administrator: { email: 'admin@azul-carbono.test', firstName: 'Bruna', lastName: 'Azul' },
      },
    });
    expect(onboarded.statusCode, onboarded.body).toBe(201);
    otherCompanyId = onboarded.json<{ data: { company: { id: string } } }>().data.company.id;
    otherCompanyAdmin = await acceptInvitationFromOutbox(harness.app, admin.result.tenant.id, 'admin@azul-carbono.test');
  });

  it("keeps its administrator and Verde Energia's officers out of each other's sessions, events and company", async () => {
    expect(otherCompanyAdmin.result.company.id).toBe(otherCompanyId);
    const theirSessions = await data<MonitoredSession[]>('/api/v1/sessions/active', otherCompanyAdmin);
    expect(theirSessions.map((session) => session.user.email)).toEqual(['admin@azul-carbono.test']);
    for (const email of officerEmails) {
      const officer = officers.get(email)!;
      expect((await data<MonitoredSession[]>('/api/v1/sessions/active', officer)).map((session) => session.user.email)).not.toContain(
        'admin@azul-carbono.test',
      );
      expect((await inject({ url: `/api/v1/companies/${otherCompanyId}`, headers: officer.headers })).statusCode).toBe(403);
    }
    expect((await data<SecurityEvent[]>('/api/v1/sessions/security-events?limit=500', otherCompanyAdmin)).map((event) => event.userEmail)).not.toContain(
      'viewer@demo.test',
    );
    expect((await inject({ url: `/api/v1/companies/${viewer.result.company.id}`, headers: otherCompanyAdmin.headers })).statusCode).toBe(403);
    const ended = await inject({ method: 'DELETE', url: `/api/v1/sessions/${viewer.result.session.sessionId}`, headers: otherCompanyAdmin.headers });
    expect(ended.statusCode).toBe(404);
  });
});
