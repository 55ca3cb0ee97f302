import { retirementTexts, type PortfolioHolding } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_RETIREMENT_FORM, holdingKey, retirementFormSchema, toCreateRequest, type RetirementFormValues } from './retirement-form';

const HOLDING = {
  mint: 'M1nt11111111111111111111111111111111111111',
  walletAddress: 'Wa11et1111111111111111111111111111111111111',
  heldAmount: '40',
  decimals: 0,
} as PortfolioHolding;

const NOW = new Date('2026-11-22T10:00:00Z');
const schema = retirementFormSchema([HOLDING], () => NOW);

const VALID: RetirementFormValues = {
  ...EMPTY_RETIREMENT_FORM,
  companyId: '00000000-0000-4000-8000-000000000001',
  holding: holdingKey(HOLDING),
  amount: '12',
  reason: 'net_zero_commitment',
  country: 'br',
  subdivision: 'br-sp',
  beneficiaryName: 'Verde Energia S.A.',
};

function errorsOf(values: RetirementFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('new retirement form', () => {
  it('builds a retire-now request from the chosen holding, without a schedule', () => {
    const values = schema.parse(VALID);
    expect(toCreateRequest(values, HOLDING)).toEqual({
      companyId: VALID.companyId,
      walletAddress: HOLDING.walletAddress,
      tokenMint: HOLDING.mint,
      amount: '12',
      reason: 'net_zero_commitment',
      location: { country: 'BR', subdivision: 'BR-SP' },
      beneficiaryName: 'Verde Energia S.A.',
    });
  });

  it('ignores the execute-at time while the schedule toggle is off', () => {
    expect(errorsOf({ ...VALID, schedule: false, executeAt: '2020-01-01T00:00' })).toEqual({});
  });

  it('with the schedule toggle on, needs an execute-at time in the future and sends it as scheduledFor', () => {
    expect(errorsOf({ ...VALID, schedule: true, executeAt: '' })).toEqual({ executeAt: retirementTexts.scheduleInPast });
    expect(errorsOf({ ...VALID, schedule: true, executeAt: '2026-11-22T09:59:00Z' })).toEqual({ executeAt: retirementTexts.scheduleInPast });
    const later = schema.parse({ ...VALID, schedule: true, executeAt: '2026-11-22T10:05:00Z' });
    expect(toCreateRequest(later, HOLDING).scheduledFor).toBe('2026-11-22T10:05:00.000Z');
  });

  it('refuses more than the holding holds, zero, fractions and a subdivision of another country', () => {
    expect(errorsOf({ ...VALID, amount: '41' })).toEqual({ amount: retirementTexts.insufficientTokens });
    expect(errorsOf({ ...VALID, amount: '40' })).toEqual({});
    expect(Object.keys(errorsOf({ ...VALID, amount: '0' }))).toEqual(['amount']);
    expect(Object.keys(errorsOf({ ...VALID, amount: '1.5' }))).toEqual(['amount']);
    expect(Object.keys(errorsOf({ ...VALID, subdivision: 'AR-B' }))).toEqual(['subdivision']);
  });

  it('refuses a token the selected company does not hold', () => {
    expect(Object.keys(errorsOf({ ...VALID, holding: `${HOLDING.mint}:AnotherWa11et111111111111111111111111111111` }))).toEqual(['holding']);
  });

  it('needs a company, a token, a reason, a country and a beneficiary', () => {
    expect(Object.keys(errorsOf({ ...EMPTY_RETIREMENT_FORM })).sort()).toEqual(['amount', 'beneficiaryName', 'companyId', 'country', 'holding', 'reason']);
  });
});
