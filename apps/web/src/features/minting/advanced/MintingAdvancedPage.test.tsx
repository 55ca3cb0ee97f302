// @vitest-environment happy-dom
import { DEFAULT_PERMISSIONS, mintingTexts, type CarbonProject, type CompanyWallet, type MintPreview, type Vcu } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import type { BrowserWallet } from '../../../lib/use-browser-wallet';
import { ok, refused, renderScreen, setUpScreenTests, stubApi } from '../../../test/screen';
import MintingAdvancedPage from './MintingAdvancedPage';

const WALLET_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
// The browser wallet is the one thing the page cannot get from the API: the test says whether it is connected.
const browser = vi.hoisted(() => ({ connected: false }));
vi.mock('../../../lib/use-browser-wallet', () => ({
  useBrowserWallet: (): BrowserWallet => ({
    entries: [],
    conflicts: { detected: [], conflicting: false } as unknown as BrowserWallet['conflicts'],
    embeddedChain: true,
    connected: browser.connected
      ? ({ wallet: { name: 'Local dev wallet' }, account: { address: WALLET_ADDRESS } } as unknown as BrowserWallet['connected'])
      : null,
    connect: async () => undefined,
    disconnect: () => undefined,
  }),
}));

const PROJECT: CarbonProject = {
  id: '3107',
  registry: 'sandbox',
  name: 'Texas Panhandle Wind Energy',
  description: 'Wind farm',
  location: 'Amarillo, Texas, United States',
  country: 'US',
  type: 'wind',
  technology: 'Wind',
  vintage: '2022–2023',
  vintages: [2022, 2023],
  coBenefits: [],
  methodology: 'ACM0002',
  methodologyName: 'Grid-connected electricity',
  developer: 'Developer',
  standard: 'VCS',
  sectoralScope: 1,
  totalCredits: '100000',
  availableCredits: '50000',
  retiredCredits: '0',
};

function vcu(year: number, amount: string): Vcu {
  return {
    id: crypto.randomUUID(),
    serialNumber: `16044-1-2-VCS-VCU-262-VER-US-1-3107-0101${year}-3112${year}-0`,
    registry: 'sandbox',
    projectId: '3107',
    projectName: PROJECT.name,
    vintage: String(year),
    vintageStart: `${year}-01-01`,
    vintageEnd: `${year}-12-31`,
    amount,
    status: 'available',
    verification: { status: 'verified', verifier: 'SCS', issuanceDate: '2024-01-01', registryReference: null },
    mintAddress: null,
    createdAt: null,
  };
}

const WALLET: CompanyWallet = {
  id: crypto.randomUUID(),
  companyId: crypto.randomUUID(),
  companyName: 'Verde Energia S.A.',
  address: WALLET_ADDRESS,
  name: 'Treasury',
  type: 'external',
  provider: null,
  status: 'approved',
  operational: true,
  primary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  approvedBy: 'Arthur Mendes',
  approvedAt: '2026-01-01T00:00:00.000Z',
  statusReason: null,
  verifiedOnChainAt: null,
};

function previewFor(body: { quantity: string; tokenName: string; symbol: string; vintage: number }): MintPreview {
  return {
    previewId: crypto.randomUUID(),
    expiresAt: '2026-01-01T00:15:00.000Z',
    valid: true,
    project: { id: '3107', name: PROJECT.name, registry: 'sandbox', methodology: 'ACM0002', type: 'wind' },
    vintage: body.vintage,
    quantity: body.quantity,
    availableQuantity: '400',
    token: {
      name: body.tokenName,
      symbol: body.symbol,
      decimals: 0,
      description: null,
      logoUrl: null,
      existingMint: null,
      willCreateMint: true,
      mintAuthority: 'Issuer1111111111111111111111111111111111111',
      freezeAuthority: 'Freeze11111111111111111111111111111111111111',
      method: 'non-custodial',
    },
    wallet: { id: WALLET.id, address: WALLET_ADDRESS, status: 'approved', approved: true, balance: '2000000000' },
    fees: { tokenCreation: '4000000', transaction: '20000', associatedTokenAccount: '2074080', total: '6094080' },
    payer: { address: 'Issuer1111111111111111111111111111111111111', role: 'platform_issuer', balance: '5000000000', required: '6094080', sufficient: true },
    requiresApproval: false,
    approvalLimit: '10000',
    checks: {
      projectExists: { ok: true, message: '' },
      quantityAvailable: { ok: true, message: '' },
      token: { ok: true, message: '' },
      walletApproved: { ok: true, message: '' },
      balance: { ok: true, message: '' },
    },
  };
}

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

