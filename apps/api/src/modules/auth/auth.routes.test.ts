import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { getBase58Decoder } from '@solana/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { companies, linkedWallets, securityAlerts, securityEvents, sessions, userCredentials, users, walletChallenges } from '../../db/schema';
import { DEMO_PASSWORD, nextClientIp, signInAs, type SignedIn } from './auth.testing';
import { LOCKOUT } from './auth.service';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);

function login(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'x-forwarded-for': nextClientIp(), ...headers } });
}

async function userIdOf(email: string): Promise<string> {
  return harness.app.db.asSystem(async (tx) => (await tx.select().from(users).where(eq(users.email, email)))[0]!.id);
}

function walletKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const address = getBase58Decoder().decode(raw);
  return { address, sign: (message: string) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64') };
}

async function challengeFor(address: string) {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/auth/wallet/challenge',
    payload: { walletAddress: address },
    headers: { 'x-forwarded-for': nextClientIp() },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { message: string; nonce: string; issuedAt: string; expiresAt: string };
}

describe('POST /auth/login', () => {
  it('signs in with the specified answer: user, company, tenant, tokens and session', async () => {
    const response = await login({ email: 'admin@demo.test', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Successfully signed in' });
    expect(body.data.user).toMatchObject({ email: 'admin@demo.test', role: 'ADMIN', mfaEnabled: false });
    expect(body.data.company).toMatchObject({ name: 'Carbonledger Platform', isPlatform: true });
    expect(body.data.tenant.name).toBe('Demo');
    expect(body.data.tokens.expiresIn).toBe(900);
    expect(body.data.tokens.accessToken.split('.')).toHaveLength(3);
    expect(body.data.session.permissions).toContain('wallets:approve');
    expect(body.data.session.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(response.headers['x-csrf-token']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers an unknown e-mail and a wrong password with the same 401 text', async () => {
    for (const payload of [
      { email: 'nobody@demo.test', password: DEMO_PASSWORD },
      { email: 'manager@demo.test', password: 'Wrong!2345' },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: 'Invalid email or password', error: { code: 'INVALID_CREDENTIALS' } });
    }
  });

  it('reports the docs/product.md §5 field texts for bad input', async () => {
    const fields = async (payload: Record<string, unknown>) => (await login(payload)).json().error.fields;
    expect((await fields({ email: '', password: DEMO_PASSWORD })).email).toEqual(['Email is required']);
    expect((await fields({ email: 'not-an-email', password: DEMO_PASSWORD })).email).toEqual(['Invalid email address']);
    expect((await fields({ email: 'a@b.test', password: '' })).password).toContain('Password is required');
    expect((await fields({ email: 'a@b.test', password: 'short' })).password).toEqual(['Password must be at least 8 characters']);
    expect((await fields({ email: 'a@b.test', password: DEMO_PASSWORD, mfaToken: '12a' })).mfaToken).toEqual(['MFA token must be 6 digits']);
    expect((await login({ email: 'a@b.test', password: DEMO_PASSWORD, mfaToken: '' })).json().error.fields.mfaToken).toContain('MFA token is required');
  });

  it('lets nobody lock an account with wrong passwords from rotating IPs: the owner still signs in', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login({ email: 'operator@demo.test', password: 'Wrong!2345' })).json().error.code).toBe('INVALID_CREDENTIALS');
    }
    expect((await login({ email: 'operator@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('makes one IP wait after five failures for an e-mail, known or unknown alike; other IPs are not slowed', async () => {
    const attempts = async (email: string, ip: string) => {
      const answers = [];
      for (let attempt = 1; attempt <= 5; attempt++)
        answers.push((await login({ email, password: 'Wrong!2345' }, { 'x-forwarded-for': ip })).json().error.code);
      const sixth = await login({ email, password: DEMO_PASSWORD }, { 'x-forwarded-for': ip });
      return { answers, sixth: { status: sixth.statusCode, code: sixth.json().error.code, message: sixth.json().message } };
    };
    const known = await attempts('manager@demo.test', '203.0.113.21');
    const unknown = await attempts('nobody-here@demo.test', '203.0.113.22');
    expect(known).toEqual(unknown);
    expect(known.sixth).toEqual({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
    expect((await login({ email: 'manager@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it(`locks only after ${LOCKOUT.maxFailures} failures, then answers like an unknown e-mail until an administrator unlocks from the locked-accounts list`, async () => {
    const email = 'operator@demo.test';
    for (let attempt = 1; attempt <= LOCKOUT.maxFailures; attempt++) {
      expect((await login({ email, password: 'Wrong!2345' })).json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const answerOf = async (payload: Record<string, unknown>) => {
      const response = await login(payload);
      const { requestId: _r, traceId: _t, timestamp: _ts, ...body } = response.json();
      return { status: response.statusCode, body };
    };
    const locked = await answerOf({ email, password: DEMO_PASSWORD });
    expect(locked).toEqual(await answerOf({ email: 'nobody@demo.test', password: DEMO_PASSWORD }));
    expect(locked).toMatchObject({ status: 401, body: { message: 'Invalid email or password', error: { code: 'INVALID_CREDENTIALS' } } });

    const operatorId = await userIdOf(email);
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const list = await inject({ url: '/api/v1/security/locked-accounts', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        userId: operatorId,
        email,
        name: expect.any(String),
        companyName: 'Verde Energia S.A.',
        lockedUntil: expect.any(String),
        consecutiveFailures: LOCKOUT.maxFailures,
      },
    ]);
    const companyOfficer = await signInAs(harness.app, 'cso@demo.test');
    expect(
      (await inject({ url: '/api/v1/security/locked-accounts', headers: companyOfficer.headers })).json().data.map((row: { email: string }) => row.email),
    ).toEqual([email]);
    const viewer = await signInAs(harness.app, 'viewer@demo.test');
    expect((await inject({ url: '/api/v1/security/locked-accounts', headers: viewer.headers })).statusCode).toBe(403);
    const refused = await inject({ method: 'POST', url: `/api/v1/users/${operatorId}/unlock`, headers: viewer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Insufficient permissions.');

    const unlocked = await inject({ method: 'POST', url: `/api/v1/users/${operatorId}/unlock`, headers: admin.headers });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data).toMatchObject({ userId: operatorId, lockedUntil: null });
    expect((await login({ email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await inject({ url: '/api/v1/security/locked-accounts', headers: admin.headers })).json().data).toEqual([]);

    const recorded = await harness.app.db.asSystem((tx) => tx.select().from(securityEvents).where(eq(securityEvents.userId, operatorId)));
    expect(recorded.map((event) => event.type)).toEqual(expect.arrayContaining(['login_failed', 'account_locked', 'account_unlocked', 'login_succeeded']));
    const alerts = await harness.app.db.asSystem((tx) => tx.select().from(securityAlerts).where(eq(securityAlerts.userId, operatorId)));
    expect(alerts.map((alert) => alert.title)).toContain('Account locked');
  });

  it('unlocks by time: after the lock runs out the password works and the failure count starts again', async () => {
    const email = 'cso@demo.test';
    const userId = await userIdOf(email);
    const lockFor = (until: Date) =>
      harness.app.db.asSystem((tx) =>
        tx.update(userCredentials).set({ lockedUntil: until, failedLoginCount: LOCKOUT.maxFailures }).where(eq(userCredentials.userId, userId)),
      );
    await signInAs(harness.app, email);
    await lockFor(new Date(Date.now() + 60_000));
    expect((await login({ email, password: DEMO_PASSWORD })).json().error.code).toBe('INVALID_CREDENTIALS');
    await lockFor(new Date(Date.now() - 1000));
    expect((await login({ email, password: 'Wrong!2345' })).json().error.code).toBe('INVALID_CREDENTIALS');
    const [credentials] = await harness.app.db.asSystem((tx) => tx.select().from(userCredentials).where(eq(userCredentials.userId, userId)));
    expect(credentials!.failedLoginCount).toBe(1);
    expect((await login({ email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('records a new-device sign-in when a known user arrives with another browser', async () => {
    await signInAs(harness.app, 'hda@demo.test', { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/131.0' } });
    await signInAs(harness.app, 'hda@demo.test', { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Mac OS X 14_0) Safari/605.1.15' } });
    const userId = await userIdOf('hda@demo.test');
    const events = await harness.app.db.asSystem((tx) => tx.select().from(securityEvents).where(eq(securityEvents.userId, userId)));
    expect(events.filter((event) => event.type === 'new_device_login').map((event) => event.details.device)).toContain('Safari on macOS');
  });

  it("refuses users of a company whose KYC was rejected, but not the platform's administrators", async () => {
    const customer = await harness.app.db.asSystem(async (tx) => (await tx.select().from(companies).where(eq(companies.name, 'Verde Energia S.A.')))[0]!);
    await harness.app.db.asSystem((tx) => tx.update(companies).set({ kycStatus: 'rejected' }).where(eq(companies.id, customer.id)));
    try {
      const refused = await login({ email: 'companyadmin@demo.test', password: DEMO_PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'KYC verification required before login', error: { code: 'KYC_REQUIRED' } });
      expect((await login({ email: 'admin@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
    } finally {
      await harness.app.db.asSystem((tx) => tx.update(companies).set({ kycStatus: customer.kycStatus }).where(eq(companies.id, customer.id)));
    }
  });

  it('answers 429 in the envelope when one IP tries too often', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    // A different e-mail each time: the per-e-mail delays are another test's subject.
    for (let i = 0; i < 21; i++) statuses.push((await login({ email: `nobody${i}@demo.test`, password: 'Wrong!2345' }, headers)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    const limited = await login({ email: 'nobody@demo.test', password: 'Wrong!2345' }, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });

  it('raises an alert when a user signs in from a new country', async () => {
    await signInAs(harness.app, 'hda@demo.test', { headers: { 'cf-ipcountry': 'BR' } });
    await signInAs(harness.app, 'hda@demo.test', { headers: { 'cf-ipcountry': 'KP' } });
    const alerts = await harness.app.db.asSystem((tx) => tx.select().from(securityAlerts).where(eq(securityAlerts.kind, 'new_country')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Sign-in from a new country', severity: 'high' });
  });
});

describe('MFA', () => {
  it('enrols with a QR code, then requires the 6-digit code at sign-in; recovery codes work once', async () => {
    const finance = await signInAs(harness.app, 'finance@demo.test');
    const unstarted = await inject({ method: 'POST', url: '/api/v1/auth/mfa/confirm', headers: finance.headers, payload: { code: '123456' } });
    expect(unstarted.statusCode).toBe(409);
    expect(unstarted.json().error).toMatchObject({ code: 'CONFLICT', reason: 'AUTH__MFA_ENROLMENT_NOT_STARTED' });
    const notEnabled = await inject({ method: 'POST', url: '/api/v1/auth/mfa/disable', headers: finance.headers, payload: { code: '123456' } });
    expect(notEnabled.json().error).toMatchObject({ code: 'CONFLICT', reason: 'AUTH__MFA_NOT_ENABLED' });
    const enrol = await inject({ method: 'POST', url: '/api/v1/auth/mfa/enroll', headers: finance.headers });
    expect(enrol.statusCode).toBe(200);
    const { otpauthUrl, qrCodeDataUrl, secret } = enrol.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/confirm',
      headers: finance.headers,
      payload: { code: '000000' === (await generate({ secret })) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toEqual(['Invalid verification code']);
    const badFormat = await inject({ method: 'POST', url: '/api/v1/auth/mfa/confirm', headers: finance.headers, payload: { code: '12' } });
    expect(badFormat.json().error.fields.code).toEqual(['Enter the 6-digit code']);

    const confirmed = await inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/confirm',
      headers: finance.headers,
      payload: { code: await generate({ secret }) },
    });
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes: string[] = confirmed.json().data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    const enrolAgain = await inject({ method: 'POST', url: '/api/v1/auth/mfa/enroll', headers: finance.headers });
    expect(enrolAgain.statusCode).toBe(409);
    expect(enrolAgain.json()).toMatchObject({
      message: 'Multi-factor authentication is already enabled',
      error: { code: 'CONFLICT', reason: 'AUTH__MFA_ALREADY_ENABLED' },
    });
    const [stored] = await harness.app.db.asSystem((tx) => tx.select().from(userCredentials).where(eq(userCredentials.userId, finance.result.user.id)));
    expect(stored!.mfaSecret).not.toContain(secret);
    expect(stored!.recoveryCodeHashes).not.toContain(recoveryCodes[0]);

    const withoutCode = await login({ email: 'finance@demo.test', password: DEMO_PASSWORD });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ message: 'Multi-factor authentication required', error: { code: 'MFA_REQUIRED' } });
    const wrongCode = await login({
      email: 'finance@demo.test',
      password: DEMO_PASSWORD,
      mfaToken: '000000' === (await generate({ secret })) ? '111111' : '000000',
    });
    expect(wrongCode.json().error.code).toBe('INVALID_MFA_TOKEN');

    const nextPeriodCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const withCode = await signInAs(harness.app, 'finance@demo.test', { mfaToken: nextPeriodCode });
    expect(withCode.result.user.mfaEnabled).toBe(true);
    const replayed = await login({ email: 'finance@demo.test', password: DEMO_PASSWORD, mfaToken: nextPeriodCode });
    expect(replayed.json()).toMatchObject({ message: 'Invalid MFA token', error: { code: 'INVALID_MFA_TOKEN' } });

    expect((await login({ email: 'finance@demo.test', password: DEMO_PASSWORD, recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await login({ email: 'finance@demo.test', password: DEMO_PASSWORD, recoveryCode: recoveryCodes[0] })).json().error.code).toBe('INVALID_MFA_TOKEN');

    expect((await inject({ method: 'POST', url: '/api/v1/auth/mfa/disable', headers: withCode.headers, payload: { code: nextPeriodCode } })).statusCode).toBe(
      400,
    );
    // As if the next period had come: a code the user has not used yet.
    await harness.app.db.asSystem((tx) => tx.update(userCredentials).set({ mfaLastTimeStep: null }).where(eq(userCredentials.userId, finance.result.user.id)));
    const disabled = await inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/disable',
      headers: withCode.headers,
      payload: { code: await generate({ secret }) },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await login({ email: 'finance@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
    const alerts = await harness.app.db.asSystem((tx) => tx.select().from(securityAlerts).where(eq(securityAlerts.kind, 'mfa_disabled')));
    expect(alerts[0]?.title).toBe('Multi-factor authentication disabled');
  });
});

describe('sessions, refresh and CSRF', () => {
  let manager: SignedIn;
  beforeAll(async () => {
    manager = await signInAs(harness.app, 'manager@demo.test');
  });

  it('refuses requests without a token or with a forged one', async () => {
    const none = await inject({ url: '/api/v1/auth/csrf-token' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const forged = await inject({ url: '/api/v1/auth/csrf-token', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.', error: { code: 'SESSION_EXPIRED' } });
  });

  it('hands out the session CSRF token and requires it on state-changing requests', async () => {
    const token = await inject({ url: '/api/v1/auth/csrf-token', headers: { authorization: manager.headers.authorization! } });
    expect(token.json().data.token).toBe(manager.csrf);
    expect(token.headers['x-csrf-token']).toBe(manager.csrf);

    const missing = await inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: { authorization: manager.headers.authorization! },
      payload: { jobTitle: 'Lead' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ message: 'CSRF token validation failed', error: { code: 'CSRF_TOKEN_MISMATCH' } });
    const wrong = await inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: { ...manager.headers, 'x-csrf-token': 'f'.repeat(32) },
      payload: { jobTitle: 'Lead' },
    });
    expect(wrong.statusCode).toBe(403);

    const updated = await inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: manager.headers,
      payload: { jobTitle: 'Portfolio Lead', phone: '+55 11 5555-0000' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ jobTitle: 'Portfolio Lead', phone: '+55 11 5555-0000', email: 'manager@demo.test' });
    const unknownField = await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: manager.headers, payload: { role: 'SUPER_ADMIN' } });
    expect(unknownField.statusCode).toBe(400);
  });

  it('restores a session with its id and fingerprint, and revokes it on a different fingerprint', async () => {
    const someone = await signInAs(harness.app, 'cso@demo.test');
    const restoreHeaders = { authorization: someone.headers.authorization!, 'x-session-id': someone.result.session.sessionId };
    const restored = await inject({ url: '/api/v1/auth/session', headers: { ...restoreHeaders, 'x-session-fingerprint': someone.result.session.fingerprint } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ user: { email: 'cso@demo.test' }, session: { sessionId: someone.result.session.sessionId } });

    const stolen = await inject({ url: '/api/v1/auth/session', headers: { ...restoreHeaders, 'x-session-fingerprint': 'elsewhere' } });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toMatchObject({ message: 'Session validation failed', error: { code: 'SESSION_VALIDATION_FAILED' } });
    expect((await inject({ url: '/api/v1/auth/csrf-token', headers: restoreHeaders })).statusCode).toBe(401);
  });

  it('rotates on refresh: the new token works, the old one and its CSRF token do not', async () => {
    const before = await signInAs(harness.app, 'manager@demo.test');
    const refreshed = await inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { authorization: before.headers.authorization! } });
    expect(refreshed.statusCode).toBe(200);
    const data = refreshed.json().data;
    expect(data.session.sessionId).toBe(before.result.session.sessionId);
    expect(data.tokens.accessToken).not.toBe(before.token);
    const newCsrf = String(refreshed.headers['x-csrf-token']);
    expect(newCsrf).toMatch(/^[0-9a-f]{32}$/);
    expect(newCsrf).not.toBe(before.csrf);

    const old = await inject({ url: '/api/v1/auth/csrf-token', headers: { authorization: before.headers.authorization! } });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('SESSION_EXPIRED');
    const fresh = { authorization: `Bearer ${data.tokens.accessToken}` };
    expect((await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: { ...fresh, 'x-csrf-token': before.csrf }, payload: {} })).statusCode).toBe(
      403,
    );
    expect((await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: { ...fresh, 'x-csrf-token': newCsrf }, payload: {} })).statusCode).toBe(200);
  });

  it('logout revokes the session at once', async () => {
    const session = await signInAs(harness.app, 'manager@demo.test');
    expect((await inject({ method: 'POST', url: '/api/v1/auth/logout', headers: session.headers })).statusCode).toBe(200);
    const next = await inject({ url: '/api/v1/auth/wallet/list', headers: session.headers });
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('ends a session that was idle longer than the idle timeout', async () => {
    const session = await signInAs(harness.app, 'manager@demo.test');
    await harness.app.db.asSystem((tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(sessions.id, session.result.session.sessionId)),
    );
    expect((await inject({ url: '/api/v1/auth/wallet/list', headers: session.headers })).json().error.code).toBe('SESSION_EXPIRED');
  });

  it('ends a session past its absolute lifetime even while it is in use', async () => {
    const session = await signInAs(harness.app, 'manager@demo.test');
    const expiresAt = Date.now() + 5000;
    await harness.app.db.asSystem((tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(expiresAt) })
        .where(eq(sessions.id, session.result.session.sessionId)),
    );
    expect((await inject({ url: '/api/v1/auth/wallet/list', headers: session.headers })).statusCode).toBe(200);
    // The clock passes the end while the process still holds a copy of the session from the request just before.
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 1000 });
    try {
      expect((await inject({ url: '/api/v1/auth/wallet/list', headers: session.headers })).json().error.code).toBe('SESSION_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('disabling a user ends all of their sessions', async () => {
    const first = await signInAs(harness.app, 'companyadmin@demo.test');
    const second = await signInAs(harness.app, 'companyadmin@demo.test');
    const admin = await signInAs(harness.app, 'superadmin@demo.test');
    const own = await inject({ method: 'POST', url: `/api/v1/users/${admin.result.user.id}/disable`, headers: admin.headers });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatchObject({ code: 'CONFLICT', reason: 'AUTH__CANNOT_DISABLE_SELF' });
    const userId = first.result.user.id;
    const disabled = await inject({ method: 'POST', url: `/api/v1/users/${userId}/disable`, headers: admin.headers });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ status: 'suspended', revokedSessions: 2 });
    for (const session of [first, second]) expect((await inject({ url: '/api/v1/auth/wallet/list', headers: session.headers })).statusCode).toBe(401);
    expect((await login({ email: 'companyadmin@demo.test', password: DEMO_PASSWORD })).json().error.code).toBe('ACCOUNT_LOCKED');
    await harness.app.db.asSystem((tx) => tx.update(users).set({ status: 'active' }).where(eq(users.id, userId)));
  });
});

describe('wallet sign-in (Sign-In-With-Solana)', () => {
  it('issues a message with domain, nonce, issue time and expiry', async () => {
    const wallet = walletKeys();
    const challenge = await challengeFor(wallet.address);
    expect(challenge.message).toContain(`wants you to sign in with your Solana account:\n${wallet.address}`);
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    expect(challenge.message).toContain(`Issued At: ${challenge.issuedAt}`);
    expect(challenge.message).toContain(`Expiration Time: ${challenge.expiresAt}`);
    const invalid = await inject({ method: 'POST', url: '/api/v1/auth/wallet/challenge', payload: { walletAddress: 'not-base58-0OIl' } });
    expect(invalid.json().error.fields.walletAddress).toEqual(['Invalid wallet address']);
  });

  it('signs in with a real ed25519 signature plus e-mail and password, and refuses a replay', async () => {
    const wallet = walletKeys();
    const challenge = await challengeFor(wallet.address);
    const payload = {
      email: 'hda@demo.test',
      password: DEMO_PASSWORD,
      walletAddress: wallet.address,
      message: challenge.message,
      signature: wallet.sign(challenge.message),
    };
    const response = await inject({ method: 'POST', url: '/api/v1/auth/wallet/session', payload, headers: { 'x-forwarded-for': nextClientIp() } });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.wallet.address).toBe(wallet.address);
    expect(data.access_token).toBe(data.tokens.accessToken);
    expect(data.user.email).toBe('hda@demo.test');

    const replay = await inject({ method: 'POST', url: '/api/v1/auth/wallet/session', payload, headers: { 'x-forwarded-for': nextClientIp() } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: { code: 'WALLET_AUTH_FAILED' }, message: 'This sign-in message was already used. Please sign again.' });

    const list = await inject({ url: '/api/v1/auth/wallet/list', headers: { authorization: `Bearer ${data.access_token}` } });
    expect(list.json().data.map((linked: { walletAddress: string }) => linked.walletAddress)).toEqual([wallet.address]);
  });

  it('asks a user with MFA on for the code, and links no wallet before it is given', async () => {
    const operator = await signInAs(harness.app, 'operator@demo.test');
    const { secret } = (await inject({ method: 'POST', url: '/api/v1/auth/mfa/enroll', headers: operator.headers })).json().data;
    const confirmed = await inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/confirm',
      headers: operator.headers,
      payload: { code: await generate({ secret }) },
    });
    const recoveryCodes: string[] = confirmed.json().data.recoveryCodes;

    const wallet = walletKeys();
    const challenge = await challengeFor(wallet.address);
    const signedWith = (extra: Record<string, string>) =>
      inject({
        method: 'POST',
        url: '/api/v1/auth/wallet/session',
        payload: {
          email: 'operator@demo.test',
          password: DEMO_PASSWORD,
          walletAddress: wallet.address,
          message: challenge.message,
          signature: wallet.sign(challenge.message),
          ...extra,
        },
        headers: { 'x-forwarded-for': nextClientIp() },
      });
    const linked = () => harness.app.db.asSystem((tx) => tx.select().from(linkedWallets).where(eq(linkedWallets.walletAddress, wallet.address)));

    const withoutCode = await signedWith({});
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ message: 'Multi-factor authentication required', error: { code: 'MFA_REQUIRED' } });
    const wrongCode = await signedWith({ mfaToken: '000000' === (await generate({ secret })) ? '111111' : '000000' });
    expect(wrongCode.json()).toMatchObject({ message: 'Invalid MFA token', error: { code: 'INVALID_MFA_TOKEN' } });
    expect(await linked()).toEqual([]);

    // The same signed message goes again with the code: the wallet is not asked twice.
    const withCode = await signedWith({ mfaToken: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().data.user.email).toBe('operator@demo.test');
    expect((await linked()).map((row) => row.userId)).toEqual([operator.result.user.id]);
    expect((await signedWith({ recoveryCode: recoveryCodes[0]! })).json().message).toBe('This sign-in message was already used. Please sign again.');

    const again = await challengeFor(wallet.address);
    const byRecoveryCode = await inject({
      method: 'POST',
      url: '/api/v1/auth/wallet/session',
      payload: {
        email: 'operator@demo.test',
        password: DEMO_PASSWORD,
        walletAddress: wallet.address,
        message: again.message,
        signature: wallet.sign(again.message),
        recoveryCode: recoveryCodes[0],
      },
      headers: { 'x-forwarded-for': nextClientIp() },
    });
    expect(byRecoveryCode.statusCode, byRecoveryCode.body).toBe(200);
  });

  it('refuses expired messages, bad signatures, wrong passwords and wallets of another user', async () => {
    const wallet = walletKeys();
    const attempt = async (message: string, signature: string, email = 'hda@demo.test', password = DEMO_PASSWORD) =>
      (
        await inject({
          method: 'POST',
          url: '/api/v1/auth/wallet/session',
          payload: { email, password, walletAddress: wallet.address, message, signature },
          headers: { 'x-forwarded-for': nextClientIp() },
        })
      ).json();

    const expired = await challengeFor(wallet.address);
    await harness.app.db.asSystem((tx) =>
      tx
        .update(walletChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(walletChallenges.nonce, expired.nonce)),
    );
    expect((await attempt(expired.message, wallet.sign(expired.message))).message).toBe('This sign-in message has expired. Please sign again.');

    const forged = await challengeFor(wallet.address);
    expect((await attempt(forged.message, walletKeys().sign(forged.message))).message).toBe('The wallet signature is invalid.');
    const tampered = forged.message.replace('Sign in to Carbonledger.', 'Transfer everything.');
    expect((await attempt(tampered, wallet.sign(tampered))).message).toBe('The signed message was not issued for this wallet. Please sign in again.');

    const wrongPassword = await challengeFor(wallet.address);
    expect((await attempt(wrongPassword.message, wallet.sign(wrongPassword.message), 'hda@demo.test', 'Wrong!2345')).message).toBe('Invalid email or password');

    const owned = await challengeFor(wallet.address);
    expect((await attempt(owned.message, wallet.sign(owned.message), 'superadmin@demo.test')).success).toBe(true);
    const other = await challengeFor(wallet.address);
    expect((await attempt(other.message, wallet.sign(other.message), 'admin@demo.test')).message).toBe('This wallet is linked to another account.');
  });

  it('links a further wallet to the signed-in user by a signed challenge', async () => {
    const session = await signInAs(harness.app, 'superadmin@demo.test');
    const wallet = walletKeys();
    const challenge = await challengeFor(wallet.address);
    const link = await inject({
      method: 'POST',
      url: '/api/v1/auth/wallet/link',
      headers: session.headers,
      payload: { walletAddress: wallet.address, walletType: 'phantom', message: challenge.message, signature: wallet.sign(challenge.message) },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data).toMatchObject({ walletAddress: wallet.address, walletType: 'phantom' });
    const again = await inject({
      method: 'POST',
      url: '/api/v1/auth/wallet/link',
      headers: session.headers,
      payload: { walletAddress: wallet.address, walletType: 'phantom', message: challenge.message, signature: wallet.sign(challenge.message) },
    });
    expect(again.json()).toMatchObject({ error: { code: 'WALLET_LINK_FAILED' }, message: 'This sign-in message was already used. Please sign again.' });
  });
});

describe('public endpoints', () => {
  it('GET /realtime/config answers without credentials', async () => {
    const response = await inject({ url: '/api/v1/realtime/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ path: '/socket.io', namespace: '/realtime', guestNamespace: '/guest' });
  });

  it('POST /logs/frontend-error accepts a report from a signed-out page and validates it', async () => {
    const accepted = await inject({
      method: 'POST',
      url: '/api/v1/logs/frontend-error',
      payload: { name: 'TypeError', message: 'x is undefined', stack: 'at App', context: { route: '/dashboard' } },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ received: true });
    expect((await inject({ method: 'POST', url: '/api/v1/logs/frontend-error', payload: { message: 'no name' } })).statusCode).toBe(400);
  });
});

describe('POST /auth/password', () => {
  it('applies the docs/product.md §5 rule, checks the current password and ends the other sessions', async () => {
    const [existing] = await harness.app.db.asSystem((tx) => tx.select().from(users).where(eq(users.email, 'viewer@demo.test')));
    await harness.app.db.asSystem((tx) =>
      tx.insert(users).values({
        tenantId: existing!.tenantId,
        companyId: existing!.companyId,
        email: 'rotator@demo.test',
        passwordHash: existing!.passwordHash,
        role: 'VIEWER',
        firstName: 'Rita',
        lastName: 'Rotator',
      }),
    );
    const current = await signInAs(harness.app, 'rotator@demo.test');
    const other = await signInAs(harness.app, 'rotator@demo.test');
    const change = (payload: Record<string, string>) => inject({ method: 'POST', url: '/api/v1/auth/password', headers: current.headers, payload });

    const weak = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'alllowercase1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toEqual(['Password must contain an upper-case letter']);
    expect((await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Short1!' })).json().error.fields.newPassword).toContain(
      'Password must be at least 8 characters',
    );
    const wrongCurrent = await change({ currentPassword: 'Wrong!2345', newPassword: 'Fresh!Pass9' });
    expect(wrongCurrent.json().error.fields.currentPassword).toEqual(['Current password is incorrect']);

    const changed = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Fresh!Pass9' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ endedOtherSessions: 1 });
    expect((await inject({ url: '/api/v1/auth/wallet/list', headers: other.headers })).statusCode).toBe(401);
    expect((await inject({ url: '/api/v1/auth/wallet/list', headers: current.headers })).statusCode).toBe(200);
    expect((await login({ email: 'rotator@demo.test', password: DEMO_PASSWORD })).json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await login({ email: 'rotator@demo.test', password: 'Fresh!Pass9' })).statusCode).toBe(200);
  });
});
