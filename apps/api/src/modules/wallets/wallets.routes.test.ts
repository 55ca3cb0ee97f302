import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateKeyPairSigner, getUtf8Encoder, signBytes } from '@solana/kit';
import { SERVER_EVENTS, walletTexts, type CompanyWallet } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/database';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { decide, registerNewWallet, registerWith, signedOwnershipProof } from './wallets.testing';

let harness: TestApp;
let companyAdmin: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;
let otherTenant: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  const other = await createRegistryTenant(harness.app.db, 'wallets-b');
  otherTenant = await signInAs(harness.app, other.email);
});
afterAll(() => harness.close());

const list = (who: SignedIn, query = '') => harness.app.inject({ url: `/api/v1/wallets${query}`, headers: who.headers });

describe('registering an external wallet', () => {
  it('registers a wallet that signed the ownership message as pending, with the specified text', async () => {
    const key = await generateKeyPairSigner();
    const proof = await signedOwnershipProof(harness.app, companyAdmin, key);
    expect(proof.message).toContain(`Wallet: ${key.address}`);
    // The company's name ends with its own period: the sentence does not get a second one.
    expect(proof.message).toContain('I control this wallet and register it for Verde Energia S.A.\n');
    const response = await registerWith(harness.app, companyAdmin, { ...proof, name: 'Treasury', provider: 'phantom' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(walletTexts.registered);
    expect(response.json().data).toMatchObject({
      address: key.address,
      name: 'Treasury',
      type: 'external',
      provider: 'phantom',
      status: 'pending',
      operational: false,
      approvedBy: null,
      companyName: 'Verde Energia S.A.',
    });
    const listed = (await list(companyAdmin)).json().data as CompanyWallet[];
    expect(listed.map((wallet) => wallet.address)).toContain(key.address);
  });

  it('answers "already pending" for the same address again instead of a duplicate', async () => {
    const { key } = await registerNewWallet(harness.app, companyAdmin);
    const again = await registerWith(harness.app, companyAdmin, { ...(await signedOwnershipProof(harness.app, companyAdmin, key)), provider: 'phantom' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(walletTexts.alreadyPending);
    const listed = (await list(companyAdmin)).json().data as CompanyWallet[];
    expect(listed.filter((wallet) => wallet.address === key.address)).toHaveLength(1);
  });

  it('refuses a replayed message, a signature by another key and an expired message', async () => {
    const key = await generateKeyPairSigner();
    const proof = await signedOwnershipProof(harness.app, companyAdmin, key);
    expect((await registerWith(harness.app, companyAdmin, { ...proof, provider: 'solflare' })).statusCode).toBe(201);
    const replay = await registerWith(harness.app, companyAdmin, { ...proof, provider: 'solflare' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: { code: 'WALLET_REGISTRATION_FAILED' }, message: walletTexts.challengeUsed });

    const victim = await generateKeyPairSigner();
    const impostor = await generateKeyPairSigner();
    const victimProof = await signedOwnershipProof(harness.app, companyAdmin, victim);
    const forged = Buffer.from(await signBytes(impostor.keyPair.privateKey, getUtf8Encoder().encode(victimProof.message))).toString('base64');
    const wrongKey = await registerWith(harness.app, companyAdmin, { ...victimProof, signature: forged, provider: 'phantom' });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().message).toBe(walletTexts.invalidSignature);

    const late = await generateKeyPairSigner();
    const lateProof = await signedOwnershipProof(harness.app, companyAdmin, late);
    await harness.app.db.asSystem((tx) =>
      tx.execute(sql`update wallet_ownership_challenges set expires_at = now() - interval '1 second' where address = ${late.address}`),
    );
    const expired = await registerWith(harness.app, companyAdmin, { ...lateProof, provider: 'phantom' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(walletTexts.challengeExpired);

    const otherAddress = await registerWith(harness.app, companyAdmin, { ...lateProof, address: impostor.address, provider: 'phantom' });
    expect(otherAddress.json().message).toBe(walletTexts.challengeMismatch);
  });

  it('refuses a previously rejected wallet, and an address held by another company or tenant without naming it', async () => {
    const { key, wallet } = await registerNewWallet(harness.app, companyAdmin);
    expect((await decide(harness.app, admin, wallet.id, 'reject', 'Unknown custody')).statusCode).toBe(200);
    const again = await registerWith(harness.app, companyAdmin, { ...(await signedOwnershipProof(harness.app, companyAdmin, key)), provider: 'phantom' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(walletTexts.previouslyRejected);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', reason: 'WALLET__PREVIOUSLY_REJECTED' });

    const taken = await registerNewWallet(harness.app, companyAdmin);
    const elsewhere = await registerWith(harness.app, otherTenant, {
      ...(await signedOwnershipProof(harness.app, otherTenant, taken.key)),
      provider: 'phantom',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(walletTexts.registeredElsewhere);
    expect(elsewhere.json().error.reason).toBe('WALLET__REGISTERED_ELSEWHERE');
  });

  it('validates the body, and a viewer cannot register', async () => {
    const bad = await registerWith(harness.app, companyAdmin, { address: 'not-an-address', provider: 'phantom', message: 'x', signature: 'AAAA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.address).toEqual(['Invalid wallet address']);
    const key = await generateKeyPairSigner();
    const denied = await harness.app.inject({ method: 'POST', url: '/api/v1/wallets/challenge', headers: viewer.headers, payload: { address: key.address } });
    expect(denied.statusCode).toBe(403);
    expect((await harness.app.inject({ url: '/api/v1/wallets' })).statusCode).toBe(401);
  });
});

describe('platform-managed wallets', () => {
  it('creates a pending wallet whose key is sealed server-side and never answered', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/wallets/managed', headers: companyAdmin.headers, payload: { name: 'Ops' } });
    expect(response.statusCode).toBe(201);
    const wallet = response.json().data as CompanyWallet;
    expect(wallet).toMatchObject({ type: 'platform_managed', status: 'pending', name: 'Ops', provider: null });
    expect(response.body).not.toContain('encrypted');
    const [row] = await harness.app.db.asSystem(async (tx) =>
      rowsOf<{ encrypted_secret: string }>(await tx.execute(sql`select encrypted_secret from company_wallets where id = ${wallet.id}`)),
    );
    expect(row!.encrypted_secret.length).toBeGreaterThan(60);
  });
});

describe('approval by administrators', () => {
  it('a viewer or a company admin cannot approve; an administrator can, recording who and when, notifying and auditing', async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Approvals');
    expect((await decide(harness.app, viewer, wallet.id, 'approve')).statusCode).toBe(403);
    const byCompanyAdmin = await decide(harness.app, companyAdmin, wallet.id, 'approve');
    expect(byCompanyAdmin.statusCode).toBe(403);
    expect(byCompanyAdmin.json().error.code).toBe('ACCESS_DENIED');

    const adminInbox = (await harness.app.inject({ url: '/api/v1/notifications', headers: admin.headers })).json().data.items;
    expect(adminInbox[0]).toMatchObject({ type: 'APPROVAL', title: walletTexts.pendingApprovalTitle, link: '/wallets?status=pending' });
    expect(adminInbox[0].message).toContain(wallet.address);

    const pending = (await list(admin, '?status=pending')).json().data as CompanyWallet[];
    expect(pending.map((row) => row.id)).toContain(wallet.id);

    const approved = await decide(harness.app, admin, wallet.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'active',
      operational: true,
      approvedBy: admin.result.user.firstName + ' ' + admin.result.user.lastName,
    });
    expect(approved.json().data.approvedAt).not.toBeNull();

    const notifications = (await harness.app.inject({ url: '/api/v1/notifications', headers: viewer.headers })).json().data.items;
    expect(notifications[0]).toMatchObject({ type: 'APPROVAL', title: 'Wallet approved', link: '/wallets' });
    const audits = await harness.app.db.asSystem(async (tx) =>
      rowsOf<{ action: string }>(await tx.execute(sql`select action from audit_log where resource_id = ${wallet.id} order by id`)),
    );
    expect(audits.map((row) => row.action)).toEqual(['wallet.registered', 'wallet.approved', 'wallet.activated']);

    const twice = await decide(harness.app, admin, wallet.id, 'reject', 'late');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason).toBe('WALLET__TRANSITION_NOT_ALLOWED');
  });

  it('announces approval_update to the company and the administrators on registration, each decision, primary and removal', async () => {
    const announced = vi.spyOn(harness.app.live, 'emitToCompany');
    try {
      const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Announced');
      await decide(harness.app, admin, wallet.id, 'approve');
      expect((await harness.app.inject({ method: 'PUT', url: `/api/v1/wallets/${wallet.id}/primary`, headers: companyAdmin.headers })).statusCode).toBe(200);
      await decide(harness.app, admin, wallet.id, 'suspend', 'Compliance review');
      expect((await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${wallet.id}`, headers: companyAdmin.headers })).statusCode).toBeLessThan(300);
      const updates = announced.mock.calls.filter(([, event]) => event === SERVER_EVENTS.approvalUpdate);
      expect(updates.map(([target, , payload]) => ({ target, payload }))).toEqual(
        (['pending', 'active', 'active', 'suspended', 'suspended'] as const).map((status, index) => ({
          target: { tenantId: companyAdmin.result.tenant.id, companyId: wallet.companyId },
          payload: { walletId: wallet.id, companyId: wallet.companyId, status, removed: index === 4 },
        })),
      );
    } finally {
      announced.mockRestore();
    }
  });

  it('suspends and revokes with a reason, reactivates, and refuses a missing reason', async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Lifecycle');
    await decide(harness.app, admin, wallet.id, 'approve');
    expect((await decide(harness.app, admin, wallet.id, 'suspend', '')).statusCode).toBe(400);
    const suspended = await decide(harness.app, admin, wallet.id, 'suspend', 'Compliance review');
    expect(suspended.json().data).toMatchObject({ status: 'suspended', operational: false, statusReason: 'Compliance review' });
    expect((await decide(harness.app, admin, wallet.id, 'reactivate')).json().data).toMatchObject({ status: 'active', statusReason: null });
    expect((await decide(harness.app, admin, wallet.id, 'revoke', 'Key compromised')).json().data).toMatchObject({ status: 'revoked' });
    expect((await decide(harness.app, admin, wallet.id, 'reactivate')).statusCode).toBe(409);
  });
});

describe('listing, detail, primary and removal', () => {
  it('tenant B never sees tenant A wallets, by list or by id', async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Private');
    expect(((await list(otherTenant)).json().data as CompanyWallet[]).map((row) => row.id)).not.toContain(wallet.id);
    expect((await harness.app.inject({ url: `/api/v1/wallets/${wallet.id}`, headers: otherTenant.headers })).statusCode).toBe(404);
    expect((await list(companyAdmin, `?companyId=${otherTenant.result.company.id}`)).statusCode).toBe(403);
  });

  it('shows balances and allowed mints from the chain with a cluster-aware explorer link', async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Detail');
    await harness.app.chain.airdrop(wallet.address as never, 2_000_000_000n);
    const detail = await harness.app.inject({ url: `/api/v1/wallets/${wallet.id}`, headers: viewer.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ solBalanceLamports: '2000000000', balances: [], allowedMints: [] });
    expect(detail.json().data.explorerUrl).toBe(
      `https://explorer.solana.com/address/${wallet.address}?cluster=custom&customUrl=${encodeURIComponent(`http://localhost:${harness.config.port}/rpc`)}`,
    );
  });

  it('sets one primary wallet per company, only an operational one', async () => {
    const first = await registerNewWallet(harness.app, companyAdmin, 'First');
    const second = await registerNewWallet(harness.app, companyAdmin, 'Second');
    const notActive = await harness.app.inject({ method: 'PUT', url: `/api/v1/wallets/${first.wallet.id}/primary`, headers: companyAdmin.headers });
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json().message).toBe(`${walletTexts.setPrimaryFailed} ${walletTexts.notActive}`);
    expect(notActive.json().error.reason).toBe('WALLET__PRIMARY_NOT_OPERATIONAL');
    await decide(harness.app, admin, first.wallet.id, 'approve');
    await decide(harness.app, admin, second.wallet.id, 'approve');
    for (const { wallet } of [first, second]) {
      expect((await harness.app.inject({ method: 'PUT', url: `/api/v1/wallets/${wallet.id}/primary`, headers: companyAdmin.headers })).statusCode).toBe(200);
    }
    const primaries = ((await list(companyAdmin)).json().data as CompanyWallet[]).filter((wallet) => wallet.primary);
    expect(primaries.map((wallet) => wallet.id)).toEqual([second.wallet.id]);
  });

  it('removes a wallet without tokens; it disappears from the list', async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Spare');
    const removed = await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${wallet.id}`, headers: companyAdmin.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(walletTexts.removed);
    expect(((await list(companyAdmin)).json().data as CompanyWallet[]).map((row) => row.id)).not.toContain(wallet.id);
    expect((await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${wallet.id}`, headers: viewer.headers })).statusCode).toBe(403);
  });

  it('a removed wallet can be registered again as pending; a removed rejected one stays refused', async () => {
    const { key, wallet } = await registerNewWallet(harness.app, companyAdmin, 'Returning');
    await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${wallet.id}`, headers: companyAdmin.headers });
    const back = await registerWith(harness.app, companyAdmin, {
      ...(await signedOwnershipProof(harness.app, companyAdmin, key)),
      name: 'Back',
      provider: 'backpack',
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().data).toMatchObject({ id: wallet.id, name: 'Back', provider: 'backpack', status: 'pending' });

    const refused = await registerNewWallet(harness.app, companyAdmin, 'Refused');
    await decide(harness.app, admin, refused.wallet.id, 'reject', 'Not ours');
    await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${refused.wallet.id}`, headers: companyAdmin.headers });
    const again = await registerWith(harness.app, companyAdmin, {
      ...(await signedOwnershipProof(harness.app, companyAdmin, refused.key)),
      provider: 'phantom',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(walletTexts.previouslyRejected);
  });

  it("administrators list another company's wallets; a CSO cannot approve", async () => {
    const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Audited');
    const companyId = companyAdmin.result.company.id;
    const listed = (await list(admin, `?companyId=${companyId}`)).json().data as CompanyWallet[];
    expect(listed.map((row) => row.id)).toContain(wallet.id);
    expect(listed.every((row) => row.companyId === companyId)).toBe(true);
    const cso = await signInAs(harness.app, 'cso@demo.test');
    expect((await decide(harness.app, cso, wallet.id, 'approve')).statusCode).toBe(403);
  });
});
