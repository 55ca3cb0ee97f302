// @vitest-environment happy-dom
import { registryTexts, type CarbonProject, type CompanyWallet, type ProjectStats, type PurchaseOrder, type Vcu } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import CarbonProjectsPage from './CarbonProjectsPage';

function project(overrides: Partial<CarbonProject> & Pick<CarbonProject, 'id' | 'name' | 'type'>): CarbonProject {
  return {
    registry: 'sandbox',
    description: `${overrides.name}: a verified carbon project.`,
    location: 'Bom Jesus da Lapa, Bahia, Brazil',
    country: 'BR',
    technology: 'Solar photovoltaic',
    vintage: '2021–2023',
    vintages: [2021, 2022, 2023],
    coBenefits: ['SDG 7: Affordable and Clean Energy', 'SDG 8: Decent Work and Economic Growth', 'SDG 13: Climate Action', 'CCB Gold'],
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    developer: 'Verde Energia S.A.',
    standard: 'VCS',
    sectoralScope: 1,
    totalCredits: '40000',
    availableCredits: '30000',
    retiredCredits: '10000',
    ...overrides,
  };
}

const PROJECTS = [
  project({ id: '2250', name: 'Bahia Solar Photovoltaic Complex', type: 'renewable' }),
  project({
    id: '3107',
    name: 'Texas Panhandle Wind Energy',
    type: 'wind',
    location: 'Amarillo, Texas, United States',
    country: 'US',
    vintage: '2023',
    vintages: [2023],
    coBenefits: ['SDG 13: Climate Action'],
  }),
  project({ id: '1868', name: 'Kenya Clean Cookstoves Programme', type: 'cookstoves', location: 'Nairobi, Kenya', country: 'KE' }),
];

const STATS: ProjectStats = {
  projectCount: 3,
  totalCredits: '120000',
  availableCredits: '90000',
  retiredCredits: '30000',
  byType: (['renewable', 'wind', 'cookstoves'] as const).map((type) => ({
    type,
    projectCount: 1,
    totalCredits: '40000',
    availableCredits: '30000',
    retiredCredits: '10000',
  })),
};

const VCUS: Vcu[] = [
  {
    id: null,
    serialNumber: '16044-690100001-690105000-VCS-VCU-1168-VER-BR-1-2250-01012021-31122021-0',
    registry: 'sandbox',
    projectId: '2250',
    projectName: 'Bahia Solar Photovoltaic Complex',
    vintage: '2021',
    vintageStart: '2021-01-01',
    vintageEnd: '2021-12-31',
    amount: '5000',
    status: 'not_imported',
    verification: { status: 'verified', verifier: 'SCS Global Services', issuanceDate: '2022-06-01', registryReference: null },
    mintAddress: null,
    createdAt: null,
  },
];

