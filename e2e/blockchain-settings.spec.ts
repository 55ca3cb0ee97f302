import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, seriousViolations, signedInPage, snap } from './helpers';

interface PreviewFees {
  fees: { transaction: string; total: string };
}

/** A mint preview of the company administrator, as the wizard asks for one. */
async function previewFees(page: Page, walletId: string): Promise<PreviewFees['fees']> {
  const answer = await callApi<PreviewFees>(page, 'POST', '/minting/preview', {
    projectId: '3107',
    vintage: 2023,
    quantity: '5',
    tokenName: 'Texas Panhandle Wind Energy 2023',
    symbol: 'TPWE23',
    walletId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.fees;
}

test('an administrator changes the priority fee in Settings → Blockchain and the next mint preview charges it', async ({ browser }) => {
  test.setTimeout(180_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  let wallets = (await callApi<{ id: string; status: string }[]>(companyAdmin, 'GET', '/wallets')).body.data;
  if (!wallets.some((wallet) => wallet.status === 'approved' || wallet.status === 'active')) {
    await approvedLocalDevWallet(browser, companyAdmin, 'E2E fee wallet');
    wallets = (await callApi<{ id: string; status: string }[]>(companyAdmin, 'GET', '/wallets')).body.data;
  }
  const walletId = wallets.find((wallet) => wallet.status === 'approved' || wallet.status === 'active')!.id;

  const admin = await signedInPage(browser, 'admin@demo.test');
  // Back to no priority fee first, so the spec starts from the same place whatever ran before.
  expect((await callApi(admin, 'PUT', '/settings/blockchain', { priorityFee: { mode: 'fixed', microLamports: 0, computeUnitLimit: 400_000 } })).status).toBe(
    200,
  );
  const before = await previewFees(companyAdmin, walletId);

  try {
    await admin.goto('/settings?tab=blockchain');
    await expect(admin.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(admin.getByText('Set by the deployment configuration; not changeable here.')).toBeVisible();
    const keys = admin.getByRole('table', { name: 'Platform keys' });
    await expect(keys).toContainText('Platform issuer (fee payer)');
    await expect(keys).toContainText('Retirement delegate');
    await expect(keys).toContainText('SOL');

    const fee = admin.getByRole('form', { name: 'Priority fee' });
    await expect(fee.getByLabel('Policy')).toContainText('Fixed price');
    await fee.getByLabel('Price (micro-lamports per compute unit)').fill('50000');
    await fee.getByLabel('Compute unit limit').fill('400000');
    await expect(fee.getByText('Priority fee per transaction: 20000 lamports.')).toBeVisible();
    // A slippage over 50 % is refused in the form, before any request.
    await fee.getByLabel('Slippage tolerance for purchases (%)').fill('75');
    await fee.getByRole('button', { name: 'Save' }).click();
    await expect(fee.getByText('Enter a valid value.')).toBeVisible();
    await fee.getByLabel('Slippage tolerance for purchases (%)').fill('1.5');
    await fee.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Blockchain settings saved.')).toBeVisible();
    await snap(admin, 'settings-blockchain');
    expect(await seriousViolations(admin)).toEqual([]);

    const after = await previewFees(companyAdmin, walletId);
    expect(BigInt(after.transaction) - BigInt(before.transaction)).toBe(20_000n);
    expect(BigInt(after.total) - BigInt(before.total)).toBe(20_000n);

    // The page read again shows what was saved.
    await admin.reload();
    await expect(admin.getByRole('form', { name: 'Priority fee' }).getByLabel('Price (micro-lamports per compute unit)')).toHaveValue('50000');
    await expect(admin.getByRole('form', { name: 'Priority fee' }).getByLabel('Slippage tolerance for purchases (%)')).toHaveValue('1.5');
  } finally {
    await callApi(admin, 'PUT', '/settings/blockchain', {
      priorityFee: { mode: 'fixed', microLamports: 0, computeUnitLimit: 400_000 },
      slippageToleranceBps: 100,
    });
  }
});

test('an administrator lowers the minting approval limit in Settings → Blockchain and a mint above it now needs approval', async ({ browser }) => {
  test.setTimeout(180_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  let wallets = (await callApi<{ id: string; status: string }[]>(companyAdmin, 'GET', '/wallets')).body.data;
  if (!wallets.some((wallet) => wallet.status === 'approved' || wallet.status === 'active')) {
    await approvedLocalDevWallet(browser, companyAdmin, 'E2E limit wallet');
    wallets = (await callApi<{ id: string; status: string }[]>(companyAdmin, 'GET', '/wallets')).body.data;
  }
  const walletId = wallets.find((wallet) => wallet.status === 'approved' || wallet.status === 'active')!.id;
  const admin = await signedInPage(browser, 'admin@demo.test');
  const original = (await callApi<{ approvalLimit: string }>(admin, 'GET', '/minting/settings')).body.data.approvalLimit;
  const requiresApproval = async () =>
    (
      await callApi<{ requiresApproval: boolean }>(companyAdmin, 'POST', '/minting/preview', {
        projectId: '3107',
        vintage: 2023,
        quantity: '5',
        tokenName: 'Texas Panhandle Wind Energy 2023',
        symbol: 'TPWE23',
        walletId,
      })
    ).body.data.requiresApproval;
  expect(await requiresApproval()).toBe(false);

  try {
    await admin.goto('/settings?tab=blockchain');
    const minting = admin.getByRole('form', { name: 'Minting' });
    await expect(minting.getByLabel('Approval limit (tCO2e)')).toHaveValue(original);
    await expect(minting.getByRole('link', { name: 'Approval levels above the limit: Delegation Matrix' })).toHaveAttribute('href', '/approvals');
    await minting.getByLabel('Approval limit (tCO2e)').fill('0');
    await minting.getByRole('button', { name: 'Save' }).click();
    await expect(minting.getByText('Enter a valid value.')).toBeVisible();
    await minting.getByLabel('Approval limit (tCO2e)').fill('3');
    await minting.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Blockchain settings saved.')).toBeVisible();
    expect(await requiresApproval()).toBe(true);
  } finally {
    await callApi(admin, 'PUT', '/minting/settings', { approvalLimit: original });
  }
});

// The head of digital assets is refused the same way (chain-settings.routes.test.ts checks every role); in the
// browser only the security officer, since e2e/auth.spec.ts turns two-factor authentication on for hda@demo.test.
test('the security officer sees Restricted Access, as the API refuses them', async ({ browser }) => {
  for (const email of ['cso@demo.test']) {
    const page = await signedInPage(browser, email);
    await page.goto('/settings?tab=blockchain');
    await expect(page.getByText('Restricted Access')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Network' })).toHaveCount(0);
    expect((await callApi(page, 'GET', '/settings/blockchain')).status).toBe(403);
    await page.context().close();
  }
});
