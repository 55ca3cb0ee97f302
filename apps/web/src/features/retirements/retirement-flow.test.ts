import type { CreateRetirementRequest, PreparedTransactionView, Retirement, RetirementActionResult } from '@carbonledger/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { CreateRetirementInput } from './api/create-retirement';
import { createRetirementFlow, type FlowState, type RetirementFlowDeps } from './retirement-flow';

const REQUEST: CreateRetirementRequest = {
  companyId: '00000000-0000-4000-8000-000000000001',
  walletAddress: 'Wa11et1111111111111111111111111111111111111',
  tokenMint: 'M1nt11111111111111111111111111111111111111',
  amount: '5',
  reason: 'voluntary_offset',
  location: { country: 'BR' },
  beneficiaryName: 'Verde Energia S.A.',
};

function retirement(status: Retirement['status'], id = '00000000-0000-4000-8000-0000000000aa'): Retirement {
  return { id, status } as Retirement;
}

const TRANSACTION = { transactionId: '00000000-0000-4000-8000-0000000000bb', unsignedTxBase64: 'dW5zaWduZWQ=' } as PreparedTransactionView;

function setup(overrides: Partial<RetirementFlowDeps> = {}) {
  let keys = 0;
  const states: FlowState[] = [];
  const deps: RetirementFlowDeps = {
    create: vi.fn(async (): Promise<RetirementActionResult> => ({ retirement: retirement('pending'), transaction: TRANSACTION })),
    prepare: vi.fn(async (): Promise<RetirementActionResult> => ({
      retirement: retirement('pending'),
      transaction: { ...TRANSACTION, unsignedTxBase64: 'ZnJlc2g=' },
    })),
    get: vi.fn(async () => retirement('pending')),
    submit: vi.fn(async () => retirement('completed')),
    sign: vi.fn(async (unsigned: string) => `signed:${unsigned}`),
    newKey: () => `key-${++keys}`,
    ...overrides,
  };
  const flow = createRetirementFlow(deps, (state) => states.push(state));
  const keysSent = () => vi.mocked(deps.create).mock.calls.map(([input]: [CreateRetirementInput]) => input.idempotencyKey);
  return { deps, flow, states, keysSent };
}

describe('retirement flow', () => {
  it('creates with an Idempotency-Key, signs the answered transaction with the wallet, submits it and ends retired', async () => {
    const { deps, flow, states, keysSent } = setup();
    await flow.start(REQUEST);
    expect(keysSent()).toEqual(['key-1']);
    expect(deps.sign).toHaveBeenCalledWith('dW5zaWduZWQ=');
    expect(deps.submit).toHaveBeenCalledWith({ retirementId: retirement('pending').id, signedTxBase64: 'signed:dW5zaWduZWQ=', idempotencyKey: 'key-2' });
    expect(states.map((state) => (state.phase === 'running' ? state.step : state.phase))).toEqual(['creating', 'signing', 'submitting', 'done']);
  });

  it('a double click while the first submission is in flight retires once', async () => {
    const { deps, flow } = setup();
    await Promise.all([flow.start(REQUEST), flow.start(REQUEST)]);
    expect(deps.create).toHaveBeenCalledTimes(1);
    expect(deps.submit).toHaveBeenCalledTimes(1);
  });

  it('a retry after the create failed sends the same Idempotency-Key, so the server answers its stored result instead of retiring again', async () => {
    const create = vi
      .fn<RetirementFlowDeps['create']>()
      .mockRejectedValueOnce(new ApiError('Network error - please check your connection', 0, 'NETWORK_ERROR'));
    create.mockResolvedValueOnce({ retirement: retirement('pending'), transaction: TRANSACTION });
    const { flow, states, keysSent } = setup({ create });
    await flow.start(REQUEST);
    expect(states.at(-1)).toMatchObject({ phase: 'failed', step: 'creating' });
    await flow.start(REQUEST);
    expect(keysSent()).toHaveLength(2);
    expect(keysSent()[1]).toBe(keysSent()[0]);
    expect(states.at(-1)).toMatchObject({ phase: 'done' });
  });

  it('a retry after the wallet refused to sign asks for a fresh transaction instead of creating a second retirement', async () => {
    const sign = vi
      .fn<RetirementFlowDeps['sign']>()
      .mockRejectedValueOnce(new Error('User rejected'))
      .mockImplementation(async (unsigned) => `signed:${unsigned}`);
    const { deps, flow, states } = setup({ sign });
    await flow.start(REQUEST);
    expect(states.at(-1)).toMatchObject({ phase: 'failed', step: 'signing' });
    await flow.start(REQUEST);
    expect(deps.create).toHaveBeenCalledTimes(1);
    expect(deps.prepare).toHaveBeenCalledWith(retirement('pending').id, expect.any(String));
    expect(deps.submit).toHaveBeenCalledWith(expect.objectContaining({ retirementId: retirement('pending').id, signedTxBase64: 'signed:ZnJlc2g=' }));
  });

  it("a retry after the submission's answer was lost finds the retirement retired and signs nothing again", async () => {
    const submit = vi.fn<RetirementFlowDeps['submit']>().mockRejectedValueOnce(new ApiError('Request timed out. Please try again.', 0, 'TIMEOUT'));
    const get = vi.fn<RetirementFlowDeps['get']>().mockResolvedValue(retirement('completed'));
    const { deps, flow, states } = setup({ submit, get });
    await flow.start(REQUEST);
    expect(states.at(-1)).toMatchObject({ phase: 'failed', step: 'submitting' });
    await flow.start(REQUEST);
    expect(deps.create).toHaveBeenCalledTimes(1);
    expect(deps.prepare).not.toHaveBeenCalled();
    expect(deps.sign).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toMatchObject({ phase: 'done', retirement: { status: 'completed' } });
  });

  it('changed form values or a finished retirement get a new key: the next submission is a new retirement', async () => {
    const create = vi.fn<RetirementFlowDeps['create']>().mockRejectedValueOnce(new ApiError('Internal server error. Please try again later.', 500));
    create.mockResolvedValue({ retirement: retirement('pending'), transaction: TRANSACTION });
    const { flow, keysSent } = setup({ create });
    await flow.start(REQUEST);
    await flow.start({ ...REQUEST, amount: '6' });
    await flow.start({ ...REQUEST, amount: '6' });
    expect(new Set(keysSent()).size).toBe(3);
  });

  it('a retirement the chain refused ends failed, and its retry creates a new one', async () => {
    const submit = vi.fn<RetirementFlowDeps['submit']>().mockResolvedValueOnce({ ...retirement('failed'), error: 'custom program error: 0x11' });
    submit.mockResolvedValue(retirement('completed'));
    const { flow, states, keysSent } = setup({ submit });
    await flow.start(REQUEST);
    expect(states.at(-1)).toMatchObject({ phase: 'failed', step: 'submitting' });
    await flow.start(REQUEST);
    expect(new Set(keysSent()).size).toBe(2);
    expect(states.at(-1)).toMatchObject({ phase: 'done' });
  });

  it('a managed wallet or a completed answer needs no signature', async () => {
    const create = vi.fn<RetirementFlowDeps['create']>().mockResolvedValue({ retirement: retirement('completed'), transaction: null });
    const { deps, flow, states } = setup({ create });
    await flow.start(REQUEST);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(states.at(-1)).toMatchObject({ phase: 'done', retirement: { status: 'completed' } });
  });
});
