import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, seriousViolations, signedInPage } from './helpers';

/** docs/product.md §2 personalisable dashboard: rearranged, kept across a reload, reset to the default. */

const widget = (page: Page, id: string) => page.getByTestId(`dashboard-widget-${id}`);

async function left(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.x;
}

async function layoutSaved(page: Page, action: () => Promise<void>) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/dashboard/layout') && response.request().method() !== 'GET');
  await action();
  expect((await saved).status()).toBe(200);
}

test('the dashboard is rearranged (remove, add back, move by keyboard), kept across a reload, and reset to the default', async ({ browser }) => {
  // The viewer: e2e/auth.spec.ts turns two-factor authentication on for finance@demo.test, whose sign-in then asks for a code.
  const page = await signedInPage(browser, 'viewer@demo.test');
  // Start from the default whatever an earlier run left.
  expect((await callApi(page, 'DELETE', '/dashboard/layout')).status).toBe(200);
  await page.reload();

  const alerts = widget(page, 'alerts');
  await expect(alerts.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect(widget(page, 'system-health').getByTestId('system-health-status')).toBeVisible();
  await expect(widget(page, 'daily-volume')).toBeVisible();
  // A company user never gets the platform operations widgets.
  await expect(widget(page, 'advanced-metrics')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset to default' })).toBeDisabled();

  // Remove a widget.
  await page.getByRole('button', { name: 'Options for Alerts' }).click();
  await layoutSaved(page, () => page.getByRole('menuitem', { name: 'Remove from dashboard' }).click());
  await expect(alerts).toHaveCount(0);

  // Add it back from the catalogue.
  await page.getByRole('button', { name: 'Add widget' }).click();
  const catalogue = page.getByRole('dialog', { name: 'Add a widget' });
  await layoutSaved(page, () => catalogue.getByRole('button', { name: /^Alerts/ }).click());
  await expect(alerts.getByRole('heading', { name: 'Alerts' })).toBeVisible();

  // Move the activity log up past the pending actions, with the keyboard only.
  const activity = widget(page, 'activity-log');
  const pending = widget(page, 'pending-actions');
  expect(await left(activity)).toBeGreaterThan(await left(pending));
  await page.getByRole('button', { name: 'Options for Activity log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
  await layoutSaved(page, () => page.keyboard.press('Enter'));
  await expect.poll(async () => (await left(activity)) < (await left(pending))).toBe(true);

  await page.reload();
  await expect(alerts.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect.poll(async () => (await left(activity)) < (await left(pending))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone every widget stacks in one column, with nothing to drag; its menu still moves it.
  await expect(page.getByRole('button', { name: 'Drag Activity log' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => Math.abs((await left(activity)) - (await left(pending)))).toBeLessThan(2);
  await expect(page.getByRole('button', { name: 'Drag Activity log' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Options for Activity log' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await layoutSaved(page, () => page.getByRole('button', { name: 'Reset to default' }).click());
  await expect.poll(async () => (await left(activity)) > (await left(pending))).toBe(true);
  await page.reload();
  await expect(pending).toBeVisible();
  await expect.poll(async () => (await left(activity)) > (await left(pending))).toBe(true);
  await expect(page.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  await page.context().close();
});
