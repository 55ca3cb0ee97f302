import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { getBase58Decoder } from '@solana/kit';
import { PROFILE_PHOTO_MAX_BYTES, profilePhotoSchema, profileTexts, type AuthResult } from '@carbonledger/contracts';
import { auditLog, securityEvents, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';

let harness: TestApp;
const inject = (options: InjectOptions) => harness.app.inject(options);

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

/** A multipart body as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function uploadPhoto(who: SignedIn, bytes: Buffer, name = 'me.jpg', type = 'image/jpeg') {
  const body = await multipart(bytes, name, type);
  return inject({ method: 'POST', url: '/api/v1/profile/photo', headers: { ...who.headers, 'content-type': body.contentType }, payload: body.payload });
}

/** A picture of the given size (a gradient, so it is no trivially compressible blank). */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 7) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

async function photoOfUser(email: string) {
  return harness.app.db.asSystem(async (tx) => (await tx.select({ photoCid: users.photoCid }).from(users).where(eq(users.email, email)))[0]!.photoCid);
}

describe('POST /profile/photo', () => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInAs(harness.app, 'operator@demo.test');
  });

  it('takes a JPG, stores it as a 256×256 square without its metadata, and shows it on the user', async () => {
    const jpg = await picture(640, 480)
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const response = await uploadPhoto(operator, jpg);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(profileTexts.photoUpdated);
    const photo = profilePhotoSchema.parse(response.json().data);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 256, height: 256, photoUrl: `/api/v1/files/${photo.cid}` });

    const served = await inject({ url: photo.photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([256, 256, 'jpeg']);
    expect(metadata.exif).toBeUndefined();

    const restored = (
      await inject({
        url: '/api/v1/auth/session',
        headers: { ...operator.headers, 'x-session-id': operator.result.session.sessionId, 'x-session-fingerprint': operator.result.session.fingerprint },
      })
    ).json().data as AuthResult;
    expect(restored.user.photoUrl).toBe(photo.photoUrl);
    expect(await photoOfUser('operator@demo.test')).toBe(photo.cid);
    const [audit] = await harness.app.db.asSystem((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.photo_updated'), eq(auditLog.actorUserId, operator.result.user.id))),
    );
    expect(audit?.details).toMatchObject({ cid: photo.cid, width: 256, height: 256 });
  });

  it('takes a PNG (even one declared as something else) and keeps it a PNG, cropped to the centre square', async () => {
    const png = await picture(300, 900).png().toBuffer();
    const response = await uploadPhoto(operator, png, 'tall.bin', 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
    const photo = profilePhotoSchema.parse(response.json().data);
    const metadata = await sharp((await inject({ url: photo.photoUrl })).rawPayload).metadata();
    expect([photo.contentType, metadata.format, metadata.width, metadata.height]).toEqual(['image/png', 'png', 256, 256]);
  });

  it('refuses GIF, WebP, PDF and SVG with the docs/product.md §5 text, whatever type the browser declared', async () => {
    const gif = await picture(40, 40).gif().toBuffer();
    const webp = await picture(40, 40).webp().toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [
      [gif, 'me.gif'],
      [webp, 'me.webp'],
      [pdf, 'me.pdf'],
      [svg, 'me.svg'],
    ] as const) {
      const response = await uploadPhoto(operator, bytes, name, 'image/jpeg');
      expect(response.statusCode, name).toBe(415);
      expect(response.json()).toMatchObject({
        message: 'Profile photo: JPG or PNG, max 2 MB.',
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', reason: 'PROFILE__PHOTO_TYPE' },
      });
    }
  });

  it('refuses a photo over 2 MB with the same text, and a JPG that does not decode', async () => {
    const large = Buffer.concat([await picture(64, 64).jpeg().toBuffer(), Buffer.alloc(PROFILE_PHOTO_MAX_BYTES)]);
    const tooLarge = await uploadPhoto(operator, large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      message: 'Profile photo: JPG or PNG, max 2 MB.',
      error: { code: 'PAYLOAD_TOO_LARGE', reason: 'PROFILE__PHOTO_TOO_LARGE' },
    });

    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const unreadable = await uploadPhoto(operator, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({
      message: profileTexts.photoUnreadable,
      error: { code: 'VALIDATION_ERROR', reason: 'PROFILE__PHOTO_UNREADABLE' },
    });
  });

  it('refuses a photo that declares enormous dimensions instead of decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_PHOTO_MAX_BYTES);
    const response = await uploadPhoto(operator, bomb, 'bomb.png', 'image/png');
    expect(response.json().error.reason).toBe('PROFILE__PHOTO_UNREADABLE');
  });

  it('needs a signed-in caller with the CSRF token, and a file', async () => {
    const jpg = await picture(32, 32).jpeg().toBuffer();
    const body = await multipart(jpg, 'me.jpg', 'image/jpeg');
    expect(
      (await inject({ method: 'POST', url: '/api/v1/profile/photo', headers: { 'content-type': body.contentType }, payload: body.payload })).statusCode,
    ).toBe(401);
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = operator.headers;
    expect(
      (
        await inject({ method: 'POST', url: '/api/v1/profile/photo', headers: { ...withoutCsrf, 'content-type': body.contentType }, payload: body.payload })
      ).json().error.code,
    ).toBe('CSRF_TOKEN_MISMATCH');
    const json = await inject({ method: 'POST', url: '/api/v1/profile/photo', headers: operator.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('removes the photo: the user is shown with initials again', async () => {
    const removed = await inject({ method: 'DELETE', url: '/api/v1/profile/photo', headers: operator.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(profileTexts.photoRemoved);
    expect(await photoOfUser('operator@demo.test')).toBeNull();
  });
});

describe('PATCH /auth/profile (the profile fields)', () => {
  let finance: SignedIn;
  beforeAll(async () => {
    finance = await signInAs(harness.app, 'finance@demo.test');
  });

  it('saves the docs/product.md §3 User fields', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: finance.headers,
      payload: { jobTitle: 'Treasury lead', department: 'Finance', bio: 'Line one\nLine two', phone: '+351 210 000 000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      jobTitle: 'Treasury lead',
      department: 'Finance',
      bio: 'Line one\nLine two',
      phone: '+351 210 000 000',
      photoUrl: null,
    });
  });

  it('refuses NUL and other control characters with a clear text, never a server error', async () => {
    for (const payload of [{ firstName: 'Fer\u0000nanda' }, { jobTitle: 'Lead\u0007' }, { bio: 'ok\u0000' }]) {
      const response = await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: finance.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const field = Object.keys(payload)[0]!;
      expect(response.json().error.fields[field]).toEqual([expect.stringMatching(/control characters/)]);
    }
  });

  it('refuses a 1 MB text with a 4xx that says what is wrong', async () => {
    const response = await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: finance.headers, payload: { bio: 'x'.repeat(1024 * 1024) } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
    const short = await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: finance.headers, payload: { bio: 'x'.repeat(100_000) } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.bio).toBeDefined();
  });
});

describe('POST /auth/password from the profile', () => {
  it('changes the password with the current one and ends every other session of the user', async () => {
    const here = await signInAs(harness.app, 'hda@demo.test');
    const elsewhere = await signInAs(harness.app, 'hda@demo.test');
    const wrong = await inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: here.headers,
      payload: { currentPassword: 'Nope!2345', newPassword: 'Fresh!Pass99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toEqual(['Current password is incorrect']);
    const weak = await inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: here.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'alllowercase' },
    });
    expect(weak.statusCode).toBe(400);

    const changed = await inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: here.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Fresh!Pass99' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.endedOtherSessions).toBeGreaterThanOrEqual(1);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: elsewhere.headers })).statusCode).toBe(401);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: here.headers })).statusCode).toBe(200);
    await signInAs(harness.app, 'hda@demo.test', { password: 'Fresh!Pass99' });
  });
});

