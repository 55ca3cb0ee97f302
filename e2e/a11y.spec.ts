import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard has no serious accessibility violations, light or dark', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test');
  await expect(page.getByRole('heading', { name: 'Activity log' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Mudar para tema escuro' }).click();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  // The toggle's tooltip fades in under the pointer; axe would judge its half-transparent frame.
  await page.mouse.move(0, 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the 404 page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/definitely-missing');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
