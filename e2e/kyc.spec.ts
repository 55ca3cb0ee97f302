import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { callApi, signIn, signedInPage, snap } from './helpers';

/**
 * Issue 15 "Done when": a business goes through KYC onboarding with a document upload, a CSO
 * reviews and approves it, after which the retirement guard disappears. The business is a new
 * company of the demo tenant (the demo company is approved already), with its own company
 * administrator (the submitter) and CSO (the reviewer: four-eyes).
 */

// The smallest well-formed PNG: the server recognises documents from their bytes.
const REGISTRATION_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CHOSEN_PASSWORD = 'Kyc!e2e-Pass9';

/** A user the administrator creates with a temporary password, who replaces it at the first sign-in. */
async function createUser(admin: Page, request: APIRequestContext, companyId: string, role: string, email: string) {
  const temporary = 'Temp!e2e-Pass1';
  const created = await callApi(admin, 'POST', '/users', {
    firstName: role === 'CSO' ? 'Clara' : 'Bruno',
    lastName: 'E2E',
    email,
    role,
    companyId,
    temporaryPassword: temporary,
    sendInvitation: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const changed = await request.post('/api/v1/auth/login', {
    data: { email, password: temporary, newPassword: CHOSEN_PASSWORD },
    headers: { 'x-forwarded-for': `10.20.${Math.floor(Math.random() * 250)}.7` },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

async function signedInAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, CHOSEN_PASSWORD);
  return page;
}

test('issue 15: a business KYC onboarding with a document upload, reviewed and approved by a CSO, after which the retirement guard disappears', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString().slice(-9);
  const companyName = `Kyc Business ${suffix}`;
  const admin = await signedInPage(browser, 'admin@demo.test');
  const company = await callApi<{ company: { id: string } }>(admin, 'POST', '/companies', {
    name: companyName,
    legalName: `${companyName} Ltd`,
    taxId: `GB${suffix}`,
    country: 'GB',
    address: { line1: '1 Carbon Street', city: 'London' },
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const companyId = company.body.data.company.id;
  const submitterEmail = `kyc-admin-${suffix}@business.test`;
  const reviewerEmail = `kyc-cso-${suffix}@business.test`;
  await createUser(admin, request, companyId, 'COMPANY_ADMIN', submitterEmail);
  await createUser(admin, request, companyId, 'CSO', reviewerEmail);

  // Before the review: the retirement form names the KYC guard with its link to /kyc.
  const submitter = await signedInAs(browser, submitterEmail);
  await submitter.goto('/retirements');
  await expect(submitter.getByTestId('guard-kyc')).toBeVisible();
  await submitter.getByTestId('guard-kyc').getByRole('link', { name: 'Go to KYC onboarding' }).click();
  await expect(submitter).toHaveURL(/\/kyc$/);
  await expect(submitter.getByRole('heading', { level: 1, name: 'KYC Onboarding' })).toBeVisible();
  await expect(submitter.getByTestId('kyc-company-status')).toHaveText('KYC not started');

  // Step by step: business, who, ownership, address — each saved.
  await submitter.getByRole('button', { name: 'Continue as Business' }).click();
  await expect(submitter.getByRole('heading', { level: 2, name: 'Who' })).toBeVisible();
  await submitter.getByRole('textbox', { name: 'Legal name' }).fill(`${companyName} Ltd`);
  await submitter.getByRole('textbox', { name: 'Registration number' }).fill(`RN-${suffix}`);
  await submitter.getByRole('textbox', { name: 'Country of incorporation' }).fill('GB');
  await submitter.getByRole('button', { name: 'Save and continue' }).click();

  await expect(submitter.getByRole('heading', { level: 2, name: 'Ownership and representatives' })).toBeVisible();
  await submitter.getByRole('textbox', { name: 'Full name' }).fill('Beatriz Owner');
  await submitter.getByRole('textbox', { name: 'Nationality' }).fill('GB');
  await submitter.getByRole('spinbutton', { name: 'Ownership (%)' }).fill('75');
  await submitter.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(submitter.getByRole('list', { name: 'Owners and representatives' })).toContainText('Beatriz Owner');
  await submitter.getByRole('button', { name: 'Save and continue' }).click();

  await expect(submitter.getByRole('heading', { level: 2, name: 'Address' })).toBeVisible();
  await submitter.getByRole('textbox', { name: 'Address line 1' }).fill('1 Carbon Street');
  await submitter.getByRole('textbox', { name: 'City', exact: true }).fill('London');
  await submitter.getByRole('textbox', { name: 'Country', exact: true }).fill('GB');
  await submitter.getByRole('button', { name: 'Save and continue' }).click();

  // Progress is kept between visits: a reload opens the documents step.
  await expect(submitter.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  await submitter.reload();
  await expect(submitter.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  await submitter.getByLabel('Notes').fill('Companies House certificate');
  await submitter.getByLabel('Document file').setInputFiles({ name: 'incorporation.png', mimeType: 'image/png', buffer: REGISTRATION_PNG });
  await submitter.getByRole('button', { name: 'Upload', exact: true }).click();
  const documents = submitter.getByRole('table', { name: 'Documents' });
  await expect(documents).toContainText('Certificate of incorporation');
  await expect(documents).toContainText('Companies House certificate');
  await expect(documents).toContainText('Uploaded');
  await snap(submitter, 'kyc-documents');
  await submitter.getByRole('button', { name: 'Continue', exact: true }).click();
  await submitter.getByRole('button', { name: 'Submit for review' }).click();
  await expect(submitter.getByTestId('kyc-case-status')).toContainText('waits for a compliance officer');
  await expect(submitter.getByTestId('kyc-company-status')).toHaveText('KYC pending');

  // The company's CSO reviews it: queue, case with the document inline, assessment, approval.
  const reviewer = await signedInAs(browser, reviewerEmail);
  await reviewer.goto('/compliance/kyc-reviews');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'KYC Reviews' })).toBeVisible();
  await reviewer.getByRole('row', { name: `Open the KYC case of ${companyName}` }).click();
  const view = reviewer.getByTestId('kyc-case-view');
  await expect(view).toContainText(`RN-${suffix}`);
  await expect(view).toContainText('Beatriz Owner');
  await expect(view.getByRole('img', { name: 'Certificate of incorporation document' })).toBeVisible();
  await view.getByRole('combobox', { name: 'Risk level' }).click();
  await reviewer.getByRole('option', { name: 'Low' }).click();
  await view.getByRole('spinbutton', { name: 'Score' }).fill('88');
  for (const item of [
    'Identity verified',
    'Address verified',
    'Ownership and control verified',
    'Documents authentic and current',
    'Sanctions lists screened',
    'Politically exposed persons screened',
  ]) {
    await view.getByRole('checkbox', { name: item }).check();
  }
  await view.getByRole('button', { name: 'Save assessment' }).click();
  // Saved: the case is in review, and the queue shows its risk and score.
  await expect(view.getByTestId('kyc-case-status-chip')).toHaveText('In review');
  await expect(reviewer.getByRole('row', { name: `Open the KYC case of ${companyName}` })).toContainText('88');
  await view.getByRole('button', { name: 'Approve', exact: true }).click();
  await reviewer.getByRole('dialog', { name: 'Approve this KYC case?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(view.getByTestId('kyc-case-status-chip')).toHaveText('Approved');
  await snap(reviewer, 'kyc-review-approved');

  // The submitter's open screen follows live; the retirement guard is gone.
  await expect(submitter.getByTestId('kyc-case-status')).toContainText('approved');
  await expect(submitter.getByTestId('kyc-company-status')).toHaveText('KYC approved');
  await submitter.goto('/retirements');
  await expect(submitter.getByRole('heading', { level: 1, name: 'Retirements' })).toBeVisible();
  await expect(submitter.getByTestId('guard-kyc')).toHaveCount(0);
});