describe('DELETE /profile/wallets/{address}', () => {
  function walletKeys() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const address = getBase58Decoder().decode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
    return { address, sign: (message: string) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64') };
  }

  /** Signs in with the wallet (linking it on the first success), as /login/wallet does. */
  async function walletSignIn(email: string, wallet: ReturnType<typeof walletKeys>): Promise<SignedIn> {
    const ip = nextClientIp();
    const challenge = (
      await inject({ method: 'POST', url: '/api/v1/auth/wallet/challenge', payload: { walletAddress: wallet.address }, headers: { 'x-forwarded-for': ip } })
    ).json().data as { message: string };
    const response = await inject({
      method: 'POST',
      url: '/api/v1/auth/wallet/session',
      headers: { 'x-forwarded-for': ip },
      payload: { email, password: DEMO_PASSWORD, walletAddress: wallet.address, message: challenge.message, signature: wallet.sign(challenge.message) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as AuthResult;
    return {
      result,
      token: result.tokens.accessToken,
      csrf: String(response.headers['x-csrf-token']),
      headers: { authorization: `Bearer ${result.tokens.accessToken}`, 'x-csrf-token': String(response.headers['x-csrf-token']) },
    };
  }

  it("unlinks the wallet and ends the other sessions a wallet sign-in opened; the caller's own and password sessions stay", async () => {
    const wallet = walletKeys();
    const byWallet = await walletSignIn('cso@demo.test', wallet);
    const byPassword = await signInAs(harness.app, 'cso@demo.test');
    const here = await signInAs(harness.app, 'cso@demo.test');
    const listed = (await inject({ url: '/api/v1/auth/wallet/list', headers: here.headers })).json().data as Array<{ walletAddress: string }>;
    expect(listed.map((link) => link.walletAddress)).toContain(wallet.address);

    const response = await inject({ method: 'DELETE', url: `/api/v1/profile/wallets/${wallet.address}`, headers: here.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: profileTexts.walletUnlinked, data: { walletAddress: wallet.address, endedSessions: 1 } });
    expect((await inject({ url: '/api/v1/auth/wallet/list', headers: here.headers })).json().data).toEqual([]);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: byWallet.headers })).statusCode).toBe(401);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: byPassword.headers })).statusCode).toBe(200);
    expect((await inject({ url: '/api/v1/sessions/mine', headers: here.headers })).statusCode).toBe(200);

    const [ended] = await harness.app.db.asSystem((tx) => tx.select().from(sessions).where(eq(sessions.id, byWallet.result.session.sessionId)));
    expect(ended?.revokeReason).toBe('wallet unlinked');
    const events = await harness.app.db.asSystem((tx) => tx.select().from(securityEvents).where(eq(securityEvents.type, 'wallet_unlinked')));
    expect(events.map((event) => event.details.walletAddress)).toContain(wallet.address);
  });

  it("answers 404 for a wallet that is not the caller's, and leaves its owner's link alone", async () => {
    const wallet = walletKeys();
    await walletSignIn('companyadmin@demo.test', wallet);
    const other = await signInAs(harness.app, 'viewer@demo.test');
    const response = await inject({ method: 'DELETE', url: `/api/v1/profile/wallets/${wallet.address}`, headers: other.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: profileTexts.walletNotLinked, error: { code: 'NOT_FOUND', reason: 'PROFILE__WALLET_NOT_LINKED' } });
    const owner = await signInAs(harness.app, 'companyadmin@demo.test');
    expect(
      ((await inject({ url: '/api/v1/auth/wallet/list', headers: owner.headers })).json().data as Array<{ walletAddress: string }>).map(
        (link) => link.walletAddress,
      ),
    ).toContain(wallet.address);
    expect((await inject({ method: 'DELETE', url: '/api/v1/profile/wallets/not-an-address', headers: owner.headers })).statusCode).toBe(400);
  });
});