/** The API as the wizard uses it; execute fails once with 503, then mints (or, above the approval limit, answers 202). */
function fakeApi({ awaitingApproval = false, receivingWalletSol = '2000000000', payerSol = '5000000000' } = {}) {
  const calls: Call[] = [];
  let executions = 0;
  let minted = false;
  stubApi(({ method, path, body, init }) => {
    calls.push({ method, path, body: body as Call['body'], headers: { ...(init.headers as Record<string, string>) } });
    if (path === '/projects') return ok({ items: [PROJECT], total: 1, page: 1, pageSize: 100 });
    if (path === '/projects/3107') return ok({ ...PROJECT, vcuBlocks: [] });
    // Once minted, the 2022 block is tokenised and only 2023 is left to mint from.
    if (path === '/projects/3107/vcus') return ok([vcu(2023, '600'), { ...vcu(2022, '150'), status: minted ? 'tokenised' : 'available' }, vcu(2023, '400')]);
    if (path === '/wallets') return ok([WALLET]);
    if (path === '/minting/preview') {
      const preview = previewFor(body as never);
      const payerCovers = BigInt(payerSol) >= BigInt(preview.payer.required);
      return ok({
        ...preview,
        valid: payerCovers,
        wallet: { ...preview.wallet, balance: receivingWalletSol },
        payer: { ...preview.payer, balance: payerSol, sufficient: payerCovers },
        checks: { ...preview.checks, balance: { ok: payerCovers, message: '' } },
      });
    }
    if (path === '/minting/execute') {
      executions += 1;
      if (awaitingApproval) {
        const approval = {
          id: crypto.randomUUID(),
          type: 'mint',
          requestorId: null,
          projectId: '3107',
          credits: '150',
          status: 'pending',
          priority: 'medium',
          level: 1,
          approverRole: 'ADMIN',
          timeoutAt: '2026-01-03T00:00:00.000Z',
          operationId: crypto.randomUUID(),
          createdAt: '2026-01-01T00:00:00.000Z',
          decidedAt: null,
        };
        const operation = {
          id: approval.operationId,
          status: 'pending',
          projectId: '3107',
          projectName: PROJECT.name,
          registry: 'sandbox',
          vintage: 2022,
          quantity: '150',
          tokenName: 'T',
          symbol: 'TPWE22',
          walletAddress: WALLET_ADDRESS,
          mintAddress: null,
          signature: null,
          explorerUrl: null,
          serialNumbers: [],
          error: null,
          approvalRequestId: approval.id,
          createdAt: '2026-01-01T00:00:00.000Z',
          completedAt: null,
        };
        return ok({ operation, approval }, 202);
      }
      if (executions === 1) return refused(503, 'SERVICE_UNAVAILABLE', mintingTexts.mintingFailed);
      minted = true;
      return ok({
        operation: {
          id: crypto.randomUUID(),
          status: 'completed',
          projectId: '3107',
          projectName: PROJECT.name,
          registry: 'sandbox',
          vintage: 2022,
          quantity: '150',
          tokenName: 'T',
          symbol: 'TPWE22',
          walletAddress: WALLET_ADDRESS,
          mintAddress: 'Mint111111111111111111111111111111111111111',
          signature: 'sig',
          explorerUrl: 'https://explorer.solana.com/tx/sig?cluster=devnet',
          serialNumbers: [],
          error: null,
          approvalRequestId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          completedAt: '2026-01-01T00:00:01.000Z',
        },
        approval: null,
      });
    }
    return refused(404, 'NOT_FOUND', 'The requested resource was not found.');
  });
  return calls;
}

