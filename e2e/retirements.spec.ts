import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022';
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
} from '@solana/kit';
import { approvedLocalDevWallet, callApi, onChainSupply, pdfText, rpc, seriousViolations, signedInPage, snap } from './helpers';

/**
 * Issue 7 "Done when": in Chromium a company admin retires tokens now and on a schedule (the
 * job fires), cancels another scheduled one, downloads the PDF (its text holds the certificate
 * fields), opens the public verification page from the QR link and sees 'valid'; an attempt to
 * transfer the certificate fails on chain; on-chain supply, database and registry agree afterwards.
 */

const MINTED = 30n;
const RETIRE_NOW = 5n;
const RETIRE_SCHEDULED = 3n;
const RETIRE_CANCELLED = 2n;
const RETIRE_IN_SIGN_TOOL = 1n;
const BENEFICIARY = 'Instituto Mata Atlantica E2E';

interface Retirement {
  id: string;
  status: string;
  amount: string;
  tokenMint: string;
  tokenSymbol: string;
  projectId: string;
  projectName: string;
  beneficiaryName: string;
  signature: string | null;
  registryReference: string | null;
  serialNumbers: string[];
  certificateId: string | null;
  certificateNumber: string | null;
  certificateMint: string | null;
  walletAddress: string;
  companyId: string;
}
interface Stats {
  totalRetired: string;
  certificates: number;
  transactions: number;
}
interface Holding {
  mint: string;
  walletAddress: string;
  heldAmount: string;
  retiredAmount: string;
}

/** Mints tokens of the first project with enough available units to the wallet, through POST /minting/preview and /execute. */
async function mintTo(page: Page, walletAddress: string, quantity: bigint): Promise<{ mint: string; projectId: string }> {
  const wallets = await callApi<{ id: string; address: string }[]>(page, 'GET', '/wallets');
  const walletId = wallets.body.data.find((wallet) => wallet.address === walletAddress)?.id;
  expect(walletId, 'the approved wallet is listed').toBeTruthy();
  const projects = await callApi<{ items: { id: string }[] }>(page, 'GET', '/projects?pageSize=100');
  const refusals: string[] = [];
  for (const project of projects.body.data.items) {
    const preview = await callApi<{ previewId: string; valid: boolean }>(page, 'POST', '/minting/preview', {
      projectId: project.id,
      quantity: quantity.toString(),
      tokenName: 'E2E Retirement',
      symbol: 'E2ER',
      walletId,
    });
    if (preview.status !== 200 || !preview.body.data.valid) {
      refusals.push(`${project.id}: ${preview.status} ${preview.body.message}`);
      continue;
    }
    const executed = await callApi<{ operation: { status: string; mintAddress: string } }>(
      page,
      'POST',
      '/minting/execute',
      { previewId: preview.body.data.previewId },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body.data.operation.status).toBe('completed');
    return { mint: executed.body.data.operation.mintAddress, projectId: project.id };
  }
  throw new Error(`No project has ${quantity} units to mint: ${refusals.join('; ')}`);
}

async function retirements(page: Page): Promise<Retirement[]> {
  const answer = await callApi<{ items: Retirement[] }>(page, 'GET', '/retirements?pageSize=100');
  expect(answer.status).toBe(200);
  return answer.body.data.items;
}

async function stats(page: Page): Promise<Stats> {
  return (await callApi<Stats>(page, 'GET', '/retirements/stats')).body.data;
}

async function holdingOf(page: Page, mint: string, walletAddress: string): Promise<Holding | undefined> {
  const portfolio = await callApi<{ holdings: Holding[] }>(page, 'GET', '/portfolio');
  return portfolio.body.data.holdings.find((holding) => holding.mint === mint && holding.walletAddress === walletAddress);
}

