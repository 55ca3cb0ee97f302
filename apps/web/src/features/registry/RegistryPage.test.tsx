// @vitest-environment happy-dom
import { registryIntegrationTexts, type RegistryLookup, type RegistryOverview } from '@carbonledger/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt/signed-in.json';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import RegistryPage from './RegistryPage';
import { registryMessage } from './registry-messages';

const SERIAL = '9101-1000001-1001234-VCS-VCU-1-VER-BR-1-4101-01012022-31122022-0';

const OVERVIEW: RegistryOverview = {
  registries: [
    {
      id: 'sandbox',
      name: 'Verra sandbox',
      kind: 'sandbox',
      active: true,
      endpoint: null,
      status: 'connected',
      checkedAt: '2026-11-24T10:00:00.000Z',
      lastSync: null,
    },
    { id: 'verra', name: 'Verra', kind: 'api', active: false, endpoint: null, status: 'not_configured', checkedAt: '2026-11-24T10:00:00.000Z', lastSync: null },
  ],
  holdings: { blocks: 3, available: '13234', reserved: '0', tokenised: '100', retired: '500' },
};

const LOOKUP: RegistryLookup = {
  serialNumber: SERIAL,
  projectId: '4101',
  projectName: 'Parque Eólico São João',
  units: '1234',
  vintageStart: '2022-01-01',
  vintageEnd: '2022-12-31',
  country: 'BR',
  registryBlocks: [
    {
      serialNumber: SERIAL,
      projectId: '4101',
      blockStart: '1000001',
      blockEnd: '1001234',
      units: '1234',
      vintageStart: '2022-01-01',
      vintageEnd: '2022-12-31',
      status: 'locked',
      issuanceDate: '2023-02-14',
      verifier: 'Verra registry export',
    },
  ],
  holdings: [{ id: null, serialNumber: SERIAL, status: 'available', ownCompany: false, mintAddress: null, retiredOn: null }],
};

describe('/registry', () => {
  setUpScreenTests();

  it('shows the registries with their status, the holdings, and that nothing was imported yet', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) => (path === '/registry' ? ok(OVERVIEW) : path === '/registry/imports' ? ok([]) : refused(404, 'NOT_FOUND', 'Not found')));
    renderScreen(<RegistryPage name="Registry Integration" />);
    const registries = await screen.findByRole('table', { name: 'Configured registries' });
    expect(within(registries).getByText('Verra sandbox')).toBeTruthy();
    expect(within(registries).getByText('Connected')).toBeTruthy();
    expect(within(registries).getByText('Not configured')).toBeTruthy();
    expect(within(registries).getAllByText('Never synced')).toHaveLength(2);
    expect(await screen.findByText('13,234 tCO2e')).toBeTruthy();
    expect(screen.getByText('500 tCO2e')).toBeTruthy();
    expect(await screen.findByText('No registry export imported yet.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
  });

  it('lets a platform administrator pick the company an export is imported for; a company administrator imports for their own', async () => {
    const companies = [
      { id: crypto.randomUUID(), name: 'Demo Carbon Co' },
      { id: crypto.randomUUID(), name: 'Andes Offsets S.A.' },
    ];
    stubApi(({ path }) =>
      path === '/registry'
        ? ok(OVERVIEW)
        : path === '/companies'
          ? ok(companies.map((company) => ({ ...company })))
          : path === '/registry/imports'
            ? ok([])
            : refused(404, 'NOT_FOUND', 'Not found'),
    );
    signInAs('ADMIN');
    const { unmount } = renderScreen(<RegistryPage name="Registry Integration" />);
    expect(await screen.findByRole('combobox', { name: 'Holdings of company' })).toBeTruthy();
    unmount();
    signInAs('COMPANY_ADMIN');
    renderScreen(<RegistryPage name="Registry Integration" />);
    await screen.findByRole('table', { name: 'Configured registries' });
    expect(screen.queryByRole('combobox', { name: 'Holdings of company' })).toBeNull();
  });

  it('says so when the registry cannot be read, with a retry', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) =>
      path === '/registry' ? refused(503, 'SERVICE_UNAVAILABLE', 'The carbon registry is not reachable. Please try again later.') : ok([]),
    );
    renderScreen(<RegistryPage name="Registry Integration" />);
    expect(await screen.findByText('The carbon registry is not reachable. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Configured registries' })).toBeNull();
  });

  it("looks a serial up: the registry's block and another company's holding, without its id", async () => {
    signInAs('COMPANY_ADMIN');
    const fetch = stubApi(({ path }) =>
      path === '/registry'
        ? ok(OVERVIEW)
        : path === '/registry/lookup'
          ? ok(LOOKUP)
          : path === '/registry/imports'
            ? ok([])
            : refused(404, 'NOT_FOUND', 'Not found'),
    );
    renderScreen(<RegistryPage name="Registry Integration" />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Serial number' }), { target: { value: ` ${SERIAL} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Available · another company')).toBeTruthy();
    expect(screen.getByText('1,234 · locked')).toBeTruthy();
    expect(screen.getByText(/Parque Eólico São João \(4101\)/)).toBeTruthy();
    const lookups = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.endsWith('/registry/lookup'));
    expect(lookups.map((url) => url.searchParams.get('serialNumber'))).toEqual([SERIAL]);
  });

  it('reads the import refusals in the reader’s language', () => {
    const t = ((key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pt)) as unknown as TFunction;
    expect(registryMessage(t, registryIntegrationTexts.csvNotText)).toBe(pt.registry.texts.csvNotText);
    expect(registryMessage(t, `${registryIntegrationTexts.csvHeader}: missing Serial Number`)).toBe(`${pt.registry.texts.csvHeader}: missing Serial Number`);
  });
});
