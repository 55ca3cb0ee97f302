import { expect, test, type Page } from '@playwright/test';
import { callApi, signIn, snap } from './helpers';

/** A phone, a laptop and a large desktop screen; the issue's 1400 px, where tables were clipped, sits between. */
const WIDTHS = [390, 1280, 1400, 1920] as const;

const COMPANY_SCREENS = [
  '/dashboard',
  '/wallets',
  '/carbon-projects',
  '/minting',
  '/minting/advanced',
  '/portfolio',
  '/retirements',
  '/certificates',
  '/transactions',
  '/settings',
  '/tools/sign-base64',
];
const ADMIN_SCREENS = ['/wallets?view=approvals', '/security-center', '/security/sessions', '/security/logs'];

interface Layout {
  pageWidth: number;
  viewportWidth: number;
  /** Elements reaching past the right edge of the viewport. */
  pastTheEdge: string[];
  /** Tables whose own box scrolls sideways: their last columns are cut off until scrolled to. */
  clippedTables: string[];
  /** Header controls drawn over the product name. */
  overLogo: string[];
}

function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const viewportWidth = window.innerWidth;
    const pastTheEdge = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > viewportWidth + 1 && getComputedStyle(element).position !== 'fixed';
      })
      .slice(0, 5)
      .map(label);
    const clippedTables = Array.from(document.querySelectorAll('.MuiTableContainer-root'))
      .filter((container) => container.scrollWidth > container.clientWidth + 1)
      .map(label);
    const logo = document.querySelector('header a[href="/dashboard"]')?.getBoundingClientRect();
    const overLogo = logo
      ? Array.from(document.querySelectorAll('header button'))
          .filter((button) => {
            const box = button.getBoundingClientRect();
            return box.width > 0 && box.left < logo.right && box.right > logo.left && box.top < logo.bottom && box.bottom > logo.top;
          })
          .map(label)
      : [];
    return { pageWidth: document.documentElement.scrollWidth, viewportWidth, pastTheEdge, clippedTables, overLogo };
  });
}

async function visit(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists and tables fill in after the first paint; their final width is what counts.
  await page.waitForLoadState('networkidle');
  const layout = await measure(page);
  await snap(page, `responsive-${width}-${path.replace(/^\//, '').replace(/[/?=]/g, '-') || 'root'}`);
  expect
    .soft(layout.pageWidth, `${path} at ${width} px is ${layout.pageWidth} px wide; past the edge: ${layout.pastTheEdge.join(' | ')}`)
    .toBeLessThanOrEqual(layout.viewportWidth);
  expect.soft(layout.overLogo, `${path} at ${width} px: header controls over the logo`).toEqual([]);
  // A phone may scroll a wide table inside its own box; from a laptop up every column is in view.
  if (width >= 1280) expect(layout.clippedTables, `${path} at ${width} px: tables cut off`).toEqual([]);
}

for (const width of WIDTHS) {
  test(`every main screen fits ${width} px wide without sideways scrolling`, async ({ browser }) => {
    test.setTimeout(240_000);
    const signedOut = await browser.newPage({ viewport: { width, height: 900 } });
    await visit(signedOut, '/login', width);
    await visit(signedOut, '/verify/CLC-2026-NOPE0000', width);
    await signedOut.close();

    const company = await browser.newPage({ viewport: { width, height: 900 } });
    await signIn(company, 'companyadmin@demo.test');
    // A wallet waiting for approval, so the approvals list has its Approve and Reject buttons to fit.
    expect((await callApi(company, 'POST', '/wallets/managed', { name: `Responsive check ${width}` })).status).toBe(201);
    for (const path of COMPANY_SCREENS) await visit(company, path, width);
    await company.close();

    const admin = await browser.newPage({ viewport: { width, height: 900 } });
    await signIn(admin, 'admin@demo.test');
    for (const path of ADMIN_SCREENS) await visit(admin, path, width);
    await admin.close();
  });
}

test('on a phone the navigation slides over the page from the menu button and closes once a page is chosen', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, 'companyadmin@demo.test');
  const navigation = page.getByRole('navigation');
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(navigation).toBeVisible();
  await navigation.getByRole('link', { name: 'Wallets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(navigation).toBeHidden();
  await snap(page, 'responsive-390-wallets-after-navigation');
  await page.close();
});
