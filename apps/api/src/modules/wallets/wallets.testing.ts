import { expect } from 'vitest';
import { generateKeyPairSigner, getUtf8Encoder, signBytes, type KeyPairSigner } from '@solana/kit';
import type { CompanyWallet } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';

/** The browser's part of registration: ask for the message, sign it with the wallet's key. */
export async function signedOwnershipProof(app: App, who: SignedIn, wallet: KeyPairSigner) {
  const challenge = await app.inject({ method: 'POST', url: '/api/v1/wallets/challenge', headers: who.headers, payload: { address: wallet.address } });
  expect(challenge.statusCode, challenge.body).toBe(200);
  const { message } = challenge.json().data as { message: string };
  const signature = Buffer.from(await signBytes(wallet.keyPair.privateKey, getUtf8Encoder().encode(message))).toString('base64');
  return { address: wallet.address as string, message, signature };
}

export function registerWith(app: App, who: SignedIn, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/wallets/external', headers: who.headers, payload });
}

/** A fresh external wallet registered (pending) for the signed-in user's company. */
export async function registerNewWallet(app: App, who: SignedIn, name = 'Treasury'): Promise<{ key: KeyPairSigner; wallet: CompanyWallet }> {
  const key = await generateKeyPairSigner();
  const response = await registerWith(app, who, { ...(await signedOwnershipProof(app, who, key)), name, provider: 'phantom' });
  expect(response.statusCode, response.body).toBe(201);
  return { key, wallet: response.json().data as CompanyWallet };
}

export function decide(app: App, who: SignedIn, walletId: string, action: 'approve' | 'reject' | 'suspend' | 'revoke' | 'reactivate', reason?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/wallets/${walletId}/${action}`,
    headers: who.headers,
    ...(reason === undefined ? {} : { payload: { reason } }),
  });
}
