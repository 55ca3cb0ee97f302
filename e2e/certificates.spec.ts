import { expect, test } from '@playwright/test';
import { seriousViolations, signedInPage } from './helpers';

const UNKNOWN = 'CLC-2026-NOPE9999';

test('public verification page: open to signed-out visitors and signed-in users alike, outside the signed-in frame; an unknown number is plainly not valid', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/verify/${UNKNOWN}`);
  const verdict = visitor.getByTestId('verification-verdict');
  await expect(verdict).toContainText('Not valid');
  await expect(verdict).toContainText('No certificate with this number exists.');
  await expect(visitor).toHaveURL(new RegExp(`/verify/${UNKNOWN}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Certificate verification');
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitor.context().close();

  const viewer = await signedInPage(browser, 'viewer@demo.test');
  await viewer.goto(`/verify/${UNKNOWN}`);
  await expect(viewer.getByTestId('verification-verdict')).toContainText('Not valid');
  await expect(viewer).toHaveURL(new RegExp(`/verify/${UNKNOWN}$`));
  await expect(viewer.getByRole('navigation')).toHaveCount(0);
  await viewer.context().close();
});

test('certificates page: the list with its search, and the empty answer to a search that matches nothing', async ({ browser }) => {
  const viewer = await signedInPage(browser, 'viewer@demo.test');
  await viewer.goto('/certificates');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(viewer.getByTestId('certificates-empty').or(viewer.getByRole('table', { name: 'Certificates' }))).toBeVisible();
  expect(await seriousViolations(viewer)).toEqual([]);
  await viewer.getByLabel('Search certificates').fill(UNKNOWN);
  await expect(viewer.getByTestId('certificates-empty')).toHaveText('No certificate matches this search.');
  await viewer.context().close();
});
