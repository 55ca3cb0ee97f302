import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

// The server's LOCKOUT.maxFailures (apps/api/src/modules/auth/auth.service.ts).
const FAILURES_TO_LOCK = 50;

test('an administrator unlocks a locked account from the Security Center after confirming', async ({ page, request }) => {
  const email = 'operator@demo.test';
  // From many addresses, as a guesser spreading over IPs would: only the account lock stops it.
  for (let attempt = 0; attempt < FAILURES_TO_LOCK; attempt++) {
    const failed = await request.post('/api/v1/auth/login', { data: { email, password: 'Wrong!2345' }, headers: { 'x-forwarded-for': `10.77.${attempt}.9` } });
    expect(failed.status()).toBe(401);
  }
  const locked = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD }, headers: { 'x-forwarded-for': '10.78.0.9' } });
  expect(locked.status()).toBe(401);

  await signIn(page, 'admin@demo.test');
  await page.goto('/security-center');
  const lockedAccounts = page.getByRole('region', { name: 'Locked accounts' });
  await expect(lockedAccounts.getByText(`Otavio Pereira · ${email}`)).toBeVisible();
  await lockedAccounts.getByRole('button', { name: `Unlock ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Unlock ${email}?` });
  await expect(dialog).toContainText('can sign in again at once');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(`${email} can sign in again.`)).toBeVisible();
  await expect(lockedAccounts.getByText('No account is locked.')).toBeVisible();

  const unlocked = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD }, headers: { 'x-forwarded-for': '10.78.0.10' } });
  expect(unlocked.status()).toBe(200);
});
