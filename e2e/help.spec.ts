import { expect, test } from '@playwright/test';
import { callApi, seriousViolations, signedInPage } from './helpers';

test('help center in Portuguese: the search finds the Phantom article, ignores accents, says when nothing matches; an article has its contents and related articles; an unknown one is not found', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'viewer@demo.test');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Português' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bem-vindo de volta');

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
  await expect(page.getByText('A tela Central de Ajuda ainda não está disponível.')).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Pesquisar artigos de ajuda' });
  await search.fill('phantom');
  await expect(page.getByRole('status')).toHaveText('1 artigo');
  await expect(page).toHaveURL(/\/help\?q=phantom$/);
  await search.fill('aprovacao carteira');
  await expect(page.getByRole('heading', { level: 2, name: 'Carteiras da empresa e prazos de aprovação' })).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByText('Nenhum artigo corresponde a “zzzz”.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
  await expect(search).toHaveValue('');

  await search.fill('Phantom');
  await page.getByRole('link', { name: /Ver seus tokens de carbono no Phantom/ }).click();
  await expect(page).toHaveURL(/\/help\/phantom-custom-token$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ver seus tokens de carbono no Phantom' })).toBeVisible();

  await page.goto('/help?article=roles-and-permissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Funções e permissões' })).toBeVisible();
  await expect(page.getByText('Administrador: acesso total.')).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Conteúdo' });
  await contents.getByRole('link', { name: 'Funções personalizadas' }).click();
  await expect(page).toHaveURL(/#help-custom-roles$/);
  await page
    .getByRole('complementary')
    .getByRole('link', { name: /Suporte/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
  await expect(page.getByText('O suporte está disponível 24/7.').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/help?article=no-such-article');
  await expect(page.getByRole('heading', { level: 1, name: 'Artigo não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Central de Ajuda' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.context().close();
});

test('the "?" beside a screen title opens the article about that screen', async ({ browser }) => {
  const page = await signedInPage(browser, 'companyadmin@demo.test');
  await page.goto('/wallets');
  await page.getByRole('link', { name: 'Help about this screen' }).click();
  await expect(page).toHaveURL(/\/help\?article=wallet-approval$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company wallets and approval times' })).toBeVisible();
  await expect(page.getByText('Approval takes up to 24 business hours (1–2 business days).')).toBeVisible();

  await page.goto('/retirements');
  await page.getByRole('link', { name: 'Help about this screen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retiring credits and certificates' })).toBeVisible();
  await page.context().close();
});

test('the Phantom article lists the company’s own mint addresses, or says it holds no tokens yet', async ({ browser }) => {
  const page = await signedInPage(browser, 'companyadmin@demo.test');
  const portfolio = await callApi<{ holdings: { mint: string; symbol: string }[] }>(page, 'GET', '/portfolio');
  expect(portfolio.status).toBe(200);
  await page.goto('/help/phantom-custom-token');
  await expect(page.getByRole('heading', { level: 1, name: 'See your carbon tokens in Phantom' })).toBeVisible();
  const mints = page.getByRole('region', { name: 'Your company’s carbon tokens' });
  const holdings = portfolio.body.data.holdings;
  if (holdings.length === 0) {
    await expect(mints.getByText('Your company holds no carbon tokens yet.', { exact: false })).toBeVisible();
  } else {
    for (const holding of holdings) {
      await expect(mints.getByText(holding.mint, { exact: true })).toBeVisible();
      await expect(mints.getByRole('button', { name: `Copy mint address of ${holding.symbol}` }).first()).toBeVisible();
    }
  }
  // The e2e server runs the embedded chain: the wallet's network is this server's own RPC address.
  await expect(page.getByText(`${new URL(page.url()).origin}/rpc`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
