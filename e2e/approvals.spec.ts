import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, seriousViolations, signedInPage } from './helpers';

/**
 * Issue 15 "Done when": a mint over the approval limit is approved in /approvals by an
 * administrator, and the requester's sidebar badge and approvals list follow live (no reload).
 */

const LIMIT = 5;
const QUANTITY = 12;

/** A mint of `quantity` to the wallet that waits for approval (202): answers its approval request id. */
async function mintAwaitingApproval(page: Page, walletAddress: string, quantity: number): Promise<string> {
  const wallets = await callApi<{ id: string; address: string }[]>(page, 'GET', '/wallets');
  const walletId = wallets.body.data.find((wallet) => wallet.address === walletAddress)?.id;
  const projects = await callApi<{ items: { id: string }[] }>(page, 'GET', '/projects?pageSize=100');
  for (const project of projects.body.data.items) {
    const preview = await callApi<{ previewId: string; valid: boolean; requiresApproval: boolean }>(page, 'POST', '/minting/preview', {
      projectId: project.id,
      quantity: String(quantity),
      tokenName: 'E2E Approvals',
      symbol: 'E2EA',
      walletId,
    });
    if (preview.status !== 200 || !preview.body.data.valid) continue;
    expect(preview.body.data.requiresApproval).toBe(true);
    const executed = await callApi<{ approval: { id: string; status: string } }>(
      page,
      'POST',
      '/minting/execute',
      { previewId: preview.body.data.previewId },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(executed.status, JSON.stringify(executed.body)).toBe(202);
    return executed.body.data.approval.id;
  }
  throw new Error(`No project has ${quantity} units to mint`);
}

/** The sidebar's approvals count (0 while the badge is hidden). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('approvals-badge').first();
  return (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
}

test('issue 15: a mint over the limit is approved in /approvals and the requester’s badge and list update live', async ({ browser }) => {
  test.setTimeout(240_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  // Registered and approved on the Wallet Approvals screen, which closes the wallet's workflow.
  const wallet = await approvedLocalDevWallet(browser, companyAdmin, 'E2E approvals');
  const admin = await signedInPage(browser, 'admin@demo.test');
  const settings = await callApi<{ approvalLimit: string }>(admin, 'PUT', '/minting/settings', { approvalLimit: LIMIT });
  expect(settings.status).toBe(200);
  try {
    await companyAdmin.goto('/approvals');
    await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Approval Management' })).toBeVisible();
    await expect(companyAdmin.getByText('not available yet')).toHaveCount(0);
    const before = await badgeCount(companyAdmin);

    const approvalId = await mintAwaitingApproval(companyAdmin, wallet, QUANTITY);
    const requesterRow = companyAdmin.getByTestId(`approval-row-${approvalId}`);
    // Live: the request appears in the requester's Pending list and the badge counts it, without a reload.
    await expect(requesterRow).toContainText('Pending');
    await expect(requesterRow).toContainText('Awaiting another approver');
    await expect(companyAdmin.getByTestId('approvals-badge').first()).toHaveText(String(before + 1));

    await admin.goto('/approvals');
    const adminRow = admin.getByTestId(`approval-row-${approvalId}`);
    await expect(adminRow).toContainText(`Mint ${QUANTITY} tCO2e`);
    await expect(adminRow).toContainText('Level 1 of 1');
    expect(await seriousViolations(admin)).toEqual([]);
    await adminRow.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve request' });
    await dialog.getByLabel('Comment (optional)').fill('Within the quarterly plan');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminRow).toHaveCount(0);

    // The requester's screen follows without a reload: the request leaves Pending, the badge drops.
    await expect(requesterRow).toHaveCount(0);
    if (before === 0) await expect(companyAdmin.getByTestId('approvals-badge')).toHaveCount(0);
    else await expect(companyAdmin.getByTestId('approvals-badge').first()).toHaveText(String(before));
    await companyAdmin.getByRole('tab', { name: 'All Workflows' }).click();
    const approvedRow = companyAdmin.getByTestId(`approval-row-${approvalId}`);
    await expect(approvedRow).toContainText('Approved');
    await approvedRow.getByRole('button', { name: /Show the decisions/ }).click();
    await expect(companyAdmin.getByText(/Arthur Mendes approved — Within the quarterly plan/)).toBeVisible();

    // The mint ran once: the operation is completed.
    const operations = await callApi<{ approvalRequestId: string | null; status: string; quantity: string }[]>(companyAdmin, 'GET', '/minting/operations');
    expect(operations.body.data.find((operation) => operation.approvalRequestId === approvalId)).toMatchObject({
      status: 'completed',
      quantity: String(QUANTITY),
    });

    // The Delegation Matrix tab reads the mint's levels; officers other than administrators cannot edit them.
    await companyAdmin.getByRole('tab', { name: 'Delegation Matrix' }).click();
    await expect(companyAdmin.getByTestId('matrix-mint')).toContainText(`Above ${LIMIT} tCO2e`);
    await expect(companyAdmin.getByRole('button', { name: 'Save' })).toHaveCount(0);
  } finally {
    await callApi(admin, 'PUT', '/minting/settings', { approvalLimit: 10_000 });
  }
});

test('the legacy approvals page redirects to /approvals', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/approvals/legacy');
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(admin.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
});
