import { expect, test, type Page } from '@playwright/test';
import { callApi, importFreeBlocks, signedInPage } from './helpers';

/**
 * Issue 15 item 8: a company asks for credits to be retired on behalf of a beneficiary from
 * /offsets/requests; an administrator approves the workflow; the retirement runs and the
 * requester's open screen shows, live, the request retired with its certificate. A second
 * request is withdrawn by its requester from the same screen.
 *
 * Independent of what other specs leave: its own managed wallet and mint, a beneficiary of its
 * own, the offset_request levels set to one administrator for the run (and put back), and the
 * company's compliance limits given room for the run only if earlier specs used them up (and
 * put back).
 */

const QUANTITY = 4n;

interface Volume {
  minted: string;
  retired: string;
  mintRemaining: string;
  retireRemaining: string;
}
interface Profile {
  companyId: string;
  kycTier: string;
  dailyLimit: string;
  monthlyLimit: string;
  daily: Volume;
  monthly: Volume;
}
interface MatrixEntry {
  operationType: string;
  levels: { limitTco2e: string; approverRole: string; timeoutHours: number }[];
}

interface Wallet {
  id: string;
  address: string;
  status: string;
}

/** Mints tokens of the first project with enough available units to the wallet, through POST /minting/preview and /execute. */
async function mintTo(page: Page, walletId: string, quantity: bigint): Promise<string> {
  const projects = await callApi<{ items: { id: string }[] }>(page, 'GET', '/projects?pageSize=100');
  for (const project of projects.body.data.items) {
    const preview = await callApi<{ previewId: string; valid: boolean }>(page, 'POST', '/minting/preview', {
      projectId: project.id,
      quantity: quantity.toString(),
      tokenName: 'E2E Offsets',
      symbol: 'E2EO',
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
    expect(executed.body.data.operation.status).toBe('completed');
    return executed.body.data.operation.mintAddress;
  }
  throw new Error(`No project has ${quantity} units to mint`);
}

/** Picks the option of an MUI select by its label and the option's visible text. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

/** What the run needs of the company's limits today and this month: room to mint and retire a few tonnes. */
async function ensureComplianceRoom(officer: Page, tonnes: number): Promise<() => Promise<void>> {
  const profile = (await callApi<Profile>(officer, 'GET', '/compliance/profile')).body.data;
  const roomy = [profile.daily, profile.monthly].every((volume) => Number(volume.mintRemaining) >= tonnes && Number(volume.retireRemaining) >= tonnes);
  if (roomy) return async () => {};
  const url = `/compliance/profiles/${profile.companyId}`;
  expect((await callApi(officer, 'PUT', url, { kycTier: 'enhanced', dailyLimit: 1_000_000, monthlyLimit: 10_000_000 })).status).toBe(200);
  return async () => {
    const back = { kycTier: profile.kycTier, dailyLimit: Number(profile.dailyLimit), monthlyLimit: Number(profile.monthlyLimit) };
    expect((await callApi(officer, 'PUT', url, back)).status).toBe(200);
  };
}

/** One administrator decides every offset request for the run, whatever matrix an earlier spec saved. */
async function singleAdministratorLevel(admin: Page): Promise<() => Promise<void>> {
  const matrix = (await callApi<MatrixEntry[]>(admin, 'GET', '/approvals/matrix')).body.data;
  const before = matrix.find((entry) => entry.operationType === 'offset_request')!.levels;
  const wanted = [{ limitTco2e: 0, approverRole: 'ADMIN', timeoutHours: 48 }];
  const same = before.length === 1 && before[0]!.approverRole === 'ADMIN' && Number(before[0]!.limitTco2e) === 0;
  if (same) return async () => {};
  const put = async (levels: unknown[]) => expect((await callApi(admin, 'PUT', '/approvals/matrix/offset_request', { levels })).status).toBe(200);
  await put(wanted);
  return () => put(before.map((level) => ({ limitTco2e: Number(level.limitTco2e), approverRole: level.approverRole, timeoutHours: level.timeoutHours })));
}

test('issue 15: an offset request is approved by an administrator and the requester sees it retired with its certificate, live', async ({ browser }) => {
  test.setTimeout(180_000);
  const beneficiary = `Escola Verde E2E ${Date.now().toString().slice(-6)}`;
  const requester = await signedInPage(browser, 'companyadmin@demo.test');
  const admin = await signedInPage(browser, 'admin@demo.test');
  const officer = await signedInPage(browser, 'cso@demo.test');
  const restoreLimits = await ensureComplianceRoom(officer, 10);
  const restoreMatrix = await singleAdministratorLevel(admin);
  try {
    // The company's platform-managed wallet, approved, holding freshly minted credits.
    const created = await callApi<Wallet>(requester, 'POST', '/wallets/managed', { name: `Offsets ${Date.now()}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const wallet = created.body.data;
    const approvedWallet = await callApi<Wallet>(admin, 'POST', `/wallets/${wallet.id}/approve`);
    expect(approvedWallet.status, JSON.stringify(approvedWallet.body)).toBe(200);
    await importFreeBlocks(requester, 1);
    const mint = await mintTo(requester, wallet.id, 10n);
    // The project's token may have been created by an earlier spec under its own name: pick it by its mint.
    const tokens = await callApi<{ mint: string; symbol: string; name: string; vintage: number }[]>(requester, 'GET', '/offsets/tokens');
    const token = tokens.body.data.find((candidate) => candidate.mint === mint)!;
    expect(token).toBeTruthy();

    // The requester asks on /offsets/requests.
    await requester.goto('/offsets/requests');
    await expect(requester.getByRole('heading', { level: 1, name: 'Offset Requests' })).toBeVisible();
    await requester.getByRole('button', { name: 'New offset request' }).click();
    const dialog = requester.getByRole('dialog', { name: 'New offset request' });
    await choose(requester, 'Project token', `${token.symbol} · ${token.name} (${token.vintage})`);
    await choose(requester, 'Platform-managed wallet', new RegExp(wallet.address.slice(0, 8)));
    await dialog.getByLabel('Quantity (tCO2e)').fill(QUANTITY.toString());
    await dialog.getByLabel('Beneficiary name').fill(beneficiary);
    await dialog.getByLabel('Purpose').fill('Employee commuting 2025');
    await dialog.getByLabel('Country').fill('BR');
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(dialog).toBeHidden();
    const row = requester.getByRole('row').filter({ hasText: beneficiary });
    await expect(row).toContainText('Pending approval');
    await expect(row).toContainText(`${QUANTITY} tCO2e`);

    // Nothing is retired before the approval; the administrator approves the workflow.
    const listed = await callApi<{ items: { id: string; approvalId: string | null; beneficiaryName: string; tokenMint: string }[] }>(
      requester,
      'GET',
      '/offsets/requests',
    );
    const request = listed.body.data.items.find((item) => item.beneficiaryName === beneficiary)!;
    expect(request.approvalId).toBeTruthy();
    const approved = await callApi<{ approval: { status: string } }>(
      admin,
      'POST',
      `/approvals/${request.approvalId}/approve`,
      {},
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.approval.status).toBe('approved');

    // The requester's open screen follows without a reload: retired, with the certificate linked.
    await expect(row).toContainText('Retired', { timeout: 20_000 });
    const certificate = row.getByTestId('offset-certificate');
    await expect(certificate).toHaveText(/^CLC-\d{4}-[A-Z2-9]{8}$/);
    const href = await certificate.getAttribute('href');
    expect(href).toContain(`/verify/${await certificate.textContent()}`);

    // The certificate's public page names the beneficiary's retirement as valid.
    const verify = await (await browser.newContext()).newPage();
    await verify.goto(href!);
    await expect(verify.getByText(/valid/i).first()).toBeVisible();

    // The audit trail tells it in words.
    await requester.goto('/audit-trail');
    await requester.getByLabel('Search').fill(beneficiary);
    await expect(requester.getByText(`Camila Rocha asked to retire ${QUANTITY} tCO2e on behalf of ${beneficiary}`)).toBeVisible();

    // A second request, withdrawn by its requester while it waits: closed, and nothing to approve any more.
    const second = `${beneficiary} (withdrawn)`;
    const asked = await callApi<{ id: string; approvalId: string }>(
      requester,
      'POST',
      '/offsets/requests',
      {
        sourcing: 'own_credits',
        tokenMint: request.tokenMint,
        walletAddress: wallet.address,
        quantity: 1,
        beneficiaryName: second,
        purpose: 'Withdrawn before approval',
        reason: 'voluntary_offset',
        country: 'BR',
        requestedDate: new Date().toISOString().slice(0, 10),
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await requester.goto('/offsets/requests');
    const pending = requester.getByRole('row').filter({ hasText: second });
    await expect(pending).toContainText('Pending approval');
    await pending.getByRole('button', { name: 'Withdraw' }).click();
    await requester.getByRole('dialog', { name: 'Withdraw this offset request?' }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(requester.getByText('Offset request withdrawn.')).toBeVisible();
    await expect(pending).toContainText('Withdrawn');
    await expect(pending.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
    const late = await callApi(admin, 'POST', `/approvals/${asked.body.data.approvalId}/approve`, {}, { 'idempotency-key': crypto.randomUUID() });
    expect(late.status).toBe(409);
  } finally {
    await restoreMatrix();
    await restoreLimits();
  }
});