/** The datetime-local value `seconds` from now in the page's time zone. */
async function localTimeIn(page: Page, seconds: number): Promise<string> {
  return page.evaluate((offset) => {
    const at = new Date(Date.now() + offset * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  }, seconds);
}

async function fillRetirement(page: Page, input: { mint: string; wallet: string; amount: bigint; memo: string; scheduleInSeconds?: number }) {
  const form = page.getByRole('form', { name: 'New retirement' });
  await form.getByLabel('Token').selectOption(`${input.mint}:${input.wallet}`);
  await form.getByLabel('Amount (tCO2e)').fill(input.amount.toString());
  await form.getByLabel('Reason').selectOption('net_zero_commitment');
  await form.getByLabel('Country of use').selectOption('BR');
  await form.getByLabel('State or province (optional)').fill('BR-SP');
  await form.getByLabel('Beneficiary').fill(BENEFICIARY);
  await form.getByLabel('Memo (optional)').fill(input.memo);
  if (input.scheduleInSeconds !== undefined) {
    await form.getByLabel('Schedule for later').check();
    await form.getByLabel('Execute at').fill(await localTimeIn(page, input.scheduleInSeconds));
  }
}

/** The retirement created last for the wallet: the history is newest first. */
async function newest(page: Page, walletAddress: string): Promise<Retirement> {
  const mine = (await retirements(page)).filter((retirement) => retirement.walletAddress === walletAddress);
  expect(mine.length).toBeGreaterThan(0);
  return mine[0]!;
}

/** A signed-out browser opens the link the certificate's QR code carries. */
async function publicVerification(browser: Browser, verifyUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(verifyUrl);
  return page;
}

test('issue 7: retire now and on a schedule, cancel a scheduled one, certificate PDF and public verification, soulbound on chain, supply = database = registry', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  const wallet = await approvedLocalDevWallet(browser, companyAdmin, 'E2E retirements');
  const { mint, projectId } = await mintTo(companyAdmin, wallet, MINTED);
  const supplyBefore = await onChainSupply(companyAdmin, mint);
  const statsBefore = await stats(companyAdmin);

  // The screen: stats, the form with its guards, the history.
  await companyAdmin.goto('/retirements');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Retirements' })).toBeVisible();
  await expect(companyAdmin.getByTestId('retirement-stats')).toContainText('Total retired');
  // The local dev wallet connected on /wallets is connected again here without asking.
  await expect(companyAdmin.getByTestId('guard-wallet')).toHaveCount(0);
  await expect(companyAdmin.getByTestId('guard-kyc')).toHaveCount(0);
  await snap(companyAdmin, 'retirements-empty-form');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // 1. Retire now: the wallet signs the burn + certificate, the server submits it.
  await fillRetirement(companyAdmin, { mint, wallet, amount: RETIRE_NOW, memo: 'E2E retire now' });
  await companyAdmin.getByRole('button', { name: 'Retire now' }).click();
  await companyAdmin
    .getByRole('dialog', { name: 'Retire credits for good?' })
    .getByRole('button', { name: /^Burn / })
    .click();
  const success = companyAdmin.getByTestId('retirement-success');
  await expect(success).toContainText('Credits retired. The certificate was issued.', { timeout: 30_000 });
  await expect(success.getByRole('link', { name: /View certificate CLC-/ })).toHaveAttribute('href', /\/certificates\?id=/);
  await expect(success.getByRole('link', { name: /View in explorer/ })).toHaveAttribute('href', /explorer\.solana\.com\/tx\//);
  const retiredNow = await newest(companyAdmin, wallet);
  expect(retiredNow).toMatchObject({ status: 'completed', amount: RETIRE_NOW.toString(), tokenMint: mint });
  expect(retiredNow.certificateNumber).toMatch(/^CLC-/);
  const nowRow = companyAdmin.getByTestId(`retirement-row-${retiredNow.id}`);
  await expect(nowRow).toContainText('Retired');
  await expect(nowRow).toContainText(`${RETIRE_NOW} tCO2e`);
  await snap(companyAdmin, 'retirements-retired-now');

  // 2. Schedule one a few seconds ahead: the wallet signs the delegate approval, the job burns at the time.
  await fillRetirement(companyAdmin, { mint, wallet, amount: RETIRE_SCHEDULED, memo: 'E2E scheduled', scheduleInSeconds: 15 });
  await companyAdmin.getByRole('button', { name: 'Schedule' }).click();
  await expect(success).toBeVisible({ timeout: 30_000 });
  const scheduled = await newest(companyAdmin, wallet);
  expect(scheduled.amount).toBe(RETIRE_SCHEDULED.toString());
  const scheduledRow = companyAdmin.getByTestId(`retirement-row-${scheduled.id}`);
  await expect(scheduledRow).toContainText(/Scheduled|Processing/);
  await snap(companyAdmin, 'retirements-scheduled');
  // The page polls while something is scheduled: the row turns Retired once the job has fired.
  await expect(scheduledRow).toContainText('Retired', { timeout: 90_000 });

  // 3. Schedule another far ahead and cancel it: the wallet signs the reduced allowance.
  await fillRetirement(companyAdmin, { mint, wallet, amount: RETIRE_CANCELLED, memo: 'E2E to cancel', scheduleInSeconds: 3600 });
  await companyAdmin.getByRole('button', { name: 'Schedule' }).click();
  await expect(success).toBeVisible({ timeout: 30_000 });
  const toCancel = await newest(companyAdmin, wallet);
  const cancelRow = companyAdmin.getByTestId(`retirement-row-${toCancel.id}`);
  await expect(cancelRow).toContainText('Scheduled', { timeout: 30_000 });
  await cancelRow.getByRole('button', { name: 'Cancel retirement' }).click();
  const confirm = companyAdmin.getByRole('dialog', { name: 'Cancel this retirement?' });
  await expect(confirm).toContainText(`${RETIRE_CANCELLED} ${toCancel.tokenSymbol} will not be retired.`);
  await expect(confirm).toContainText('revocation');
  await confirm.getByRole('button', { name: 'Cancel retirement' }).click();
  await expect(companyAdmin.getByText('Retirement cancelled.')).toBeVisible({ timeout: 30_000 });
  await expect(cancelRow).toContainText('Cancelled');
  await expect(cancelRow.getByRole('button', { name: 'Cancel retirement' })).toHaveCount(0);
  await cancelRow.getByRole('button', { name: 'View details' }).click();
  const details = companyAdmin.getByRole('dialog', { name: 'Retirement details' });
  await expect(details).toContainText(toCancel.id);
  await expect(details).toContainText('E2E to cancel');
  await snap(companyAdmin, 'retirements-details');
  expect(await seriousViolations(companyAdmin)).toEqual([]);
  await details.getByRole('button', { name: 'Close' }).click();

  // 4. A retirement created elsewhere waits for its signature: "prepare" opens it in /tools/sign-base64, signed and submitted there.
  const created = await callApi<{ retirement: Retirement }>(
    companyAdmin,
    'POST',
    '/retirements',
    {
      companyId: toCancel.companyId,
      walletAddress: wallet,
      tokenMint: mint,
      amount: RETIRE_IN_SIGN_TOOL.toString(),
      reason: 'voluntary_offset',
      location: { country: 'BR' },
      beneficiaryName: BENEFICIARY,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const prepared = created.body.data.retirement;
  await companyAdmin.reload();
  const preparedRow = companyAdmin.getByTestId(`retirement-row-${prepared.id}`);
  await expect(preparedRow).toContainText('Waiting for signature');
  await preparedRow.getByRole('button', { name: 'Sign in the signing tool' }).click();
  await expect(companyAdmin).toHaveURL(/\/tools\/sign-base64\?transactionId=/);
  await expect(companyAdmin.getByRole('table', { name: 'Instructions' })).toContainText('Memo');
  await companyAdmin.getByRole('button', { name: 'Sign with wallet' }).click();
  await companyAdmin.getByRole('button', { name: 'Submit' }).click();
  await expect(companyAdmin.getByTestId('submission-confirmed')).toContainText('Confirmed on chain', { timeout: 30_000 });
  await expect
    .poll(async () => (await callApi<Retirement>(companyAdmin, 'GET', `/retirements/${prepared.id}`)).body.data.status, { timeout: 30_000 })
    .toBe('completed');
  await companyAdmin.goto('/retirements');
  await expect(companyAdmin.getByTestId(`retirement-row-${prepared.id}`)).toContainText('Retired');

  // 5. The certificate: downloaded from /certificates, its PDF text holds the certificate fields.
  const certificate = (
    await callApi<{ number: string; verifyUrl: string; projectName: string; transactionHash: string; certificateMint: string; holderAddress: string }>(
      companyAdmin,
      'GET',
      `/certificates/${retiredNow.certificateId}`,
    )
  ).body.data;
  expect(certificate.number).toBe(retiredNow.certificateNumber);
  await companyAdmin.goto('/certificates');
  await companyAdmin.getByLabel('Search certificates').fill(certificate.number);
  const download = companyAdmin.waitForEvent('download');
  await companyAdmin.getByRole('button', { name: `Download the PDF of certificate ${certificate.number}` }).click();
  const pdf = pdfText(await readFile(await (await download).path()));
  for (const field of [certificate.number, BENEFICIARY, certificate.projectName, certificate.transactionHash, certificate.verifyUrl])
    expect(pdf).toContain(field);
  expect(pdf).toMatch(new RegExp(`\\b${RETIRE_NOW}\\b.*tCO2e`));

  // 6. The QR code's link: the public verification page, signed out, re-checked against the chain.
  const verifier = await publicVerification(browser, certificate.verifyUrl);
  await expect(verifier.getByText('This certificate is valid.')).toBeVisible({ timeout: 30_000 });
  await expect(verifier.getByText(certificate.number).first()).toBeVisible();
  // The beneficiary's name stays private on the public page.
  await expect(verifier.getByText(BENEFICIARY)).toHaveCount(0);
  await snap(verifier, 'verify-valid');
  await verifier.context().close();

  // 7. The certificate is soulbound: its holder signs a Token-2022 transfer of it and the chain refuses.
  const seed = await companyAdmin.evaluate(() => localStorage.getItem('carbonledger.localDevWallet.secretKey'));
  const holder = await createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(Buffer.from(seed ?? '', 'base64')));
  expect(holder.address).toBe(wallet);
  expect(certificate.holderAddress).toBe(wallet);
  const certificateMint = toAddress(certificate.certificateMint);
  const recipient = await generateKeyPairSigner();
  const [source] = await findAssociatedTokenPda({ owner: holder.address, mint: certificateMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
  const [destination] = await findAssociatedTokenPda({ owner: recipient.address, mint: certificateMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
  const blockhash = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(companyAdmin, 'getLatestBlockhash', []);
  const transfer = await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(holder, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash.result!.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(blockhash.result!.value.lastValidBlockHeight) },
        message,
      ),
    (message) =>
      appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: holder,
            ata: destination,
            owner: recipient.address,
            mint: certificateMint,
            tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
          }),
          getTransferCheckedInstruction({ source, mint: certificateMint, destination, authority: holder, amount: 1n, decimals: 0 }),
        ],
        message,
      ),
    (message) => signTransactionMessageWithSigners(message),
  );
  const refused = await rpc<string>(companyAdmin, 'sendTransaction', [getBase64EncodedWireTransaction(transfer), { encoding: 'base64' }]);
  expect(refused.result).toBeUndefined();
  // The recipient's account is created (instruction 0); Token-2022 refuses the transfer itself (instruction 1): the
  // holder's certificate account is frozen for good, which also stops a burn or a close (docs/chain.md).
  expect(refused.error?.message).toMatch(/instruction 1 failed: account is frozen/i);
  const held = await rpc<{ value: { account: { data: { parsed?: unknown } | [string, string] } }[] }>(companyAdmin, 'getTokenAccountsByOwner', [
    holder.address,
    { mint: certificateMint },
    { encoding: 'base64' },
  ]);
  expect(held.result?.value).toHaveLength(1);
  expect(await onChainSupply(companyAdmin, certificate.certificateMint)).toBe(1n);

  // 8. Chain, database and registry agree: burnt = retired = retired in the registry.
  const all = (await retirements(companyAdmin)).filter((retirement) => retirement.walletAddress === wallet);
  const completed = all.filter((retirement) => retirement.status === 'completed');
  expect(completed.map((retirement) => retirement.id).sort()).toEqual([retiredNow.id, scheduled.id, prepared.id].sort());
  expect(all.find((retirement) => retirement.id === toCancel.id)?.status).toBe('cancelled');
  const burnt = RETIRE_NOW + RETIRE_SCHEDULED + RETIRE_IN_SIGN_TOOL;
  expect(await onChainSupply(companyAdmin, mint)).toBe(supplyBefore - burnt);
  const holding = await holdingOf(companyAdmin, mint, wallet);
  expect(holding?.heldAmount).toBe((MINTED - burnt).toString());
  const statsAfter = await stats(companyAdmin);
  expect(BigInt(statsAfter.totalRetired) - BigInt(statsBefore.totalRetired)).toBe(burnt);
  expect(statsAfter.certificates - statsBefore.certificates).toBe(3);
  const project = (await callApi<{ vcuBlocks: { serialNumber: string; units: string; status: string }[] }>(companyAdmin, 'GET', `/projects/${projectId}`)).body
    .data;
  for (const retirement of completed) {
    expect(retirement.registryReference, `registry reference of ${retirement.id}`).toBeTruthy();
    const blocks = project.vcuBlocks.filter((block) => retirement.serialNumbers.includes(block.serialNumber));
    expect(blocks.every((block) => block.status === 'retired')).toBe(true);
    expect(blocks.reduce((sum, block) => sum + BigInt(block.units), 0n)).toBe(BigInt(retirement.amount));
  }

  // The stat cards show the same totals.
  await companyAdmin.goto('/retirements');
  await expect(companyAdmin.getByTestId('retirement-stats')).toContainText(`${statsAfter.totalRetired} tCO2e`);
  await snap(companyAdmin, 'retirements-history');
  await companyAdmin.context().close();
});

test('/retirements: a viewer reads the history without the form; a load failure says so', async ({ browser }) => {
  const viewer = await signedInPage(browser, 'viewer@demo.test');
  await viewer.goto('/retirements');
  await expect(viewer.getByRole('heading', { name: 'Retirement history' })).toBeVisible();
  await expect(viewer.getByRole('form', { name: 'New retirement' })).toHaveCount(0);
  await viewer.route('**/api/v1/retirements?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: null, message: 'Internal server error. Please try again later.' }),
    }),
  );
  await viewer.reload();
  // Queries retry a server failure three times (1 s, 2 s, 4 s) before the page gives up.
  await expect(viewer.getByTestId('retirements-load-failed')).toHaveText('Failed to load retirement data', { timeout: 20_000 });
  await viewer.context().close();
});
