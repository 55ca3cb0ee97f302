import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, callApi, signIn, signedInPage } from './helpers';

/**
 * Issue 14 item 7 (docs/product.md §2 /profile, §5): the profile photo upload — a JPG becomes the
 * 256 × 256 square shown in the header avatar, a GIF is refused with the §5 text — and the
 * password change, which ends the user's other sessions and takes the new password at the next
 * sign-in. The CSO's password is put back at the end so other specs sign in as before.
 */
const NEW_PASSWORD = 'Profile!Spec9';

test('the profile photo upload shows the resized photo in the header, and refuses a GIF', async ({ page }) => {
  await signIn(page, 'cso@demo.test');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByText('Profile photo: JPG or PNG, max 2 MB.')).toBeVisible();

  const jpg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpg });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  const headerPhoto = page.getByRole('banner').getByRole('img', { name: 'Your profile photo' });
  await expect(headerPhoto).toHaveAttribute('src', /^\/api\/v1\/files\/bafkrei[a-z2-7]{52}$/);
  await expect.poll(() => headerPhoto.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([256, 256]);

  // The photo stays after a reload: it is the user's, not the page's.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: gif });
  await expect(page.getByRole('alert').filter({ hasText: 'Profile photo: JPG or PNG, max 2 MB.' })).toBeVisible();
  // A PNG sent as a JPG still goes through: the server reads the bytes.
  const png = readFileSync(new URL('./fixtures/logo.png', import.meta.url));
  await page.getByTestId('profile-photo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
});

test('changing the password from /profile ends the other sessions and the new password signs in', async ({ browser, page }) => {
  const elsewhere = await signedInPage(browser, 'cso@demo.test');
  await signIn(page, 'cso@demo.test');
  await page.goto('/profile');
  try {
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('Current password').fill('Wrong!Pass1');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/^Password changed\. \d+ other sessions? (was|were) signed out\.$/)).toBeVisible();

    // The other browser's session has ended: its next screen is the sign-in page.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login/);
    // This one goes on.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

    const fresh = await (await browser.newContext()).newPage();
    await signIn(fresh, 'cso@demo.test', NEW_PASSWORD);
  } finally {
    await callApi(page, 'POST', '/auth/password', { currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD });
  }
});
