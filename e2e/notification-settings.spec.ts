import { expect, test } from '@playwright/test';
import { callApi, seriousViolations, signIn } from './helpers';

const DEFAULTS = {
  channels: {
    email: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    sms: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    push: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    in_app: { TRANSACTION: true, APPROVAL: true, SECURITY: true, SYSTEM: true },
  },
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  timeZone: 'UTC',
};

/**
 * Issue 19 item 5: Settings → Notifications keeps the channel choices, quiet hours and time zone
 * across a reload, and a test in-app notification sent from the tab reaches the bell. The
 * security officer's preferences go back to the defaults at the end (not the finance user:
 * e2e/auth.spec.ts turns two-factor authentication on for finance@demo.test).
 */
test('notification preferences are kept across a reload, and a test in-app notification reaches the bell', async ({ page }) => {
  await signIn(page, 'cso@demo.test');
  try {
    await page.goto('/settings?tab=notifications');
    await expect(page.getByTestId('not-available')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Channels' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'E-mail for Security' }).check();
    await page.getByRole('checkbox', { name: 'In-app for Transactions' }).uncheck();
    await page.getByRole('switch', { name: 'Quiet hours on' }).check();
    await page.getByLabel('Start').fill('23:00');
    await page.getByLabel('End').fill('06:30');
    await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'E-mail for Security' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'In-app for Transactions' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'SMS for Security' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Quiet hours on' })).toBeChecked();
    await expect(page.getByLabel('Start')).toHaveValue('23:00');
    await expect(page.getByLabel('End')).toHaveValue('06:30');
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');

    expect((await callApi(page, 'PUT', '/notifications/read-all')).status).toBe(200);
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Send test notification (In-app)' }).click();
    await expect(page.getByText('Test notification sent (in-app).')).toBeVisible();
    const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('This is a test in_app notification from Carbonledger.').first()).toBeVisible();
  } finally {
    await callApi(page, 'PUT', '/notifications/preferences', DEFAULTS);
  }
});