function renderWizard(path: string) {
  return renderScreen(
    <Routes>
      <Route path="/minting/advanced" element={<MintingAdvancedPage name="Advanced Minting" />} />
    </Routes>,
    { path },
  );
}

const quantityInput = () => screen.getByRole('textbox', { name: /Quantity \(tCO2e\)/ });

describe('advanced mint wizard', () => {
  setUpScreenTests();
  beforeEach(() => {
    browser.connected = false;
    useAuthStore.setState({
      status: 'authenticated',
      session: { sessionId: 's', fingerprint: 'f', permissions: [...DEFAULT_PERMISSIONS.COMPANY_ADMIN] },
    } as never);
  });

  it('asks for a project before the token step', async () => {
    fakeApi();
    renderWizard('/minting/advanced');
    await screen.findByRole('radio', { name: /Texas Panhandle Wind Energy/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a project first.');
    fireEvent.click(screen.getByRole('radio', { name: /Texas Panhandle Wind Energy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Token for Texas Panhandle Wind Energy' });
  });

  it('opens on the token step for ?projectId=, proposes the token and caps the quantity at the vintage’s available VCUs', async () => {
    const calls = fakeApi();
    renderWizard('/minting/advanced?projectId=3107');
    await screen.findByRole('heading', { name: 'Token for Texas Panhandle Wind Energy' });
    expect(calls.some((call) => call.path === '/projects')).toBe(false);
    // The oldest vintage with units is chosen; its cap is shown.
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toBe('At most 150 tCO2e are available.'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Token name/ }).value).toBe('Texas Panhandle Wind Energy 2022');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Symbol/ }).value).toBe('TPWE22');

    fireEvent.change(quantityInput(), { target: { value: '151' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview and fees' }));
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toContain(mintingTexts.quantityUnavailable));
    expect(screen.getByRole('alert').textContent).toBe(mintingTexts.validationFailed);
    expect(calls.some((call) => call.path === '/minting/preview')).toBe(false);
  });

  it('shows fees, keeps Execute off until a wallet is connected and the preview reviewed, and retries with the same Idempotency-Key', async () => {
    const calls = fakeApi();
    renderWizard('/minting/advanced?projectId=3107');
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toBe('At most 150 tCO2e are available.'));
    fireEvent.change(quantityInput(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview and fees' }));

    await screen.findByText(mintingTexts.previewValid);
    expect(calls.find((call) => call.path === '/minting/preview')?.body).toMatchObject({
      projectId: '3107',
      vintage: 2022,
      quantity: '150',
      symbol: 'TPWE22',
      walletId: WALLET.id,
      decimals: 0,
    });
    expect(screen.getByTestId('fee-total').textContent).toBe('0.00609408 SOL');
    expect(screen.getByTestId('fee-ata').textContent).toBe('0.00207408 SOL');
    expect(screen.getByTestId('check-balance').textContent).toBe(
      'Passed0.00609408 SOL in fees, paid by the platform fee payer (5 SOL available); the receiving wallet pays nothing',
    );
    const execute = () => screen.getByRole('button', { name: 'Execute minting' });
    expect(execute()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('execute-blocker').textContent).toBe(mintingTexts.cannotExecute);

    const reviewed = () => screen.getByRole('checkbox', { name: 'I have reviewed the preview and the fees' });
    fireEvent.click(reviewed());
    expect(execute()).toHaveProperty('disabled', true);
    // The wallet connects; the next render reads it.
    browser.connected = true;
    fireEvent.click(reviewed());
    fireEvent.click(reviewed());
    expect(screen.getByTestId('connected-address').textContent).toBe(WALLET_ADDRESS);
    expect(screen.queryByTestId('execute-blocker')).toBeNull();
    fireEvent.click(execute());

    const failed = await screen.findByTestId('mint-failed');
    expect(within(failed).getByText(mintingTexts.mintingFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const succeeded = await screen.findByTestId('mint-succeeded');
    expect(within(succeeded).getByText(mintingTexts.mintCompleted)).toBeTruthy();
    expect(screen.getByRole('link', { name: /View in explorer/ }).getAttribute('href')).toBe('https://explorer.solana.com/tx/sig?cluster=devnet');
    expect(screen.getByRole('link', { name: 'Go to portfolio' }).getAttribute('href')).toBe('/portfolio');

    const executions = calls.filter((call) => call.path === '/minting/execute');
    expect(executions).toHaveLength(2);
    const [first, second] = executions.map((call) => ({ key: call.headers['idempotency-key'], previewId: call.body?.previewId }));
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toEqual(first);

    // Mint more: the project's cap is the one left after this mint, not the one cached before it.
    fireEvent.click(screen.getByRole('button', { name: 'Mint more' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Texas Panhandle Wind Energy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const firstCap = await waitFor(() => {
      const hint = screen.getByTestId('quantity-hint').textContent ?? '';
      expect(hint).toContain('At most');
      return hint;
    });
    expect(firstCap).toBe('At most 1,000 tCO2e are available.');
  });

  it('says a mint above the approval limit waits for an administrator (202)', async () => {
    fakeApi({ awaitingApproval: true });
    browser.connected = true;
    renderWizard('/minting/advanced?projectId=3107');
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toBe('At most 150 tCO2e are available.'));
    fireEvent.change(quantityInput(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview and fees' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I have reviewed the preview and the fees' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute minting' }));
    const waiting = await screen.findByTestId('mint-awaiting-approval');
    expect(within(waiting).getByText(mintingTexts.awaitingApproval)).toBeTruthy();
    expect(waiting.textContent).toContain('150 TPWE22 · priority medium');
    expect(screen.queryByRole('link', { name: 'Go to portfolio' })).toBeNull();
  });

  it('checks the SOL of the platform fee payer, not of a receiving wallet that pays nothing', async () => {
    fakeApi({ receivingWalletSol: '0' });
    browser.connected = true;
    renderWizard('/minting/advanced?projectId=3107');
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toBe('At most 150 tCO2e are available.'));
    fireEvent.change(quantityInput(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview and fees' }));
    await waitFor(() =>
      expect(screen.getByTestId('check-balance').textContent).toContain(
        '0.00609408 SOL in fees, paid by the platform fee payer (5 SOL available); the receiving wallet pays nothing',
      ),
    );
    expect(screen.queryByText(/Insufficient balance/)).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I have reviewed the preview and the fees' }));
    expect(screen.getByRole('button', { name: 'Execute minting' })).toHaveProperty('disabled', false);
  });

  it('says the platform fee payer lacks SOL for the fees, with required and available, and keeps Execute off', async () => {
    fakeApi({ payerSol: '0' });
    browser.connected = true;
    renderWizard('/minting/advanced?projectId=3107');
    await waitFor(() => expect(screen.getByTestId('quantity-hint').textContent).toBe('At most 150 tCO2e are available.'));
    fireEvent.change(quantityInput(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview and fees' }));
    const shortfall = 'Platform fee payer: Insufficient balance: 0.00609408 SOL required, 0 SOL available.';
    await waitFor(() => expect(screen.getByTestId('check-balance').textContent).toContain(shortfall));
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(shortfall))).toBe(true);
    expect(screen.getByRole('button', { name: 'Execute minting' })).toHaveProperty('disabled', true);
  });
});
