import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** Turns MFA on for an account through the API, as the Settings → Security tab does. */
async function enableMfa(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.tokens.accessToken as string;
  const csrf = login.headers()['x-csrf-token']!;
  const headers = { authorization: `Bearer ${token}`, 'x-csrf-token': csrf };
  const enrol = await request.post('/api/v1/auth/mfa/enroll', { headers });
  expect(enrol.status()).toBe(200);
  const secret = (await enrol.json()).data.secret as string;
  const confirm = await request.post('/api/v1/auth/mfa/confirm', {
    headers: { ...headers, 'x-csrf-token': enrol.headers()['x-csrf-token'] ?? csrf },
    data: { code: totp(secret) },
  });
  expect(confirm.status()).toBe(200);
  return secret;
}

test('the login form shows the docs/product.md §5 validation texts', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('a wrong password is refused with the docs/product.md §8 text', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('operator@demo.test');
  await page.getByLabel('Password').fill('Wrong!2345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in with a password greets the user, stores the session and survives a reload', async ({ page }) => {
  await signIn(page, 'cso@demo.test');
  await expect(page.getByText('Successfully signed in')).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('accessToken'),
    tenant: localStorage.getItem('currentTenantId'),
    sessionId: localStorage.getItem('sessionId'),
    fingerprint: localStorage.getItem('sessionFingerprint'),
  }));
  expect(stored.token && stored.tenant && stored.sessionId && stored.fingerprint).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
});

test('a session with a forged fingerprint is not restored and its storage is cleared', async ({ page }) => {
  await signIn(page, 'hda@demo.test');
  await page.evaluate(() => localStorage.setItem('sessionFingerprint', 'forged'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
});

test('the login page asks for the MFA token once the account has MFA and then signs in', async ({ page, request }) => {
  const secret = await enableMfa(request, 'finance@demo.test');
  await page.goto('/login');
  await page.getByLabel('Email').fill('finance@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Multi-factor authentication required');
  const mfa = page.getByLabel('MFA token');
  await expect(mfa).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('MFA token is required')).toBeVisible();
  await mfa.fill('12ab');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('MFA token must be 6 digits')).toBeVisible();
  await mfa.fill(totp(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an officer sees sessions, terminates another one and the stats reload', async ({ page, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'companyadmin@demo.test');
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/security/sessions');
  const row = page.getByRole('row').filter({ hasText: 'companyadmin@demo.test' }).first();
  await expect(row).toBeVisible();
  const statsReload = page.waitForResponse((response) => response.url().endsWith('/api/v1/sessions/stats'));
  await row.getByRole('button', { name: 'Terminate' }).click();
  await page.getByRole('dialog', { name: 'Terminate this session?' }).getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('Session terminated')).toBeVisible();
  await statsReload;
  // The terminated session is refused on its next request and its browser goes back to /login.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});

test('request logs filter and export the filtered rows as CSV', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await page.goto('/security/sessions');
  await expect(page.getByRole('cell', { name: 'superadmin@demo.test' }).first()).toBeVisible();
  // The server writes request logs in one-second batches.
  await page.waitForTimeout(1500);
  await page.goto('/security/logs');
  await expect(page.getByRole('heading', { name: 'Request Logs' })).toBeVisible();
  await page.getByLabel('Method').click();
  await page.getByRole('option', { name: 'GET' }).click();
  await expect(page.getByRole('cell', { name: '/api/v1/sessions/active' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'POST', exact: true })).toHaveCount(0);
  const exportRequest = page.waitForRequest((request) => request.url().includes('/api/v1/security/request-logs') && request.url().includes('format=csv'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await exportRequest).url()).toContain('method=GET');
  expect((await download).suggestedFilename()).toMatch(/^request-logs-.*\.csv$/);
});

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** A Wallet Standard wallet named 'E2E Test Wallet' in the page, its key kept in the test process; answers its address. */
async function installE2eWallet(page: Page): Promise<string> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const address = base58(raw);
  // The wallet's key stays in the test process; the page asks it to sign, as an extension would.
  await page.exposeFunction('__e2eWalletSign', (message: number[]) => Array.from(crypto.sign(null, Buffer.from(message), privateKey)));
  await page.addInitScript(
    ({ address: walletAddress, publicKey: key }) => {
      const account = { address: walletAddress, publicKey: new Uint8Array(key), chains: ['solana:devnet'], features: ['solana:signMessage'] };
      const sign = (window as unknown as { __e2eWalletSign: (message: number[]) => Promise<number[]> }).__e2eWalletSign;
      const wallet = {
        version: '1.0.0',
        name: 'E2E Test Wallet',
        icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
        chains: ['solana:devnet'],
        accounts: [] as (typeof account)[],
        features: {
          'standard:connect': {
            version: '1.0.0',
            connect: async () => {
              wallet.accounts = [account];
              return { accounts: [account] };
            },
          },
          'standard:events': { version: '1.0.0', on: () => () => undefined },
          'solana:signMessage': {
            version: '1.0.0',
            signMessage: (...inputs: { message: Uint8Array }[]) =>
              Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: new Uint8Array(await sign(Array.from(message))) }))),
          },
        },
      };
      const register = ({ register: add }: { register: (w: unknown) => void }) => add(wallet);
      window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
    },
    { address, publicKey: Array.from(raw) },
  );
  return address;
}

