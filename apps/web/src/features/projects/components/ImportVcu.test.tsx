// @vitest-environment happy-dom
import { registryTexts, type CarbonProject, type Vcu } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachToastHost } from '../../../lib/toast';
import { availableVcuKeys } from '../../../lib/vcu-keys';
import en from '../../../locales/en/signed-in.json';
import es from '../../../locales/es/signed-in.json';
import pt from '../../../locales/pt/signed-in.json';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi, testQueryClient } from '../../../test/screen';
import CarbonProjectsPage from '../CarbonProjectsPage';
import { importMessageKeys } from '../import-messages';

const FREE_SERIAL = '16044-690100001-690105000-VCS-VCU-1168-VER-BR-1-2250-01012021-31122021-0';
const HELD_SERIAL = '16045-690105001-690106000-VCS-VCU-1168-VER-BR-1-2250-01012022-31122022-0';

const PROJECT: CarbonProject = {
  id: '2250',
  registry: 'sandbox',
  name: 'Bahia Solar Photovoltaic Complex',
  description: 'A verified carbon project.',
  location: 'Bom Jesus da Lapa, Bahia, Brazil',
  country: 'BR',
  type: 'renewable',
  technology: 'Solar photovoltaic',
  vintage: '2021–2022',
  vintages: [2021, 2022],
  coBenefits: ['SDG 13: Climate Action'],
  methodology: 'ACM0002',
  methodologyName: 'Grid-connected electricity generation from renewable sources',
  developer: 'Verde Energia S.A.',
  standard: 'VCS',
  sectoralScope: 1,
  totalCredits: '6000',
  availableCredits: '5000',
  retiredCredits: '0',
};

function vcu(serialNumber: string, status: Vcu['status'], amount: string): Vcu {
  return {
    id: status === 'not_imported' ? null : crypto.randomUUID(),
    serialNumber,
    registry: 'sandbox',
    projectId: '2250',
    projectName: PROJECT.name,
    vintage: '2021',
    vintageStart: '2021-01-01',
    vintageEnd: '2021-12-31',
    amount,
    status,
    verification: { status: 'verified', verifier: 'SCS Global Services', issuanceDate: '2022-06-01', registryReference: null },
    mintAddress: null,
    createdAt: null,
  };
}

type ImportAnswer = (serialNumber: string) => Response;

/**
 * A stand-in for the API: one project with a free block and one this company holds. An
 * import answers like the server (201 and the block becomes available) unless told otherwise.
 */
function fakeApi(answerImport?: ImportAnswer) {
  const blocks = [vcu(FREE_SERIAL, 'not_imported', '5000'), vcu(HELD_SERIAL, 'available', '1000')];
  const imports: string[] = [];
  stubApi(({ path, method, body }) => {
    if (path === '/vcus/import' && method === 'POST') {
      const { serialNumber } = body as { serialNumber: string };
      imports.push(serialNumber);
      if (answerImport) return answerImport(serialNumber);
      const block = blocks.find((candidate) => candidate.serialNumber === serialNumber);
      if (!block || block.status !== 'not_imported') return refused(409, 'CONFLICT', registryTexts.overlap);
      Object.assign(block, { status: 'available', id: crypto.randomUUID() });
      return ok(block, 201, registryTexts.imported);
    }
    if (path === '/projects/stats') return ok({ projectCount: 1, totalCredits: '6000', availableCredits: '5000', retiredCredits: '0', byType: [] });
    if (path === '/projects') return ok({ items: [PROJECT], total: 1, page: 1, pageSize: 12 });
    if (path === '/projects/2250') return ok({ ...PROJECT, vcuBlocks: [] });
    if (path === '/projects/2250/vcus') return ok(blocks);
    return refused(404, 'NOT_FOUND', 'Not found');
  });
  return imports;
}

function renderPage(path = '/carbon-projects?project=2250') {
  const client = testQueryClient();
  // What /minting shows: the company's imported VCUs, cached from an earlier visit.
  client.setQueryData(availableVcuKeys.all, []);
  renderScreen(
    <Routes>
      <Route path="/carbon-projects" element={<CarbonProjectsPage name="Carbon Projects" />} />
    </Routes>,
    { path, client },
  );
  return client;
}

const blocksTable = () => screen.findByRole('table', { name: 'VCU blocks' });
const serialField = () => within(screen.getByRole('dialog', { name: 'Import VCU block' })).getByRole('textbox', { name: 'Verra serial number' });

async function openImportDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import VCU block' }));
  return screen.findByRole('dialog', { name: 'Import VCU block' });
}

