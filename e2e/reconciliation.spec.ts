import { expect, test } from '@playwright/test';
import { findAssociatedTokenPda, getBurnCheckedInstruction, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
} from '@solana/kit';
import { approvedLocalDevWallet, callApi, importFreeBlocks, rpc, seriousViolations, signedInPage, signIn, snap } from './helpers';

/**
 * Issue 16 "Done when": a seeded discrepancy is resolved on /reconciliation. The seed is this
 * spec's own: tokens minted into its own local dev wallet, two of them burned by that wallet
 * directly on chain (outside the platform). 'Run now' finds the lowered supply; the
 * administrator resolves it with 'sync to database' and a reason, another administrator
 * approves the sync, and the re-check closes it — the queue follows live.
 */

const MINTED = 3;
const BURNED = 2n;

test('issue 16: run now finds a burn made outside the platform, and the discrepancy is resolved through the approval and re-checked', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const companyAdmin = await context.newPage();
  await signIn(companyAdmin, 'companyadmin@demo.test');
  const wallet = await approvedLocalDevWallet(browser, companyAdmin, 'E2E reconciliation');
  const wallets = await callApi<{ id: string; address: string }[]>(companyAdmin, 'GET', '/wallets');
  const walletId = wallets.body.data.find((candidate) => candidate.address === wallet)!.id;
  const [vcu] = await importFreeBlocks(companyAdmin, 1);
  const preview = await callApi<{ previewId: string; valid: boolean }>(companyAdmin, 'POST', '/minting/preview', {
    projectId: vcu!.projectId,
    vintage: Number(vcu!.vintageStart.slice(0, 4)),
    quantity: String(MINTED),
    tokenName: 'E2E Reconciliation',
    symbol: 'E2ERC',
    walletId,
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const executed = await callApi<{ operation: { status: string; mintAddress: string } }>(
    companyAdmin,
    'POST',
    '/minting/execute',
    { previewId: preview.body.data.previewId },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(executed.status, JSON.stringify(executed.body)).toBe(200);
  const mint = toAddress(executed.body.data.operation.mintAddress);

  // The holder burns with its own key, without the platform.
  const seed = await companyAdmin.evaluate(() => localStorage.getItem('carbonledger.localDevWallet.secretKey'));
  const holder = await createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(Buffer.from(seed ?? '', 'base64')));
  expect(holder.address).toBe(wallet);
  const [account] = await findAssociatedTokenPda({ owner: holder.address, mint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
  const blockhash = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(companyAdmin, 'getLatestBlockhash', []);
  const burn = await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(holder, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash.result!.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(blockhash.result!.value.lastValidBlockHeight) },
        message,
      ),
    (message) => appendTransactionMessageInstructions([getBurnCheckedInstruction({ account, mint, authority: holder, amount: BURNED, decimals: 0 })], message),
    (message) => signTransactionMessageWithSigners(message),
  );
  const sent = await rpc<string>(companyAdmin, 'sendTransaction', [getBase64EncodedWireTransaction(burn), { encoding: 'base64' }]);
  expect(sent.error).toBeUndefined();
  await context.close();

  // A token's supply is tenant-wide: the platform administrator's queue holds it.
  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/reconciliation');
  await expect(admin.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(admin.getByText('not available yet')).toHaveCount(0);
  await admin.getByRole('button', { name: 'Run now' }).click();
  await expect(admin.getByTestId('reconciliation-run')).toContainText('Last run completed', { timeout: 60_000 });

  const row = admin.getByTestId('discrepancy-row').filter({ hasText: mint }).filter({ hasText: 'Token supply' });
  await expect(row).toContainText('Amount mismatch');
  await expect(row).toContainText('High');
  await expect(admin.getByTestId('reconciliation-summary-row').filter({ hasText: mint })).toContainText(`-${BURNED}`);
  await snap(admin, 'reconciliation-queue');
  expect(await seriousViolations(admin)).toEqual([]);

  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Resolve discrepancy' });
  // Minting the burned tokens back would create tonnes: offered, but refused.
  await expect(dialog.getByRole('radio', { name: /Sync to chain/ })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Sync to database/ }).check();
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText('A reason is required to resolve a discrepancy.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Holder confirmed burning 2 tCO2e from its own wallet');
  await snap(admin, 'reconciliation-resolve-dialog');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByText('Sync sent for approval.')).toBeVisible();
  await expect(row).toContainText('Awaiting approval');

  const queue = await callApi<{ items: { id: string; tokenMint: string | null; entityType: string; approvalId: string | null }[] }>(
    admin,
    'GET',
    '/reconciliation/discrepancies?type=AMOUNT_MISMATCH&pageSize=100',
  );
  const seeded = queue.body.data.items.find((item) => item.tokenMint === mint && item.entityType === 'token_mint')!;
  const approver = await signedInPage(browser, 'superadmin@demo.test');
  const approved = await callApi(approver, 'POST', `/approvals/${seeded.approvalId}/approve`, {}, { 'idempotency-key': crypto.randomUUID() });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await approver.context().close();

  // Re-checked and closed: it leaves the unresolved queue without a reload, and shows resolved.
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  await admin.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Resolved', exact: true }).click();
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('Sync to database');
  await expect(admin.getByTestId('reconciliation-summary-row').filter({ hasText: mint })).not.toContainText(`-${BURNED}`);
  await admin.context().close();
});
