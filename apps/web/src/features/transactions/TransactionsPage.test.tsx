// @vitest-environment happy-dom
import { LIST_COUNT_CAP, type TransactionList, type TransactionView } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, stubApi } from '../../test/screen';
import TransactionsPage, { listFilters, SEARCH_DEBOUNCE_MS } from './TransactionsPage';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const CERTIFICATE = '0b9f6a4e-6a53-4f59-9d0f-3c1c2f9a8e11';

function transaction(overrides: Partial<TransactionView> & Pick<TransactionView, 'id' | 'type'>): TransactionView {
  return {
    status: 'completed',
    project: 'Texas Panhandle Wind Energy',
    projectId: '3107',
    tokenMint: 'MintWind111',
    tokenSymbol: 'TXW23',
    amount: '100',
    decimals: 0,
    hash: HASH,
    date: '2026-11-22T05:00:00.000Z',
    feeLamports: '5000',
    feeSol: '0.000005',
    from: WALLET,
    to: OTHER,
    description: 'Sent 100 TXW23',
    explorerUrl: `https://explorer.solana.com/tx/${HASH}?cluster=devnet`,
    walletAddress: WALLET,
    certificateId: null,
    ...overrides,
  };
}

function page(items: TransactionView[], extra: Partial<TransactionList> = {}): TransactionList {
  return { items, total: items.length, totalCapped: false, page: 1, pageSize: 20, chainAvailable: true, ...extra };
}

/** Answers GET /transactions with each answer in turn (an Error stands for a failing server) and records the query. */
function fakeApi(...answers: (TransactionList | Error)[]) {
  return stubApi(() => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer instanceof Error ? refused(503, 'SERVICE_UNAVAILABLE', answer.message) : ok(answer);
  });
}

/** The list requests the page made (the realtime client asks for its own configuration too). */
const listCalls = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.endsWith('/transactions'));
const queriesOf = (fetch: ReturnType<typeof fakeApi>) => listCalls(fetch).map((url) => url.searchParams);

