// @vitest-environment happy-dom
import type { Certificate, CertificateList } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, stubApi } from '../../test/screen';
import CertificatesPage from './CertificatesPage';

const SIGNATURE = '5'.repeat(87);
const MINT = 'Cert1111111111111111111111111111111111111111';

function certificate(overrides: Partial<Certificate> & Pick<Certificate, 'number'>): Certificate {
  return {
    id: crypto.randomUUID(),
    retirementId: crypto.randomUUID(),
    companyId: crypto.randomUUID(),
    amount: '1250',
    decimals: 0,
    tokenSymbol: 'TXW23',
    tokenMint: 'Mint111111111111111111111111111111111111111',
    date: '2026-04-01T10:00:00.000Z',
    reason: 'net_zero_commitment',
    projectId: '3107',
    projectName: 'Texas Panhandle Wind Energy',
    developer: 'Lone Star Renewables LLC',
    location: 'Amarillo, Texas, United States',
    methodology: 'ACM0002',
    standard: 'VCS',
    vintage: 2023,
    registry: 'sandbox',
    registryReference: null,
    country: 'BR',
    subdivision: 'BR-SP',
    transactionHash: SIGNATURE,
    certificateMint: MINT,
    holderAddress: 'Hold111111111111111111111111111111111111111',
    metadataHash: 'a'.repeat(64),
    explorer: {
      transaction: `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
      certificateMint: `https://explorer.solana.com/address/${MINT}?cluster=devnet`,
    },
    verifyUrl: `http://localhost:3000/verify/${overrides.number}`,
    beneficiary: 'Acme Foods Ltd',
    ...overrides,
  };
}

/** Answers the list with the certificates whose number, project or beneficiary holds the search; files as given. */
function fakeApi(certificates: Certificate[], files: { pdf?: Response; qr?: Response } = {}) {
  return stubApi(({ url }) => {
    if (url.pathname.endsWith('/pdf')) return files.pdf ?? new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } });
    if (url.pathname.endsWith('/qr')) return files.qr ?? new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    const byId = certificates.find((item) => url.pathname === `/api/v1/certificates/${item.id}`);
    if (byId) return ok(byId);
    if (/\/certificates\/[0-9a-f-]{36}$/.test(url.pathname)) return refused(404, 'NOT_FOUND', 'No certificate with this number exists.');
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const items = certificates.filter((item) => [item.number, item.projectName, item.beneficiary].some((text) => text.toLowerCase().includes(search)));
    const page: CertificateList = {
      items,
      total: items.length,
      totalCapped: false,
      page: Number(url.searchParams.get('page') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 20),
    };
    return ok(page);
  });
}

const renderPage = (path = '/certificates') => renderScreen(<CertificatesPage name="Certificates" />, { path });

