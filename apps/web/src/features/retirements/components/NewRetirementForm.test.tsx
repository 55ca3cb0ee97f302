// @vitest-environment happy-dom
import type { CompanySummary, CreateRetirementRequest, PortfolioHolding } from '@carbonledger/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpScreenTests } from '../../../test/screen';
import { NewRetirementForm, type NewRetirementFormProps } from './NewRetirementForm';

const COMPANY: CompanySummary = { id: '00000000-0000-4000-8000-000000000001', name: 'Verde Energia S.A.', isPlatform: false, kycStatus: 'approved' };
const HOLDING = {
  mint: 'M1nt11111111111111111111111111111111111111',
  walletAddress: 'Wa11et1111111111111111111111111111111111111',
  symbol: 'VCS1',
  tokenName: 'Verde VCU',
  projectName: 'Amazon Wind',
  vintage: 2024,
  heldAmount: '40',
  decimals: 0,
  frozen: false,
} as PortfolioHolding;

function renderForm(props: Partial<NewRetirementFormProps> = {}) {
  const onSubmit = vi.fn<(request: CreateRetirementRequest) => void>();
  renderScreen(
    <NewRetirementForm
      companies={[COMPANY]}
      holdings={[HOLDING]}
      holdingsLoading={false}
      defaultCompanyId={COMPANY.id}
      connectedAddress="7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"
      busy={false}
      onConnect={() => undefined}
      onCompanyChange={() => undefined}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return onSubmit;
}

function fillRequired(amount: string) {
  fireEvent.change(screen.getByLabelText('Token'), { target: { value: `${HOLDING.mint}:${HOLDING.walletAddress}` } });
  fireEvent.change(screen.getByLabelText('Amount (tCO2e)'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'voluntary_offset' } });
  fireEvent.change(screen.getByLabelText('Country of use'), { target: { value: 'BR' } });
  fireEvent.change(screen.getByLabelText('Beneficiary'), { target: { value: 'Verde Energia S.A.' } });
}

describe('new retirement form', () => {
  setUpScreenTests();

  it('opens prefilled with the holding and amount a link gave (the dashboard retire-first suggestion)', () => {
    renderForm({ prefill: { holding: `${HOLDING.mint}:${HOLDING.walletAddress}`, amount: '25' } });
    // The holding is the form's choice: its limit is shown under the amount.
    expect(screen.getByText('At most 40 tCO2e')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Amount (tCO2e)').value).toBe('25');
  });

  it('without a connected wallet says so, offers to connect and cannot retire', () => {
    const onConnect = vi.fn();
    renderForm({ connectedAddress: null, onConnect });
    expect(screen.getByText('Connect an approved wallet of the selected company to retire credits.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(onConnect).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Retire now' }).hasAttribute('disabled')).toBe(true);
  });

  it('with KYC not approved shows the guard with its /kyc link and no status control (the KYC reviews decide)', () => {
    renderForm({ companies: [{ ...COMPANY, kycStatus: 'pending' }] });
    expect(screen.getByText(/KYC\/AML verification must be approved for the selected company/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to KYC onboarding' }).getAttribute('href')).toBe('/kyc');
    expect(screen.queryByRole('button', { name: 'Set KYC status' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retire now' }).hasAttribute('disabled')).toBe(true);
  });

  it("an administrator choosing another company asks for that company's holdings", async () => {
    const onCompanyChange = vi.fn<(companyId: string) => void>();
    const other: CompanySummary = { ...COMPANY, id: '00000000-0000-4000-8000-000000000002', name: 'Solar Norte Ltda.' };
    renderForm({ companies: [COMPANY, other], onCompanyChange });
    await vi.waitFor(() => expect(onCompanyChange).toHaveBeenLastCalledWith(COMPANY.id));
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: other.id } });
    await vi.waitFor(() => expect(onCompanyChange).toHaveBeenLastCalledWith(other.id));
  });

  it('the schedule toggle turns the button into Schedule and asks when to execute', async () => {
    const onSubmit = renderForm();
    expect(screen.queryByLabelText('Execute at')).toBeNull();
    fireEvent.click(screen.getByLabelText('Schedule for later'));
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    fillRequired('5');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('The execution time must be in the future.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses more than the holding holds with the contract text, then sends the retire-now request', async () => {
    const onSubmit = renderForm();
    fillRequired('41');
    fireEvent.click(screen.getByRole('button', { name: 'Retire now' }));
    expect(await screen.findByText('Insufficient token balance for this retirement.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Amount (tCO2e)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retire now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Burn 40 VCS1' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ amount: '40', tokenMint: HOLDING.mint, walletAddress: HOLDING.walletAddress, location: { country: 'BR' } }),
      ),
    );
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('scheduledFor');
  });

  it('retiring now first names the permanent burn (amount, token, wallet, beneficiary) and sends nothing until confirmed', async () => {
    const onSubmit = renderForm();
    fillRequired('12');
    fireEvent.click(screen.getByRole('button', { name: 'Retire now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire credits for good?' });
    expect(dialog.textContent).toContain(
      `On behalf of Verde Energia S.A., 12 tCO2e of VCS1 (Amazon Wind) will be burned from wallet ${HOLDING.walletAddress}. A burn is permanent`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
