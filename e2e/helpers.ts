import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!2345';

/** A full-page screenshot into E2E_SCREENSHOT_DIR when set (for people reviewing the screens). */
export async function snap(page: Page, name: string) {
  const directory = process.env.E2E_SCREENSHOT_DIR;
  if (directory) await page.screenshot({ path: `${directory}/${name}.png`, fullPage: true });
}

/** axe findings of serious or critical impact on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe judges what it sees: a menu or tooltip caught mid-fade has washed-out colours. Finite transitions and
  // animations end first; endless ones (progress spinners) are left running.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`);
}

/**
 * Each signed-in browser context comes from its own client address, as real users do: the
 * suite signs in dozens of times, and from one address it would meet the per-address sign-in
 * rate limit (docs/product.md §9). The server believes X-Forwarded-For from loopback (TRUST_PROXY).
 */
function clientAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
}

/** A fresh browser context (its own local dev wallet key), signed in as the user. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

export interface ApiAnswer<T> {
  status: number;
  body: { success: boolean; data: T; message: string; error?: { code: string; fields?: Record<string, string[]> } };
}

/** Calls the API from inside the signed-in page with its token, tenant and a CSRF token, as the web client does. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const common: Record<string, string> = {
        authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        'x-tenant-id': localStorage.getItem('currentTenantId') ?? '',
        ...headers,
      };
      if (method !== 'GET') {
        const csrf = (await (await fetch('/api/v1/auth/csrf-token', { headers: common })).json()) as { data: { token: string } };
        common['x-csrf-token'] = csrf.data.token;
      }
      if (body !== undefined) common['content-type'] = 'application/json';
      const response = await fetch(`/api/v1${path}`, { method, headers: common, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body, headers },
  );
}

/** Connects this browser's local dev wallet through the picker (the page must show a Connect wallet button) and answers its address. */
export async function connectLocalDevWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choose a wallet' });
  await picker.getByRole('button', { name: /Local dev wallet/ }).click();
  await expect(picker).toBeHidden();
  const address = (await page.getByTestId('connected-address').textContent()) ?? '';
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  return address;
}

/**
 * The wallets flow of wallets.spec.ts for a test that needs a funded, approved wallet: this
 * browser's local dev wallet is connected on /wallets, funded from the local faucet, registered
 * for the company, and approved by the platform administrator. Answers its address.
 */
export async function approvedLocalDevWallet(browser: Browser, companyAdmin: Page, name: string): Promise<string> {
  await companyAdmin.goto('/wallets');
  const address = await connectLocalDevWallet(companyAdmin);
  await companyAdmin.getByRole('button', { name: /^Airdrop/ }).click();
  await expect(companyAdmin.getByText('received from the local faucet')).toBeVisible();
  await companyAdmin.getByRole('button', { name: 'Register wallet' }).click();
  const register = companyAdmin.getByRole('dialog', { name: 'Register a company wallet' });
  await register.getByLabel('Wallet name (optional)').fill(name);
  await register.getByRole('button', { name: 'Sign and register' }).click();
  await expect(companyAdmin.getByTestId(`wallet-row-${address}`)).toContainText('Pending approval');

  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/wallets?view=approvals');
  await admin.getByTestId(`wallet-row-${address}`).getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog', { name: 'Approve wallet' }).getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Wallet approved.')).toBeVisible();
  await admin.context().close();
  return address;
}

/** A VCU block as POST /vcus/import answers it (the fields the specs read). */
export interface ImportedVcu {
  id: string;
  serialNumber: string;
  projectId: string;
  projectName: string;
  vintageStart: string;
  amount: string;
  status: string;
  mintAddress: string | null;
}

/** Imports `count` free blocks of the sandbox registry for the signed-in company; answers the imported VCUs. */
export async function importFreeBlocks(page: Page, count: number, options: { maxUnits?: number } = {}): Promise<ImportedVcu[]> {
  const projects = await callApi<{ items: { id: string }[] }>(page, 'GET', '/projects?pageSize=100');
  expect(projects.status).toBe(200);
  const imported: ImportedVcu[] = [];
  for (const project of projects.body.data.items) {
    const detail = await callApi<{ vcuBlocks: { serialNumber: string; status: string; units: string }[] }>(page, 'GET', `/projects/${project.id}`);
    const free = detail.body.data.vcuBlocks.filter((candidate) => candidate.status === 'issued');
    for (const block of free.filter((candidate) => options.maxUnits === undefined || Number(candidate.units) <= options.maxUnits)) {
      if (imported.length === count) return imported;
      const answer = await callApi<ImportedVcu>(page, 'POST', '/vcus/import', { serialNumber: block.serialNumber });
      if (answer.status === 201) imported.push(answer.body.data);
    }
  }
  expect(imported).toHaveLength(count);
  return imported;
}

/**
 * One JSON-RPC call to this server's local chain endpoint (/rpc) with the page's session, as
 * the local dev wallet sends it: the faucet and sendTransaction answer a signed-in session (or
 * this host), and each browser context here comes from its own forwarded address.
 */
export async function rpc<T>(page: Page, method: string, params: unknown[]): Promise<{ result?: T; error?: { code: number; message: string } }> {
  const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  const response = await page.request.post('/rpc', { data: { jsonrpc: '2.0', id: 1, method, params }, headers });
  return (await response.json()) as { result?: T; error?: { code: number; message: string } };
}

/** Supply of a Token-2022 mint read from the chain: u64 little-endian at byte 36 of the mint account. */
export async function onChainSupply(page: Page, mint: string): Promise<bigint> {
  const answer = await rpc<{ value: { data: [string, string] } | null }>(page, 'getAccountInfo', [mint, { encoding: 'base64' }]);
  expect(answer.result?.value, `mint ${mint} exists on chain`).toBeTruthy();
  return Buffer.from(answer.result!.value!.data[0], 'base64').readBigUInt64LE(36);
}

/**
 * The text of an uncompressed PDF written by pdfkit with its standard fonts: each TJ array
 * holds one line as hex WinAnsi codes split by kerning numbers.
 */
export function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map(([, part]) => part).join('');
    lines.push(decoder.decode(Buffer.from(hex, 'hex')));
  }
  return lines.join('\n');
}