describe('certificates page', () => {
  setUpScreenTests();
  afterEach(() => vi.restoreAllMocks());

  it('lists the certificates and finds them by number, project or beneficiary', async () => {
    const fetch = fakeApi([
      certificate({ number: 'CLC-2026-WIND0001' }),
      certificate({ number: 'CLC-2026-CERR0002', projectName: 'Cerrado Reforestation', beneficiary: 'Verde Energia S.A.' }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Certificates' });
    const wind = within(table).getByTestId('certificate-CLC-2026-WIND0001');
    expect(within(wind).getByText('Texas Panhandle Wind Energy')).toBeTruthy();
    expect(within(wind).getByText('1,250 tCO2e')).toBeTruthy();
    expect(within(wind).getByText('Acme Foods Ltd')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search certificates'), { target: { value: 'cerrado' } });
    await waitFor(() => expect(screen.queryByTestId('certificate-CLC-2026-WIND0001')).toBeNull());
    expect(screen.getByTestId('certificate-CLC-2026-CERR0002')).toBeTruthy();
    expect(fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('search'))).toContain('cerrado');

    fireEvent.change(screen.getByLabelText('Search certificates'), { target: { value: 'nobody' } });
    expect((await screen.findByTestId('certificates-empty')).textContent).toBe('No certificate matches this search.');
  });

  it('says there are no certificates yet when the company has none', async () => {
    fakeApi([]);
    renderPage();
    expect((await screen.findByTestId('certificates-empty')).textContent).toBe('No certificates yet. Retiring credits issues a certificate.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('views a certificate with every specified field and its explorer links', async () => {
    fakeApi([certificate({ number: 'CLC-2026-WIND0001' })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'View certificate CLC-2026-WIND0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificate CLC-2026-WIND0001' });
    const fields = within(dialog).getByTestId('certificate-fields');
    const expected: [string, string][] = [
      ['Certificate number', 'CLC-2026-WIND0001'],
      ['Amount retired', '1,250 tCO2e'],
      ['Beneficiary', 'Acme Foods Ltd'],
      ['Reason', 'Net-zero commitment'],
      ['Project name', 'Texas Panhandle Wind Energy'],
      ['Developer', 'Lone Star Renewables LLC'],
      ['Location', 'Amarillo, Texas, United States'],
      ['Methodology', 'ACM0002'],
      ['Standard', 'VCS'],
      ['Vintage year', '2023'],
      ['Transaction hash', SIGNATURE],
    ];
    for (const [label, value] of expected) {
      const term = within(fields).getByText(label);
      expect(term.nextElementSibling?.textContent).toContain(value);
    }
    expect(within(fields).getByText('Date').nextElementSibling?.textContent).toMatch(/2026/);
    expect(
      within(dialog)
        .getByRole('link', { name: `Open transaction ${SIGNATURE} in the explorer` })
        .getAttribute('href'),
    ).toContain(`/tx/${SIGNATURE}`);
    expect(
      within(dialog)
        .getByRole('link', { name: `Open certificate token ${MINT} in the explorer` })
        .getAttribute('href'),
    ).toContain(`/address/${MINT}`);
    expect(within(dialog).getByRole('link', { name: 'Open the public verification page' }).getAttribute('href')).toBe(
      'http://localhost:3000/verify/CLC-2026-WIND0001',
    );
  });

  it('opens the viewer of a linked certificate (/certificates?id=…) read by its id', async () => {
    const linked = certificate({ number: 'CLC-2026-LINK0003' });
    const fetch = fakeApi([certificate({ number: 'CLC-2026-WIND0001' }), linked]);
    renderPage(`/certificates?id=${linked.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Certificate CLC-2026-LINK0003' });
    expect(fetch.mock.calls.some(([input]) => String(input) === `/api/v1/certificates/${linked.id}`)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when a linked certificate does not exist', async () => {
    fakeApi([certificate({ number: 'CLC-2026-WIND0001' })]);
    renderPage(`/certificates?id=${crypto.randomUUID()}`);
    expect((await screen.findByTestId('certificate-link-failed')).textContent).toContain('No certificate with this number exists.');
  });

  it('shows the QR code the API draws for the verification address', async () => {
    const fetch = fakeApi([certificate({ number: 'CLC-2026-WIND0001' })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show the QR code of certificate CLC-2026-WIND0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code of certificate CLC-2026-WIND0001' });
    const image = await within(dialog).findByRole('img', { name: 'QR code leading to http://localhost:3000/verify/CLC-2026-WIND0001' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const qrCall = fetch.mock.calls.find(([input]) => String(input).includes('/qr'));
    expect(qrCall).toBeDefined();
  });

  it('downloads the PDF named after the certificate', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:certificate');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('certificate-CLC-2026-WIND0001.pdf');
    });
    const item = certificate({ number: 'CLC-2026-WIND0001' });
    const fetch = fakeApi([item]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the PDF of certificate CLC-2026-WIND0001' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.some(([input]) => String(input) === `/api/v1/certificates/${item.id}/pdf`)).toBe(true);
    expect(created).toHaveBeenCalledTimes(1);
  });
});