const renderPage = () => renderScreen(<TransactionsPage name="Transactions" />);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('transactions page', () => {
  setUpScreenTests();
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('leaves empty choices out of the query and trims the search', () => {
    expect(listFilters({ type: '', status: '', search: '   ' }, 0, 20)).toEqual({ page: 1, pageSize: 20 });
    expect(listFilters({ type: 'burn', status: 'failed', search: ' TXW ' }, 2, 50)).toEqual({
      type: 'burn',
      status: 'failed',
      search: 'TXW',
      page: 3,
      pageSize: 50,
    });
  });

  it('lists date, type, token, amount, status and short hash, and asks the server again for each filter', { timeout: 20_000 }, async () => {
    const fetch = fakeApi(
      page([
        transaction({ id: `sent-${HASH}`, type: 'sent' }),
        transaction({ id: 'mint-1', type: 'mint', status: 'processing', hash: null, amount: '12550', decimals: 2 }),
      ]),
      page([transaction({ id: 'mint-1', type: 'mint', status: 'processing', hash: null })]),
      page([]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const sent = within(table).getByTestId(`transaction-row-sent-${HASH}`);
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getByText('TXW23')).toBeTruthy();
    expect(within(sent).getByText('100 tCO2e')).toBeTruthy();
    expect(within(sent).getByText('Completed')).toBeTruthy();
    expect(within(sent).getByText('5VERv8…SZkQUW')).toBeTruthy();
    const mint = within(table).getByTestId('transaction-row-mint-1');
    expect(within(mint).getByText('125.5 tCO2e')).toBeTruthy();
    expect(within(mint).getByText('Processing')).toBeTruthy();
    expect(within(mint).getByText('Not sent yet')).toBeTruthy();

    await choose('Type', 'Mint');
    await waitFor(() => expect(queriesOf(fetch).at(-1)?.get('type')).toBe('mint'));
    await choose('Status', 'Failed');
    await waitFor(() => expect(queriesOf(fetch).at(-1)?.get('status')).toBe('failed'));
    expect(queriesOf(fetch).at(-1)?.get('type')).toBe('mint');
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();

    await choose('Type', 'All');
    await waitFor(() => expect(queriesOf(fetch).at(-1)?.has('type')).toBe(false));
  });

  it('searches once the user stops typing, from the first page', async () => {
    // The clock moves with real time (so the page's own waits go on) and can be moved ahead of it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = fakeApi(page([transaction({ id: `sent-${HASH}`, type: 'sent' })]));
    renderPage();
    await screen.findByRole('table', { name: 'Transactions' });
    const calls = listCalls(fetch).length;
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: '9WzD' } });
    fireEvent.change(search, { target: { value: '9WzDX' } });
    // Nothing is asked while typing.
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2);
    expect(listCalls(fetch).length).toBe(calls);
    await waitFor(() => expect(queriesOf(fetch).at(-1)?.get('search')).toBe('9WzDX'));
    expect(listCalls(fetch).length).toBe(calls + 1);
    expect(queriesOf(fetch).at(-1)?.get('page')).toBe('1');
  });

  it('opens the details with hash, fee in SOL, from, to, description and explorer link; a burn offers its certificate', async () => {
    fakeApi(
      page([
        transaction({ id: `sent-${HASH}`, type: 'sent', description: `Sent 100 TXW23 to ${OTHER}` }),
        transaction({ id: 'burn-1', type: 'burn', to: null, description: 'Retired 5 TXW23, certificate CL-2026-000001', certificateId: CERTIFICATE }),
      ]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    fireEvent.click(within(within(table).getByTestId(`transaction-row-sent-${HASH}`)).getByRole('button', { name: 'Details' }));
    let dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(dialog).getByTestId('transaction-hash').textContent).toBe(HASH);
    expect(within(dialog).getByTestId('transaction-fee').textContent).toBe('0.000005 SOL');
    expect(within(dialog).getByTestId('transaction-from').textContent).toBe(WALLET);
    expect(within(dialog).getByTestId('transaction-to').textContent).toBe(OTHER);
    expect(within(dialog).getByTestId('transaction-description').textContent).toBe(`Sent 100 TXW23 to ${OTHER}`);
    expect(within(dialog).getByRole('link', { name: 'View in explorer' }).getAttribute('href')).toContain(`/tx/${HASH}`);
    expect(within(dialog).queryByRole('button', { name: 'Download certificate' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(within(table).getByTestId('transaction-row-burn-1')).getByRole('button', { name: 'Details' }));
    dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(dialog).getByTestId('transaction-to').textContent).toBe('Burnt (removed from circulation)');
    const pdf = vi.fn(async () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', pdf);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:certificate');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(pdf).toHaveBeenCalledTimes(1));
    expect(String((pdf.mock.calls[0] as unknown[])[0])).toBe(`/api/v1/certificates/${CERTIFICATE}/pdf`);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('says when there are no transactions yet, and when loading failed offers a retry', async () => {
    const fetch = fakeApi(new Error('down'), page([]));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load transactions. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No transactions yet/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('warns when the chain could not be read and only mints and retirements are shown', async () => {
    fakeApi(page([transaction({ id: 'mint-1', type: 'mint' })], { chainAvailable: false }));
    renderPage();
    expect(await screen.findByText(/Transfers on the chain could not be read right now/)).toBeTruthy();
  });

  it('tells a count capped at the list window as "more than 10,000" with the hint (docs/lists.md)', async () => {
    const items = Array.from({ length: 20 }, (_, index) => transaction({ id: `mint-${index}`, type: 'mint' }));
    fakeApi(page(items, { total: LIST_COUNT_CAP, totalCapped: true }));
    renderPage();
    expect(await screen.findByText('1–20 of more than 10,000')).toBeTruthy();
    expect(screen.getByText(/Only the first 10,000 are listed/)).toBeTruthy();
  });
});
