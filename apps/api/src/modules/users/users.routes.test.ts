import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Invitation, OutboxMessage, TeamUser, TeamUsersOverview } from '@carbonledger/contracts';
import { userLinkTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';
import { linkTokenIn, startTestSmtpServer, type TestSmtpServer } from '../mail/mail.testing';

/**
 * Team users (docs/product.md §3 New user, §4 Users) with a real SMTP server: invitations and
 * password resets are read from the messages that arrived and their links followed.
 */
let smtp: TestSmtpServer;
let harness: TestApp;
let admin: SignedIn;
let companyAdmin: SignedIn;
let manager: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  harness = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await signInAs(harness.app, 'admin@demo.test');
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  manager = await signInAs(harness.app, 'manager@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
});
afterAll(async () => {
  await harness.close();
  await smtp.close();
});

const inject = (options: InjectOptions) => harness.app.inject({ ...options, headers: { 'x-forwarded-for': nextClientIp(), ...options.headers } });
const TEMPORARY = 'Temp!2345a';
const CHOSEN = 'Chosen!2345b';

let counter = 0;
function newUser(override: Record<string, unknown> = {}) {
  counter += 1;
  return { firstName: 'Nina', lastName: `Tester${counter}`, email: `nina${counter}@customer.test`, role: 'OPERATOR', sendInvitation: true, ...override };
}

async function create(who: SignedIn, body: object) {
  return inject({ method: 'POST', url: '/api/v1/users', headers: who.headers, payload: body });
}

async function created(who: SignedIn, body: ReturnType<typeof newUser>): Promise<TeamUser> {
  const response = await create(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { user: TeamUser }).user;
}

const login = (email: string, password: string, extra: object = {}) =>
  inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password, ...extra } });
