import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, seriousViolations, signedInPage, snap } from './helpers';

/**
 * Issue 15 items 3, 4 and 10: the compliance officer reads the company's limits and the volume
 * used on /compliance and lowers the daily limit; the company administrator's retirement over it
 * is refused with the remaining amount in the text; Settings → Compliance shows the same limits.
 */

interface Volume {
  minted: string;
  retired: string;
}
interface Profile {
  dailyLimit: string;
  daily: Volume;
  monthly: Volume;
}

async function mintTo(page: Page, walletAddress: string, quantity: number): Promise<string> {
  const wallets = await callApi<{ id: string; address: string }[]>(page, 'GET', '/wallets');
  const walletId = wallets.body.data.find((wallet) => wallet.address === walletAddress)?.id;
  const projects = await callApi<{ items: { id: string }[] }>(page, 'GET', '/projects?pageSize=100');
  for (const project of projects.body.data.items) {
    const preview = await callApi<{ previewId: string; valid: boolean }>(page, 'POST', '/minting/preview', {
      projectId: project.id,
      quantity: String(quantity),
      tokenName: 'E2E Compliance',
      symbol: 'E2EC',
      walletId,
    });
    if (preview.status !== 200 || !preview.body.data.valid) continue;
    const executed = await callApi<{ operation: { status: string; mintAddress: string } }>(
      page,
      'POST',
      '/minting/execute',
      { previewId: preview.body.data.previewId },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    return executed.body.data.operation.mintAddress;
  }
  throw new Error(`No project has ${quantity} units to mint`);
}

test('issue 15: /compliance shows limits and volume, an officer lowers the daily limit, a retirement over it shows the error', async ({ browser }) => {
  test.setTimeout(240_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  const wallet = await approvedLocalDevWallet(browser, companyAdmin, 'E2E compliance');
  const mint = await mintTo(companyAdmin, wallet, 10);

  const officer = await signedInPage(browser, 'cso@demo.test');
  const before = (await callApi<Profile>(officer, 'GET', '/compliance/profile')).body.data;
  // Retirements count against the limit apart from tokenisation (docs/product.md §5 Compliance limits): the mint above does not use it up.
  const used = Number(before.daily.retired);
  await officer.goto('/compliance');
  await expect(officer.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  await expect(officer.getByText('not available yet')).toHaveCount(0);
  await expect(officer.getByTestId('compliance-limits')).toContainText('Daily limit 100,000 tCO2e');
  await expect(officer.getByTestId('compliance-volume-daily-retired')).toContainText(`Retired ${used.toLocaleString('en')} of 100,000 tCO2e`);
  await expect(officer.getByTestId('compliance-volume-daily-tokenised')).toContainText(
    `Tokenised ${Number(before.daily.minted).toLocaleString('en')} of 100,000 tCO2e`,
  );
  await expect(officer.getByText('Checklist')).toBeVisible();
  await snap(officer, 'compliance-dashboard');
  expect(await seriousViolations(officer)).toEqual([]);

  // Two tonnes left today: a retirement of three goes over.
  const form = officer.getByRole('form', { name: 'Change tier and limits' });
  await form.getByLabel('KYC tier').click();
  await officer.getByRole('option', { name: 'Basic' }).click();
  await form.getByLabel('Daily limit (tCO2e)').fill(String(used + 2));
  await form.getByLabel('Monthly limit (tCO2e)').fill('100000');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await expect(officer.getByText('Compliance limits saved.')).toBeVisible();
  await expect(officer.getByTestId('compliance-limits')).toContainText(`Daily limit ${(used + 2).toLocaleString('en')} tCO2e`);

  await companyAdmin.goto('/retirements');
  const retirement = companyAdmin.getByRole('form', { name: 'New retirement' });
  await retirement.getByLabel('Token').selectOption(`${mint}:${wallet}`);
  await retirement.getByLabel('Amount (tCO2e)').fill('3');
  await retirement.getByLabel('Reason').selectOption('net_zero_commitment');
  await retirement.getByLabel('Country of use').selectOption('BR');
  await retirement.getByLabel('Beneficiary').fill('Compliance E2E');
  await companyAdmin.getByRole('button', { name: 'Retire now' }).click();
  await companyAdmin
    .getByRole('dialog', { name: 'Retire credits for good?' })
    .getByRole('button', { name: /^Burn / })
    .click();
  await expect(companyAdmin.getByText(/Requested 3 tCO2e; limit [\d,]+ tCO2e; 2 tCO2e remaining today\./).first()).toBeVisible();

  // Settings → Compliance: the same limits, read-only for the company administrator.
  await companyAdmin.goto('/settings?tab=compliance');
  await expect(companyAdmin.getByTestId('compliance-limits')).toContainText(`Daily limit ${(used + 2).toLocaleString('en')} tCO2e`);
  await expect(companyAdmin.getByText('Compliance officers set the tier and limits')).toBeVisible();

  // Back to the standard limits for the specs that run after this one.
  const restored = await callApi(
    officer,
    'PUT',
    `/compliance/profiles/${(await callApi<{ companyId: string }>(officer, 'GET', '/compliance/profile')).body.data.companyId}`,
    {
      kycTier: 'standard',
      dailyLimit: 100_000,
      monthlyLimit: 1_000_000,
    },
  );
  expect(restored.status).toBe(200);
});
