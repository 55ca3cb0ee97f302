import { expect, test } from '@playwright/test';
import { callApi, seriousViolations, signIn } from './helpers';

/**
 * Issue 19 "Done when": a queue is paused and resumed in /jobs, and /metrics follows
 * system_stats_update without a reload. The queue is the idempotency clean-up, which nothing
 * else waits for; it is resumed whatever happens.
 */
const QUEUE = 'idempotency.cleanup';

test.describe('operations screens', () => {
  test.afterEach(async ({ page }) => {
    await callApi(page, 'POST', `/operations/queues/${QUEUE}/resume`).catch(() => undefined);
  });

  test('an administrator pauses and resumes a queue in the Jobs Monitor', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs Monitor' })).toBeVisible();
    for (const tab of ['Active Jobs', 'Job History', 'Failed Jobs']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

    const row = page.locator(`tr[data-queue="${QUEUE}"]`);
    await expect(row.getByText('Running')).toBeVisible();
    await row.getByRole('button', { name: `Pause queue ${QUEUE}` }).click();
    await expect(row.getByText('Paused')).toBeVisible();
    const paused = await callApi<{ name: string; paused: boolean }[]>(page, 'GET', '/operations/queues');
    expect(paused.body.data.find((queue) => queue.name === QUEUE)?.paused).toBe(true);

    await row.getByRole('button', { name: `Resume queue ${QUEUE}` }).click();
    await expect(row.getByText('Running')).toBeVisible();
    const resumed = await callApi<{ name: string; paused: boolean }[]>(page, 'GET', '/operations/queues');
    expect(resumed.body.data.find((queue) => queue.name === QUEUE)?.paused).toBe(false);

    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page.getByRole('table', { name: 'Jobs' }).or(page.getByText('No finished job yet.'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the System Metrics page updates live', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/metrics');
    await expect(page.getByRole('heading', { level: 1, name: 'System Metrics' })).toBeVisible();
    for (const tab of ['Performance', 'Database', 'Network', 'System Resources']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    const updatedAt = page.getByTestId('metrics-updated-at');
    const first = await updatedAt.textContent();
    // system_stats_update comes every 5 s: a new snapshot without reloading or refetching.
    await expect(updatedAt).not.toHaveText(first ?? '', { timeout: 15_000 });
    await expect(page.getByRole('table', { name: 'Routes' })).toContainText('/api/v1/');

    await page.getByRole('tab', { name: 'System Resources' }).click();
    await expect(page.getByText('Event-loop lag')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the Cache Dashboard lists the cached project pages and deletes them by pattern', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await callApi(page, 'GET', '/projects?page=1&pageSize=12');
    await page.goto('/cache');
    await expect(page.getByRole('heading', { level: 1, name: 'Cache Dashboard' })).toBeVisible();
    for (const tab of ['Cache Keys', 'Key Patterns', 'Memory Analysis', 'Configuration']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cache Keys' })).toContainText('projects:list:');

    await page.getByRole('tab', { name: 'Key Patterns' }).click();
    const row = page.getByRole('row').filter({ hasText: 'projects:list:*' });
    await row.getByRole('button', { name: 'Delete pattern' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'projects:list:*' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(page.getByRole('table', { name: 'Configuration' })).toContainText('In-process (LRU)');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a company administrator gets Access Denied on the operations screens', async ({ page }) => {
    await signIn(page, 'companyadmin@demo.test');
    for (const path of ['/jobs', '/cache', '/metrics']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    }
  });
});