const team = async (who: SignedIn, query = '') => {
  const response = await inject({ url: `/api/v1/users${query}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TeamUsersOverview;
};

describe('an invited user with a temporary password', () => {
  it('accepts the e-mailed link, signs in and is made to choose a new password', async () => {
    const body = newUser({ temporaryPassword: TEMPORARY, phone: '+55 11 5555-0000' });
    const user = await created(companyAdmin, body);
    expect(user).toMatchObject({
      email: body.email,
      status: 'pending_verification',
      verified: false,
      mustChangePassword: true,
      companyName: 'Verde Energia S.A.',
    });
    expect(user.invitationExpiresAt).not.toBeNull();

    const mail = await smtp.nextFor(body.email);
    expect(mail.raw).toMatch(/^Subject: You are invited to Carbonledger/m);
    expect(mail.text).toContain('temporary password your administrator gave you');
    expect(mail.text).not.toContain(TEMPORARY);
    const token = linkTokenIn(mail.text, 'invite');

    // Before the invitation is accepted the account is not active.
    expect((await login(body.email, TEMPORARY)).json().error.code).toBe('ACCOUNT_LOCKED');

    const invitation = await inject({ url: `/api/v1/invitations/${token}` });
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect(invitation.json().data).toMatchObject<Partial<Invitation>>({ email: body.email, firstName: 'Nina', requiresPassword: false });

    const accepted = await inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({ email: body.email, mustChangePassword: true });
    const again = await inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    expect([again.statusCode, again.json().error.reason]).toEqual([409, 'USER__LINK_USED']);

    const forced = await login(body.email, TEMPORARY);
    expect([forced.statusCode, forced.json().error.reason]).toEqual([401, 'AUTH__PASSWORD_CHANGE_REQUIRED']);
    const weak = await login(body.email, TEMPORARY, { newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    const same = await login(body.email, TEMPORARY, { newPassword: TEMPORARY });
    expect(same.json().error.fields.newPassword).toEqual(['The new password must differ from the current one']);

    const signedIn = await login(body.email, TEMPORARY, { newPassword: CHOSEN });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ email: body.email, status: 'active', verified: true });
    expect((await login(body.email, TEMPORARY)).json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await login(body.email, CHOSEN)).statusCode).toBe(200);
    const row = (await team(companyAdmin, `?search=${encodeURIComponent(body.email)}`)).users;
    expect(row).toEqual([expect.objectContaining({ status: 'active', verified: true, mustChangePassword: false, invitationExpiresAt: null })]);
  });

  it('without a temporary password, the link sets the password and no change is asked at sign-in', async () => {
    const body = newUser();
    await created(admin, body);
    const token = linkTokenIn((await smtp.nextFor(body.email)).text, 'invite');
    expect((await inject({ url: `/api/v1/invitations/${token}` })).json().data.requiresPassword).toBe(true);
    const missing = await inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    expect([missing.statusCode, missing.json().error.fields]).toEqual([400, { password: ['Password is required'] }]);
    const accepted = await inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: CHOSEN } });
    expect(accepted.json().data).toEqual({ email: body.email, mustChangePassword: false });
    expect((await login(body.email, CHOSEN)).statusCode).toBe(200);
  });

  it('a user created without an invitation is active and changes the temporary password at the first sign-in', async () => {
    const body = newUser({ sendInvitation: false, temporaryPassword: TEMPORARY });
    expect(await created(companyAdmin, body)).toMatchObject({ status: 'active', mustChangePassword: true, invitationExpiresAt: null });
    expect((await login(body.email, TEMPORARY)).json().error.reason).toBe('AUTH__PASSWORD_CHANGE_REQUIRED');
    expect((await login(body.email, TEMPORARY, { newPassword: CHOSEN })).statusCode).toBe(200);
    const noPassword = await create(companyAdmin, newUser({ sendInvitation: false }));
    expect(noPassword.json().error.fields.temporaryPassword).toEqual(['A temporary password is required when no invitation is sent']);
  });

  it('refuses expired, replaced and made-up links', async () => {
    const body = newUser({ temporaryPassword: TEMPORARY });
    const user = await created(companyAdmin, body);
    const first = linkTokenIn((await smtp.nextFor(body.email)).text, 'invite');

    const resent = await inject({ method: 'POST', url: `/api/v1/users/${user.id}/invitation`, headers: companyAdmin.headers });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = linkTokenIn((await smtp.nextFor(body.email)).text, 'invite');
    expect(second).not.toBe(first);
    const replaced = await inject({ url: `/api/v1/invitations/${first}` });
    expect([replaced.statusCode, replaced.json().error.reason]).toEqual([404, 'USER__LINK_INVALID']);

    await harness.app.db.asSystem((tx) =>
      tx
        .update(userLinkTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userLinkTokens.userId, user.id)),
    );
    const expired = await inject({ method: 'POST', url: `/api/v1/invitations/${second}/accept`, payload: {} });
    expect([expired.statusCode, expired.json().error.reason]).toEqual([404, 'USER__LINK_INVALID']);
    const madeUp = await inject({ url: `/api/v1/invitations/${'A'.repeat(43)}` });
    expect([madeUp.statusCode, madeUp.json().error.reason]).toEqual([404, 'USER__LINK_INVALID']);
    expect((await inject({ url: '/api/v1/invitations/not-a-token' })).statusCode).toBe(400);
  });
});

describe('company scope and roles', () => {
  it("a COMPANY_ADMIN sees only its own company's users, with statistics and role distribution", async () => {
    const overview = await team(companyAdmin);
    const emails = overview.users.map((user) => user.email);
    expect(emails).toContain('viewer@demo.test');
    expect(emails).not.toContain('admin@demo.test');
    expect(new Set(overview.users.map((user) => user.companyName))).toEqual(new Set(['Verde Energia S.A.']));
    expect(overview.statistics.total).toBe(overview.users.length);
    expect(overview.roleDistribution.find((entry) => entry.role === 'ADMIN')).toBeUndefined();
    expect(overview.roleDistribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(overview.statistics.total);

    const everyone = await team(admin);
    expect(everyone.users.map((user) => user.email)).toEqual(expect.arrayContaining(['admin@demo.test', 'viewer@demo.test']));
    expect((await team(admin, '?role=VIEWER')).users.map((user) => user.email)).toEqual(['viewer@demo.test']);
  });

  it("a COMPANY_ADMIN can neither change another company's user nor create users there", async () => {
    const platformUser = await created(admin, newUser({ companyId: admin.result.company.id }));
    const change = await inject({
      method: 'PATCH',
      url: `/api/v1/users/${platformUser.id}/status`,
      headers: companyAdmin.headers,
      payload: { status: 'inactive' },
    });
    expect(change.statusCode).toBe(404);
    const resend = await inject({ method: 'POST', url: `/api/v1/users/${platformUser.id}/invitation`, headers: companyAdmin.headers });
    expect(resend.statusCode).toBe(404);
    const elsewhere = await create(companyAdmin, newUser({ companyId: admin.result.company.id }));
    expect(elsewhere.statusCode).toBe(403);
  });

  it.each([
    ['COMPANY_ADMIN', 'ADMIN'],
    ['COMPANY_ADMIN', 'SUPER_ADMIN'],
    ['COMPANY_ADMIN', 'CSO'],
    ['ADMIN', 'SUPER_ADMIN'],
  ])('a %s cannot grant %s', async (granter, role) => {
    const who = granter === 'ADMIN' ? admin : companyAdmin;
    const response = await create(who, newUser({ role }));
    expect([response.statusCode, response.json().error.reason]).toEqual([403, 'USER__ROLE_NOT_GRANTABLE']);
  });

  it('a MANAGER reads the team but creates nobody; a VIEWER does neither', async () => {
    expect((await team(manager)).users.map((user) => user.email)).not.toContain('admin@demo.test');
    expect((await create(manager, newUser())).statusCode).toBe(403);
    expect((await inject({ url: '/api/v1/users', headers: viewer.headers })).statusCode).toBe(403);
    expect((await create(viewer, newUser())).statusCode).toBe(403);
  });

  it('refuses an e-mail already taken', async () => {
    const response = await create(admin, newUser({ email: 'viewer@demo.test' }));
    expect([response.statusCode, response.json().error.reason]).toEqual([409, 'USER__EMAIL_TAKEN']);
  });
});

describe('statuses', () => {
  it('moves a user through the allowed transitions; leaving active ends the sessions', async () => {
    const body = newUser({ sendInvitation: false, temporaryPassword: TEMPORARY });
    const user = await created(companyAdmin, body);
    await login(body.email, TEMPORARY, { newPassword: CHOSEN });
    const session = await signInAs(harness.app, body.email, { password: CHOSEN });
    const status = (who: SignedIn, id: string, next: string) =>
      inject({ method: 'PATCH', url: `/api/v1/users/${id}/status`, headers: who.headers, payload: { status: next } });

    expect((await status(companyAdmin, user.id, 'inactive')).json().data.status).toBe('inactive');
    expect((await inject({ url: '/api/v1/auth/session', headers: session.headers })).statusCode).toBe(401);
    expect((await login(body.email, CHOSEN)).json().error.code).toBe('ACCOUNT_LOCKED');
    expect((await status(companyAdmin, user.id, 'suspended')).json().data.status).toBe('suspended');
    expect((await status(companyAdmin, user.id, 'active')).json().data.status).toBe('active');
    expect((await login(body.email, CHOSEN)).statusCode).toBe(200);

    const refused = await status(companyAdmin, user.id, 'pending_verification');
    expect([refused.statusCode, refused.json().error.reason]).toEqual([409, 'USER__STATUS_TRANSITION_NOT_ALLOWED']);
    const own = await status(companyAdmin, companyAdmin.result.user.id, 'inactive');
    expect([own.statusCode, own.json().error.reason]).toEqual([409, 'USER__CANNOT_CHANGE_OWN_STATUS']);

    const pending = await created(companyAdmin, newUser());
    const token = linkTokenIn((await smtp.nextFor(pending.email)).text, 'invite');
    expect((await status(companyAdmin, pending.id, 'active')).statusCode).toBe(409);
    expect((await status(companyAdmin, pending.id, 'inactive')).statusCode).toBe(200);
    expect((await inject({ url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
    const notPending = await inject({ method: 'POST', url: `/api/v1/users/${pending.id}/invitation`, headers: companyAdmin.headers });
    expect(notPending.json().error.reason).toBe('USER__NO_PENDING_INVITATION');
  });
});

describe('bad input', () => {
  it.each([
    ['a NUL byte in the first name', { firstName: 'Ni\u0000na' }, 'firstName'],
    ['a 1 MB last name', { lastName: 'x'.repeat(1024 * 1024 - 2000) }, 'lastName'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a weak temporary password', { temporaryPassword: 'password' }, 'temporaryPassword'],
    ['an unknown role', { role: 'ROOT' }, 'role'],
    ['a NUL byte in the phone', { phone: '+55\u000011' }, 'phone'],
  ])('answers 400 with the field for %s', async (_case, override, field) => {
    const response = await create(admin, newUser(override));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields as object)).toContain(field);
  });

  it('answers 400 to a NUL byte in the search', async () => {
    expect((await inject({ url: '/api/v1/users?search=a%00b', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('password reset by e-mailed link', () => {
  it('answers alike for unknown e-mails, e-mails a single-use link, and ends every session', async () => {
    const forgot = (email: string) => inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { email } });
    const unknown = await forgot('nobody@nowhere.test');
    const known = await forgot('operator@demo.test');
    expect([unknown.statusCode, unknown.json().message]).toEqual([known.statusCode, known.json().message]);
    expect(known.json().message).toBe('If an account exists for this e-mail, we have sent a link to reset its password.');

    const before = await signInAs(harness.app, 'operator@demo.test');
    const mail = await smtp.nextFor('operator@demo.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Carbonledger password/m);
    const token = linkTokenIn(mail.text, 'reset-password');

    const reset = (newPassword: string) => inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: { token, newPassword } });
    expect((await reset('weak')).statusCode).toBe(400);
    const done = await reset(CHOSEN);
    expect(done.statusCode, done.body).toBe(200);
    expect((await inject({ url: '/api/v1/auth/session', headers: before.headers })).statusCode).toBe(401);
    expect((await login('operator@demo.test', CHOSEN)).statusCode).toBe(200);
    expect((await reset('Another!2345')).json().error.reason).toBe('USER__LINK_USED');
    expect(smtp.received.some((received) => received.to.includes('nobody@nowhere.test'))).toBe(false);
  });
});

describe('the local outbox (no SMTP_URL)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(() => local.close());

  it('keeps the invitation in the recipient language for the tenant administrators to read', async () => {
    const localAdmin = await signInAs(local.app, 'admin@demo.test');
    const response = await local.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: localAdmin.headers,
      payload: newUser({ email: 'ana@customer.test', language: 'pt' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.invitationSent).toBe(true);
    const outbox = await local.app.inject({ url: '/api/v1/mail/outbox', headers: localAdmin.headers });
    const [message] = outbox.json().data as OutboxMessage[];
    expect(message).toMatchObject({ to: 'ana@customer.test', subject: 'Você foi convidado para a Carbonledger', kind: 'invitation' });
    const token = linkTokenIn(message!.text, 'invite');
    expect((await local.app.inject({ url: `/api/v1/invitations/${token}` })).statusCode).toBe(200);

    const officer = await signInAs(local.app, 'companyadmin@demo.test');
    expect((await local.app.inject({ url: '/api/v1/mail/outbox', headers: officer.headers })).statusCode).toBe(403);
  });
});