function submitSerial(dialog: HTMLElement, serial: string) {
  fireEvent.change(serialField(), { target: { value: serial } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
}

describe('importing VCU blocks', () => {
  const toasts = vi.fn();
  setUpScreenTests();
  beforeAll(() => attachToastHost(toasts));
  afterEach(() => toasts.mockClear());

  it('offers no import to a user who may not mint', async () => {
    fakeApi();
    signInAs('VIEWER');
    renderPage();
    const table = await blocksTable();
    await within(table).findByText(FREE_SERIAL);
    expect(within(table).queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import VCU block', hidden: true })).toBeNull();
  });

  it('offers Import to a user who may mint, only on blocks free to import', async () => {
    fakeApi();
    signInAs('OPERATOR');
    renderPage();
    const table = await blocksTable();
    await within(table).findByText(FREE_SERIAL);
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([`Import VCU block ${FREE_SERIAL}`]);
    // The page header and the detail both open the import by serial.
    expect(screen.getAllByRole('button', { name: 'Import VCU block', hidden: true })).toHaveLength(2);
  });

  it('imports a block from its row: the server message as a toast, the row turns Imported, the minting list is refreshed and the next steps link to minting', async () => {
    const imports = fakeApi();
    signInAs('COMPANY_ADMIN');
    const client = renderPage();
    const table = await blocksTable();
    const row = (await within(table).findByText(FREE_SERIAL)).closest('tr')!;
    expect(within(row).getByText('Free to import')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: `Import VCU block ${FREE_SERIAL}` }));
    // Nothing is locked until the user has read what the import does.
    const confirmation = await screen.findByRole('dialog', { name: 'Import and lock this VCU block?' });
    expect(confirmation.textContent).toContain(
      `5,000 tCO2e of ${PROJECT.name} (serials ${FREE_SERIAL}) will be locked in the registry for your company. The lock cannot be undone`,
    );
    expect(imports).toEqual([]);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Import and lock' }));
    await waitFor(() => expect(within(row).getByText('Imported')).toBeTruthy());
    expect(imports).toEqual([FREE_SERIAL]);
    expect(toasts).toHaveBeenCalledWith(registryTexts.imported, { variant: 'success' });
    expect(within(row).queryByRole('button')).toBeNull();
    expect(client.getQueryState(availableVcuKeys.all)?.isInvalidated).toBe(true);

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('5,000 tCO2e imported');
    expect(within(notice).getByRole('link', { name: 'Mint these VCUs' }).getAttribute('href')).toBe('/minting');
    expect(within(notice).getByRole('link', { name: 'Open the mint wizard' }).getAttribute('href')).toBe('/minting/advanced?projectId=2250');
  });

  it('checks the serial with the contract parser before sending it, naming each bad field', async () => {
    const imports = fakeApi();
    signInAs('COMPANY_ADMIN');
    renderPage('/carbon-projects');
    const dialog = await openImportDialog();

    submitSerial(dialog, '16044-690100001-690105000');
    await within(dialog).findByText(/^Serial number must have 13 dash-separated fields .* or 12 in the legacy form without VCS; found 3$/);
    expect(serialField().getAttribute('aria-invalid')).toBe('true');

    // The legacy 12-field form is parsed field by field too.
    submitSerial(dialog, '16044-690105000-690100001-VCU-262-VER-XQ-1-3107-01012023-31122023-0');
    await within(dialog).findByText('Block end 690100001 is before block start 690105000');
    expect(within(dialog).getByText('Country "XQ" is not a known ISO 3166 country code')).toBeTruthy();
    expect(imports).toEqual([]);
  });

  it('shows the server refusal of a range already held plainly, and its field errors under the field', async () => {
    const imports = fakeApi((serial) =>
      serial === HELD_SERIAL
        ? refused(409, 'CONFLICT', registryTexts.overlap)
        : refused(400, 'VALIDATION_ERROR', 'Validation failed', {
            serialNumber: ['Vintage start "01012021" is not a real calendar date (DDMMYYYY, years 1990–2100)'],
          }),
    );
    signInAs('COMPANY_ADMIN');
    renderPage('/carbon-projects');
    const dialog = await openImportDialog();

    submitSerial(dialog, HELD_SERIAL);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(registryTexts.overlap);
    expect(toasts).not.toHaveBeenCalled();

    submitSerial(dialog, FREE_SERIAL);
    await within(dialog).findByText('Vintage start "01012021" is not a real calendar date (DDMMYYYY, years 1990–2100)');
    expect(serialField().getAttribute('aria-invalid')).toBe('true');
    expect(imports).toEqual([HELD_SERIAL, FREE_SERIAL]);
  });

  it('imports a sub-range by serial from the dialog and leads on to minting', async () => {
    const subRange = '16044-690100001-690100010-VCS-VCU-1168-VER-BR-1-2250-01012021-31122021-0';
    const imports = fakeApi(() => ok(vcu(subRange, 'available', '10'), 201, registryTexts.imported));
    signInAs('COMPANY_ADMIN');
    const client = renderPage('/carbon-projects');
    const dialog = await openImportDialog();

    submitSerial(dialog, ` ${subRange} `);
    const notice = await within(dialog).findByRole('status');
    expect(imports).toEqual([subRange]);
    expect(notice.textContent).toContain('10 tCO2e imported');
    expect(within(notice).getByRole('link', { name: 'Open the mint wizard' }).getAttribute('href')).toBe('/minting/advanced?projectId=2250');
    expect(toasts).toHaveBeenCalledWith(registryTexts.imported, { variant: 'success' });
    expect(client.getQueryState(availableVcuKeys.all)?.isInvalidated).toBe(true);
    expect((serialField() as HTMLInputElement).value).toBe('');
  });

  it('has a text in every language for each server text it translates', () => {
    const textAt = (texts: object, key: string): unknown =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    for (const key of importMessageKeys()) for (const texts of [en, pt, es]) expect(typeof textAt(texts, key), key).toBe('string');
  });
});
