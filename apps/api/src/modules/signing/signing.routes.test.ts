import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, partiallySignTransaction, signBytes, type KeyPairSigner } from '@solana/kit';
import { fromWireTransaction, toWireTransaction } from '@carbonledger/chain';
import { signingTexts, type CompanyWallet, type PreparedTransactionView, type SigningTransaction } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { registerNewWallet } from '../wallets/wallets.testing';

let harness: TestApp;
let companyAdmin: SignedIn;
let viewer: SignedIn;
let otherTenant: SignedIn;
let key: KeyPairSigner;
let wallet: CompanyWallet;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'signing-b')).email);
  ({ key, wallet } = await registerNewWallet(harness.app, companyAdmin, 'Browser wallet'));
  await harness.app.chain.airdrop(key.address, 1_000_000_000n);
});
afterAll(() => harness.close());

async function prepareVerification(): Promise<PreparedTransactionView> {
  const response = await harness.app.inject({ method: 'POST', url: `/api/v1/wallets/${wallet.id}/prepare-verification`, headers: companyAdmin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function signedBy(signer: KeyPairSigner, unsignedTxBase64: string): Promise<string> {
  return toWireTransaction(await partiallySignTransaction([signer.keyPair], fromWireTransaction(unsignedTxBase64)));
}

const submit = (who: SignedIn, transactionId: string, signedTxBase64: string) =>
  harness.app.inject({ method: 'POST', url: `/api/v1/signing/transactions/${transactionId}/submit`, headers: who.headers, payload: { signedTxBase64 } });

describe('prepare → sign → submit', () => {
  it('decodes the prepared verification memo for the sign tool', async () => {
    const prepared = await prepareVerification();
    expect(prepared.requiredSigner).toBe(key.address);
    const response = await harness.app.inject({ url: `/api/v1/signing/transactions/${prepared.transactionId}`, headers: viewer.headers });
    expect(response.statusCode).toBe(200);
    const transaction = response.json().data as SigningTransaction;
    expect(transaction).toMatchObject({
      transactionId: prepared.transactionId,
      kind: 'wallet.verify',
      status: 'pending',
      feePayer: key.address,
      unsignedTxBase64: prepared.unsignedTxBase64,
    });
    expect(transaction.instructions).toHaveLength(1);
    expect(transaction.instructions[0]).toMatchObject({ program: 'Memo', name: 'Memo', accounts: [{ address: key.address, signer: true, writable: true }] });
    expect(transaction.instructions[0]!.details.memo).toMatch(new RegExp(`^Carbonledger wallet verification ${wallet.id} [0-9a-f]{16}$`));
  });

  it('answers "needs a transaction id from the prepare step" for an unknown, malformed or foreign id', async () => {
    const prepared = await prepareVerification();
    for (const [who, id] of [
      [companyAdmin, '00000000-0000-4000-8000-000000000000'],
      [companyAdmin, 'not-an-id'],
      [otherTenant, prepared.transactionId],
    ] as const) {
      const response = await harness.app.inject({ url: `/api/v1/signing/transactions/${id}`, headers: who.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(signingTexts.needsTransactionId);
    }
    expect((await submit(companyAdmin, 'not-an-id', prepared.unsignedTxBase64)).json().message).toBe(signingTexts.needsTransactionId);
  });

  it('refuses an unsigned transaction, another key, a changed message and a viewer', async () => {
    const prepared = await prepareVerification();
    const unsigned = await submit(companyAdmin, prepared.transactionId, prepared.unsignedTxBase64);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.fields.signedTxBase64).toEqual([`The transaction must be signed by wallet ${key.address}`]);

    const transaction = fromWireTransaction(prepared.unsignedTxBase64);
    const impostor = await generateKeyPairSigner();
    const forged = {
      ...transaction,
      signatures: { ...transaction.signatures, [key.address]: await signBytes(impostor.keyPair.privateKey, transaction.messageBytes) },
    };
    const wrongKey = await submit(companyAdmin, prepared.transactionId, toWireTransaction(forged));
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error.fields.signedTxBase64).toEqual([`The transaction must be signed by wallet ${key.address}`]);

    const other = await prepareVerification();
    const mismatch = await submit(companyAdmin, prepared.transactionId, await signedBy(key, other.unsignedTxBase64));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.signedTxBase64).toEqual(['The signed transaction does not match the prepared transaction']);

    expect((await submit(viewer, prepared.transactionId, await signedBy(key, prepared.unsignedTxBase64))).statusCode).toBe(403);
    expect((await submit(companyAdmin, prepared.transactionId, 'not base64!')).statusCode).toBe(400);
  });

  it('submits the signed verification; it confirms on chain and the wallet shows it was verified', async () => {
    const prepared = await prepareVerification();
    const signedTxBase64 = await signedBy(key, prepared.unsignedTxBase64);
    const response = await submit(companyAdmin, prepared.transactionId, signedTxBase64);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: signingTexts.submitted,
      data: { transactionId: prepared.transactionId, status: 'confirmed', error: null },
    });
    const { signature } = response.json().data;
    expect((await harness.app.chain.getSignatureStatuses([signature]))[0]).toMatchObject({ err: null });

    const again = await submit(companyAdmin, prepared.transactionId, signedTxBase64);
    expect(again.json().data).toMatchObject({ signature, status: 'confirmed' });

    const detail = await harness.app.inject({ url: `/api/v1/wallets/${wallet.id}`, headers: companyAdmin.headers });
    expect(detail.json().data.verifiedOnChainAt).not.toBeNull();
    const read = await harness.app.inject({ url: `/api/v1/signing/transactions/${prepared.transactionId}`, headers: companyAdmin.headers });
    expect(read.json().data).toMatchObject({ status: 'confirmed', signature });
  });

  it('a platform-managed wallet has nothing to verify in the browser', async () => {
    const managed = (await harness.app.inject({ method: 'POST', url: '/api/v1/wallets/managed', headers: companyAdmin.headers, payload: {} })).json()
      .data as CompanyWallet;
    const response = await harness.app.inject({ method: 'POST', url: `/api/v1/wallets/${managed.id}/prepare-verification`, headers: companyAdmin.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.reason).toBe('WALLET__VERIFICATION_EXTERNAL_ONLY');
  });
});
