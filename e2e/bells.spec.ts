import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Calls the API as the signed-in browser user (bearer token from storage, fresh CSRF token). */
async function asUser(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const authorization = `Bearer ${token}`;
  const csrf = await page.request.get('/api/v1/auth/csrf-token', { headers: { authorization } });
  const headers = { authorization, 'x-csrf-token': (await csrf.json()).data.token as string };
  return { headers };
}

test('the notifications bell lists the latest, shows a new one live with a toast and marks all read', async ({ page }) => {
  await signIn(page, 'companyadmin@demo.test');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  // Earlier notifications (the demo seed's, other specs') are read first; the count follows over the socket.
  const { headers } = await asUser(page);
  expect((await page.request.put('/api/v1/notifications/read-all', { headers })).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  const sent = await page.request.post('/api/v1/notifications/test', { headers, data: { channel: 'in_app' } });
  expect(sent.status()).toBe(200);
  // Pushed over the socket: the bell and the toast follow without a reload.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.locator('#notistack-snackbar').getByText('Test notification')).toBeVisible();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('This is a test in_app notification from Carbonledger.').first()).toBeVisible();
  await popover.getByRole('button', { name: 'Mark all read' }).click();
  await expect(popover.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  // The button it was on is disabled now, so focus has left the popover: Escape goes to the popover itself.
  await popover.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
});

test('the security bell shows unresolved alerts with a Resolve chip and leads to the Security Center', async ({ page, browser }) => {
  // Five wrong passwords in the tenant raise the 'Multiple failed sign-in attempts' alert;
  // spread over five accounts, none of them gets locked. The alert is about the latest of them,
  // a Verde Energia user, so Verde's CSO sees it (officers see their own company's alerts).
  const attacker = await browser.newContext();
  for (const email of ['admin@demo.test', 'viewer@demo.test', 'operator@demo.test', 'manager@demo.test', 'hda@demo.test']) {
    const answer = await attacker.request.post('/api/v1/auth/login', { data: { email, password: 'Wrong!2345' } });
    expect(answer.status()).toBe(401);
  }
  await attacker.close();

  await signIn(page, 'cso@demo.test');
  const bell = page.getByRole('button', { name: /^Security alerts, [1-9]\d* unresolved$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Security alerts' });
  await expect(popover.getByText('Multiple failed sign-in attempts').first()).toBeVisible();
  const before = await popover.getByRole('button', { name: 'Resolve' }).count();
  await popover.getByRole('button', { name: 'Resolve' }).first().click();
  await expect(page.getByText('Alert resolved')).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Resolve' })).toHaveCount(before - 1);
  await popover.getByText('View Security Center').click();
  await expect(page).toHaveURL(/\/security-center$/);
  await expect(page.getByRole('heading', { name: 'Security Center', level: 1 })).toBeVisible();
});