/** A stand-in for the API: answers like the server (search over name, id and location; type filter) and records each call. */
const WALLET: CompanyWallet = {
  id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  companyId: '1b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  companyName: 'Verde Energia S.A.',
  address: 'BuyerWa11et1111111111111111111111111111111',
  name: 'Treasury',
  type: 'external',
  provider: null,
  status: 'approved',
  operational: true,
  primary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  approvedBy: null,
  approvedAt: null,
  statusReason: null,
  verifiedOnChainAt: null,
};
const QUOTE: PurchaseOrder = {
  id: '2b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  companyId: WALLET.companyId,
  companyName: WALLET.companyName,
  projectId: '3107',
  projectName: 'Texas Panhandle Wind Energy',
  vintage: 2023,
  quantity: '4',
  available: '40',
  currency: 'EUR',
  unitPriceUsd: '12.50',
  rate: '0.9200',
  unitPrice: '11.50',
  subtotal: '46.00',
  feeRateBps: 100,
  fee: '0.46',
  total: '46.46',
  status: 'quoted',
  quoteExpiresAt: '2026-01-01T00:15:00.000Z',
  paymentDueAt: null,
  walletAddress: null,
  invoiceId: null,
  invoiceNumber: null,
  serialNumbers: [],
  mintAddress: null,
  signature: null,
  deliveryError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
let purchaseOrders: PurchaseOrder[] = [];

function fakeApi({ failProjects = false } = {}) {
  const calls: URL[] = [];
  purchaseOrders = [];
  stubApi(({ url, path, method }) => {
    calls.push(url);
    if (path === '/projects/stats') return ok(STATS);
    if (path === '/projects') {
      if (failProjects) return refused(500, 'INTERNAL_ERROR', 'Internal server error. Please try again later.');
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const type = url.searchParams.get('type') ?? 'all';
      const items = PROJECTS.filter(
        (item) => (type === 'all' || item.type === type) && [item.name, item.id, item.location].some((field) => field.toLowerCase().includes(search)),
      );
      return ok({ items, total: items.length, page: 1, pageSize: 12 });
    }
    if (path === '/projects/2250') return ok({ ...PROJECTS[0], vcuBlocks: [] });
    if (path === '/projects/2250/vcus') return ok(VCUS);
    if (path === '/purchases/orders') return ok({ orders: purchaseOrders });
    if (path === '/purchases/availability') return ok({ projectId: '3107', vintages: [{ vintage: 2023, available: '40', unitPriceUsd: '12.50' }] });
    if (path === '/wallets') return ok([WALLET]);
    if (path === '/purchases/quotes' && method === 'POST') return ok(QUOTE, 201, 'Quote ready.');
    if (path === `/purchases/orders/${QUOTE.id}/confirm` && method === 'POST') {
      purchaseOrders = [{ ...QUOTE, status: 'invoiced', invoiceNumber: 'INV-000042', invoiceId: QUOTE.id, walletAddress: WALLET.address }];
      return ok(purchaseOrders[0]);
    }
    return refused(404, 'NOT_FOUND', 'The requested resource was not found.');
  });
  return calls;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/carbon-projects') {
  return renderScreen(
    <>
      <Routes>
        <Route path="/carbon-projects" element={<CarbonProjectsPage name="Carbon Projects" />} />
        <Route path="/minting/advanced" element={<p>Advanced minting wizard</p>} />
      </Routes>
      <Location />
    </>,
    { path },
  );
}

const cards = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('carbon projects page', () => {
  setUpScreenTests();

  it('shows the stats, a type filter of All plus the types present, and cards with vintage, co-benefits and credits', async () => {
    fakeApi();
    signInAs('COMPANY_ADMIN');
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const stats = screen.getByRole('region', { name: 'Project statistics' });
    expect(within(stats).getByText('120,000')).toBeTruthy();
    expect(within(stats).getByText('90,000')).toBeTruthy();
    const filter = screen.getByRole('group', { name: 'Project type' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Renewable', 'Wind', 'Cookstoves']);

    const bahia = screen.getByRole('article', { name: 'Bahia Solar Photovoltaic Complex' });
    expect(within(bahia).getByText('VCS 2250')).toBeTruthy();
    expect(within(bahia).getByRole('img', { name: 'Brazil' })).toBeTruthy();
    expect(within(bahia).getByText('2021–2023')).toBeTruthy();
    expect(within(bahia).getByText('ACM0002')).toBeTruthy();
    // Three co-benefits on the card, the fourth summarised.
    expect(
      within(within(bahia).getByRole('list', { name: 'Co-benefits' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SDG 7: Affordable and Clean Energy', 'SDG 8: Decent Work and Economic Growth', 'SDG 13: Climate Action', '+1 more']);
    expect(within(bahia).getByText('40,000')).toBeTruthy();
    expect(within(bahia).getByText('30,000')).toBeTruthy();
    expect(within(bahia).getByText('10,000')).toBeTruthy();
    expect(within(bahia).getByRole('progressbar', { name: '75% still available' }).getAttribute('aria-valuenow')).toBe('75');
  });

  it('searches on the server once typing pauses, and filters by type', async () => {
    const calls = fakeApi();
    signInAs('VIEWER');
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), { target: { value: 'kenya' } });
    await waitFor(() => expect(cards()).toEqual(['Kenya Clean Cookstoves Programme']));
    expect(calls.filter((url) => url.pathname === '/api/v1/projects').map((url) => url.searchParams.get('search'))).toEqual([null, 'kenya']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), { target: { value: '' } });
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Wind' }));
    await waitFor(() => expect(cards()).toEqual(['Texas Panhandle Wind Energy']));
    expect(calls.at(-1)?.searchParams.get('type')).toBe('wind');
  });

  it('offers Mint tokens only to users allowed to mint; the action opens the wizard on the project', async () => {
    fakeApi();
    signInAs('VIEWER');
    const viewer = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('link', { name: /Mint tokens/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /View details/ })).toHaveLength(3);
    viewer.unmount();

    signInAs('OPERATOR');
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('link', { name: 'Mint tokens for Texas Panhandle Wind Energy' }));
    expect(screen.getByText('Advanced minting wizard')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/minting/advanced?projectId=3107');
  });

  it('opens the detail from ?project=<id> with the developer, registry, co-benefits and VCU blocks, and closing it clears the link', async () => {
    fakeApi();
    signInAs('VIEWER');
    renderPage('/carbon-projects?project=2250');
    const dialog = await screen.findByRole('dialog', { name: 'Bahia Solar Photovoltaic Complex' });
    expect(within(dialog).getByText('Verde Energia S.A.')).toBeTruthy();
    expect(within(dialog).getByText('Verra sandbox')).toBeTruthy();
    expect(within(dialog).getByText('CCB Gold')).toBeTruthy();
    const blocks = await within(dialog).findByRole('table', { name: 'VCU blocks' });
    expect(within(blocks).getByText(VCUS[0]!.serialNumber)).toBeTruthy();
    expect(within(blocks).getByText('Free to import')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /Mint tokens/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Buy credits' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/carbon-projects'));
  });

  it('buys credits from a card: vintage and quantity capped at what is free, the quote in EUR, then the order with its invoice in the list', async () => {
    const calls = fakeApi();
    signInAs('COMPANY_ADMIN');
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(await screen.findByText('No purchase orders yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy credits of Texas Panhandle Wind Energy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits — Texas Panhandle Wind Energy' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Vintage' }));
    fireEvent.click(await screen.findByRole('option', { name: /2023 — 40 tCO2e available/ }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity (tCO2e)' });
    fireEvent.change(quantity, { target: { value: '41' } });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Get quote' }).disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'EUR' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get quote' }));
    const quote = await within(dialog).findByRole('region', { name: 'Quote' });
    expect(quote.textContent).toContain('46.46');
    expect(quote.textContent).toContain('0.9200 EUR per 1 USD');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Wallet receiving the tokens' }));
    fireEvent.click(await screen.findByRole('option', { name: /Treasury/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect((await within(dialog).findByText(/Invoice INV-000042/)).textContent).toContain('waits for payment');
    const confirm = calls.find((url) => url.pathname.endsWith('/confirm'));
    expect(confirm).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('INV-000042')).toBeTruthy();
    expect(screen.getByText('Invoiced')).toBeTruthy();
  }, 20_000);

  it("says 'Failed to load projects' when the list cannot load, and says so when nothing matches", async () => {
    fakeApi({ failProjects: true });
    signInAs('VIEWER');
    const failing = renderPage();
    // The purchase orders section has its own alert; the projects' failure is the one naming them.
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(registryTexts.loadProjectsFailed))).toBe(true));
    failing.unmount();

    fakeApi();
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), { target: { value: 'atlantis' } });
    expect(await screen.findByText('No projects match your search and filter.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
