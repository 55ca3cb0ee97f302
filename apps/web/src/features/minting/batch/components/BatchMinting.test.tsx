// @vitest-environment happy-dom
import type { CompanyWallet, MintingJob } from '@carbonledger/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, stubApi } from '../../../../test/screen';
import { vcu } from '../batch.testing';
import { BatchMinting } from './BatchMinting';

const ids = ['3f1c2a4e-0000-4000-8000-000000000001', '3f1c2a4e-0000-4000-8000-000000000002', '3f1c2a4e-0000-4000-8000-000000000003'];
const vcus = [
  vcu(ids[0]!, '1748', 'Wind Kenya', '2022', '1200'),
  vcu(ids[1]!, '1748', 'Wind Kenya', '2023', '500'),
  vcu(ids[2]!, '981', 'Amazon REDD+', '2022', '300'),
];
const wallet: CompanyWallet = {
  id: '9a9a9a9a-0000-4000-8000-000000000009',
  companyId: '9a9a9a9a-0000-4000-8000-000000000001',
  companyName: 'Verde Energia S.A.',
  address: 'So11111111111111111111111111111111111111112',
  name: 'Treasury',
  type: 'external',
  provider: null,
  status: 'active',
  operational: true,
  primary: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  createdBy: null,
  approvedBy: 'Arthur Mendes',
  approvedAt: '2026-11-02T00:00:00.000Z',
  statusReason: null,
  verifiedOnChainAt: null,
};
const job: MintingJob = {
  id: '5b5b5b5b-0000-4000-8000-000000000005',
  vcuCount: 2,
  totalAmount: '1700',
  mintedAmount: '0',
  status: 'pending',
  progress: 0,
  walletAddress: wallet.address,
  error: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  completedAt: null,
};

const WALLET_LABEL = 'Treasury · So111111…1112';

interface Sent {
  body: unknown;
  key: string | null;
}

/** The API as the batch flow meets it: the VCU list, the wallets and POST /minting/batches answering in turn. */
function fakeApi({ vcusFail = false, batchAnswers = [] as Response[] } = {}) {
  const sent: Sent[] = [];
  stubApi(({ path, method, body, init }) => {
    if (path === '/vcus') return vcusFail ? refused(500, 'INTERNAL_ERROR', 'boom') : ok(vcus);
    if (path === '/wallets') return ok([wallet]);
    if (path === '/minting/batches' && method === 'POST') {
      sent.push({ body, key: new Headers(init.headers).get('idempotency-key') });
      return batchAnswers.shift() ?? ok(job, 202);
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return sent;
}

const renderFlow = () => renderScreen(<BatchMinting jobs={[]} />);

const conflict = () =>
  refused(409, 'CONFLICT', '1 of the selected VCUs are not available for minting any more. Please reload the list.', { vcuBlockIds: [ids[0]] });

describe('batch VCU minting', () => {
  setUpScreenTests();

  it("shows 'Error loading VCUs' when the list cannot be read", async () => {
    fakeApi({ vcusFail: true });
    renderFlow();
    expect(await screen.findByText('Error loading VCUs')).toBeTruthy();
  });

  it('selects all VCUs, reviews count, total and the per-project breakdown, and starts the batch to the approved wallet', async () => {
    const sent = fakeApi();
    renderFlow();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all shown VCUs' }));
    expect(screen.getByTestId('selection-summary').textContent).toBe('3 VCUs selected · 2,000 tCO2e');
    fireEvent.click(screen.getByRole('checkbox', { name: `Select VCU ${vcus[2]!.serialNumber}` }));
    expect(screen.getByTestId('selection-summary').textContent).toBe('2 VCUs selected · 1,700 tCO2e');
    fireEvent.click(screen.getByRole('button', { name: 'Review batch' }));

    const breakdown = await screen.findByRole('table', { name: 'Batch per project and vintage' });
    expect([...breakdown.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['Wind Kenya202211,200', 'Wind Kenya20231500']);
    expect(screen.getByText('1,700')).toBeTruthy();
    expect(await screen.findByText(WALLET_LABEL)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));

    expect(await screen.findByText('Batch minting started.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ vcuBlockIds: [ids[0], ids[1]], walletId: wallet.id });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId(`job-progress-${job.id}`).textContent).toBe('0%');
  });

  it('keeps one Idempotency-Key for the reviewed selection and takes a new one when the selection changes', async () => {
    const sent = fakeApi({ batchAnswers: [conflict(), conflict()] });
    renderFlow();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all shown VCUs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review batch' }));
    await screen.findByText(WALLET_LABEL);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));
    expect(await screen.findByText(/not available for minting any more/)).toBeTruthy();
    expect(screen.getByText(/Go back to the selection to reload the list/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('checkbox', { name: `Select VCU ${vcus[0]!.serialNumber}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Review batch' }));
    await screen.findByText(WALLET_LABEL);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));
    expect(await screen.findByText('Batch minting started.')).toBeTruthy();
    expect(sent[2]?.body).toEqual({ vcuBlockIds: [ids[1], ids[2]], walletId: wallet.id });
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it('follows the started job as the jobs table updates it', async () => {
    fakeApi();
    const view = renderFlow();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all shown VCUs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review batch' }));
    await screen.findByText(WALLET_LABEL);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));
    await screen.findByText('Batch minting started.');
    view.rerender(<BatchMinting jobs={[{ ...job, status: 'running', progress: 40, mintedAmount: '680' }]} />);
    expect(screen.getByTestId(`job-progress-${job.id}`).textContent).toBe('40%');
    view.rerender(<BatchMinting jobs={[{ ...job, status: 'completed', progress: 100, mintedAmount: '1700' }]} />);
    expect(screen.getByText('Batch minted: 1,700 tCO2e are now tokens in the wallet.')).toBeTruthy();
    expect(screen.getByTestId(`job-progress-${job.id}`).textContent).toBe('100%');
  });
});