test('signing in with a Wallet Standard wallet signature plus e-mail and password', async ({ page }) => {
  const address = await installE2eWallet(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with a wallet' }).click();
  await expect(page).toHaveURL(/\/login\/wallet$/);
  await page.getByRole('button', { name: 'Sign with E2E Test Wallet' }).click();
  await expect(page.getByText(`Signed by E2E Test Wallet (${address.slice(0, 8)}...)`)).toBeVisible();
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(`E2E Test Wallet · ${address.slice(0, 8)}`)).toBeVisible();
});

test('wallet sign-in asks a user with MFA on for the code, like the password form', async ({ page, request }) => {
  const email = 'manager@demo.test';
  const login = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.tokens.accessToken as string}`, 'x-csrf-token': login.headers()['x-csrf-token']! };
  const secret = (await (await request.post('/api/v1/auth/mfa/enroll', { headers })).json()).data.secret as string;
  expect((await request.post('/api/v1/auth/mfa/confirm', { headers, data: { code: totp(secret) } })).status()).toBe(200);
  try {
    const address = await installE2eWallet(page);
    await page.goto('/login/wallet');
    await page.getByRole('button', { name: 'Sign with E2E Test Wallet' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Multi-factor authentication required' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('MFA token is required')).toBeVisible();
    await page.getByLabel('MFA token').fill(totp(secret));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner').getByText(`E2E Test Wallet · ${address.slice(0, 8)}`)).toBeVisible();
  } finally {
    // Other specs sign in as this user with the password alone; the code of the next time step is one no sign-in used.
    expect((await request.post('/api/v1/auth/mfa/disable', { headers, data: { code: totp(secret, Date.now() + 30_000) } })).status()).toBe(200);
  }
});

test('Settings → Security enrols two-factor authentication with the QR code and a 6-digit code', async ({ page }) => {
  await signIn(page, 'hda@demo.test');
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill('12');
  await page.getByRole('button', { name: 'Confirm and enable' }).click();
  await expect(page.getByText('Enter the 6-digit code', { exact: true })).toBeVisible();
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm and enable' }).click();
  await expect(page.getByText('Recovery codes: keep them somewhere safe, each works once.')).toBeVisible();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
});

test('the profile page saves the user’s details through PATCH /auth/profile', async ({ page }) => {
  await signIn(page, 'operator@demo.test');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await page.getByLabel('Job title').fill('Carbon desk operator');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Job title')).toHaveValue('Carbon desk operator');
});

test('Blockchain settings show Restricted Access to a non-administrator', async ({ page }) => {
  await signIn(page, 'viewer@demo.test');
  await page.goto('/settings?tab=blockchain');
  await expect(page.getByText('Restricted Access')).toBeVisible();
});

test("wallet sign-in works with this browser's local dev wallet when no extension is installed", async ({ page }) => {
  await page.goto('/login/wallet');
  await expect(page.getByText('No compatible wallet was found in this browser.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: "Use this browser's local dev wallet" }).click();
  await page.getByRole('button', { name: 'Sign with Local dev wallet' }).click();
  await expect(page.getByText(/^Signed by Local dev wallet/)).toBeVisible();
  await page.getByLabel('Email').fill('superadmin@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(/^Local dev wallet · /)).toBeVisible();
});
