import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const REDIRECTS: Record<string, string> = {
  '/burn': '/retirements',
  '/burn-transactions': '/retirements',
  '/mint': '/minting',
  '/projects': '/carbon-projects',
  '/history': '/transactions',
  '/company-wallets': '/wallets',
  '/wallet': '/wallets',
  '/admin/wallets': '/wallets',
  '/approvals/legacy': '/approvals',
  '/': '/dashboard',
};

test.describe('signed out', () => {
  test('protected and role-restricted routes send the visitor to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/settings', '/security-center', '/team/roles', '/companies/123']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('an unknown path shows the 404 page with a Go Back link', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('signed in', () => {
  test('every specified redirect lands on its target', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    for (const [from, to] of Object.entries(REDIRECTS)) {
      await page.goto(from);
      await expect(page, `${from} → ${to}`).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    }
  });

  test('a signed-in user opening /login goes to the dashboard', async ({ page }) => {
    await signIn(page, 'manager@demo.test');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a viewer gets Access Denied on administrator routes and operations screens', async ({ page }) => {
    await signIn(page, 'viewer@demo.test');
    await page.goto('/team/roles');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await page.goto('/security-center');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    // Every screen still pending is an officers' route; the operations screens are the platform administrators'.
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('the top bar shows the user, company, role and the Platform Admin badge', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Enterprise Carbon Credits Management')).toBeVisible();
    await expect(banner.getByText('Carbonledger Platform · Super Admin')).toBeVisible();
    await expect(banner.getByText('Platform Admin')).toBeVisible();
    await expect(page.locator('header')).toHaveCSS('height', '72px');
  });

  test('a customer company user has no Platform Admin badge and no security bell', async ({ page }) => {
    await signIn(page, 'operator@demo.test');
    await expect(page.getByRole('banner').getByText('Verde Energia S.A. · Operator')).toBeVisible();
    await expect(page.getByText('Platform Admin')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Security alerts/ })).toHaveCount(0);
  });

  test('the drawer toggles between 280 and 73 px', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    const drawer = page.locator('.MuiDrawer-paper');
    await expect(drawer).toHaveCSS('width', '280px');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(drawer).toHaveCSS('width', '73px');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(drawer).toHaveCSS('width', '280px');
  });

  test('the sidebar can be walked with the keyboard', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const groupButton = nav.getByRole('button', { name: 'Carbon Operations' });
    await groupButton.focus();
    await expect(groupButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Retirements' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Mint New' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/minting$/);
    await groupButton.focus();
    await page.keyboard.press('Enter');
    await expect(groupButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Retirements' })).toHaveCount(0);
  });

  test('the sidebar follows the role: a viewer sees no team or security entries', async ({ page }) => {
    await signIn(page, 'viewer@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Retirements' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Team Management' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Security & Monitoring' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Companies' })).toHaveCount(0);
  });

  test('the profile menu offers Manage Users only to ADMIN and SUPER_ADMIN, and logout returns to /login', async ({ page }) => {
    await signIn(page, 'manager@demo.test');
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the language switches to Portuguese and Spanish and stays after a reload', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Português' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bem-vindo de volta');
    await expect(page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Operações de Carbono' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bem-vindo de volta');
    await page.getByRole('button', { name: 'Idioma: Português' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bienvenido de nuevo');
    await expect(page.getByText('Gestión Empresarial de Créditos de Carbono')).toBeVisible();
    await page.getByRole('button', { name: 'Idioma: Español' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
  });

  test('the theme toggle switches to dark, keeps it across a reload, and its tooltip is Portuguese', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    const toDark = page.getByRole('button', { name: 'Mudar para tema escuro' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 247, 246)');
    await toDark.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Mudar para tema escuro');
    await toDark.click();
    await expect(page.getByRole('button', { name: 'Mudar para tema claro' })).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Mudar para tema claro' })).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
    await page.getByRole('button', { name: 'Mudar para tema claro' }).click();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 247, 246)');
  });

  test('at most 3 toasts are visible, bottom-left', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    await page.goto('/dashboard?__toasts=5');
    await expect(page.getByText('Test notification 5')).toBeVisible();
    await expect(page.getByText(/^Test notification \d$/)).toHaveCount(3);
    await expect(page.getByText('Test notification 1')).toHaveCount(0);
    const box = await page.getByText('Test notification 5').boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x < viewport.width / 2 && box.y > viewport.height / 2).toBe(true);
  });

  test('a crashing page shows the error screen, retries, reports and recovers on navigation', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    // The same endpoint also receives the page-load timings, 3 s after a load (the sign-in's can land here).
    const report = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/logs/frontend-error') &&
        request.method() === 'POST' &&
        (request.postDataJSON() as { name?: string }).name !== 'PerformanceReport',
    );
    await page.goto('/dashboard?__crash=page');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const sent = (await report).postDataJSON() as { message: string; context: { errorId: string } };
    expect(sent.message).toContain('Simulated page crash');
    await expect(page.getByText(`Error ID: ${sent.context.errorId}`)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('button', { name: 'Show error details' }).click();
    await expect(page.getByRole('heading', { name: /Error: Simulated page crash/ })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('retry-count')).toHaveText('Retried 1 time');
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Retirements' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await page.goto('/dashboard?__crash=critical');
    await expect(page.getByRole('heading', { name: 'Critical Error' })).toBeVisible();
  });
});
