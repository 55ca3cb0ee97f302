import type { CreateRetirementRequest, PreparedTransactionView, Retirement, RetirementActionResult } from '@carbonledger/contracts';
import type { CreateRetirementInput } from './api/create-retirement';
import type { SubmitRetirementInput } from './api/submit-retirement';

export interface RetirementFlowDeps {
  create: (input: CreateRetirementInput) => Promise<RetirementActionResult>;
  prepare: (retirementId: string, idempotencyKey: string) => Promise<RetirementActionResult>;
  get: (retirementId: string) => Promise<Retirement>;
  submit: (input: SubmitRetirementInput) => Promise<Retirement>;
  /** Signs a base64 wire transaction with the connected wallet, answering the signed one. */
  sign: (unsignedTxBase64: string) => Promise<string>;
  newKey: () => string;
}

export type FlowStep = 'creating' | 'signing' | 'submitting';

export type FlowState =
  | { phase: 'idle' }
  | { phase: 'running'; step: FlowStep }
  | { phase: 'done'; retirement: Retirement }
  | { phase: 'failed'; step: FlowStep; error: unknown; retirement: Retirement | null };

/** The chain refused or dropped the retirement: the server marked it failed. */
export class RetirementFailedError extends Error {
  override readonly name = 'RetirementFailedError';
  constructor(readonly retirement: Retirement) {
    super(retirement.error ?? 'failed');
  }
}

const AWAITING_SIGNATURE: readonly Retirement['status'][] = ['pending', 'awaiting_signature'];

interface Attempt {
  key: string;
  payload: string;
  retirement: Retirement | null;
  transaction: PreparedTransactionView | null;
}

function payloadOf(request: CreateRetirementRequest): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/**
 * One form submission from POST to confirmation: create (with an Idempotency-Key), sign with the
 * connected wallet, submit. Starting again while a run is in flight joins that run (a double click
 * retires once). A retry of the same form reuses the key, so a create the server already did is
 * answered from its stored result instead of retiring twice; once a retirement exists, a retry reads
 * its status and, if it still waits for a signature, asks for a fresh transaction (the old blockhash
 * may have expired) instead of creating another.
 */
export function createRetirementFlow(deps: RetirementFlowDeps, onChange: (state: FlowState) => void) {
  let attempt: Attempt | null = null;
  let running: Promise<void> | null = null;

  async function execute(request: CreateRetirementRequest, current: Attempt) {
    let step: FlowStep = 'creating';
    try {
      onChange({ phase: 'running', step });
      if (!current.retirement) {
        const created = await deps.create({ request, idempotencyKey: current.key });
        current.retirement = created.retirement;
        current.transaction = created.transaction;
      } else {
        // A retry: the last answer may have been lost after the server acted, so read where it stands.
        current.retirement = await deps.get(current.retirement.id);
        current.transaction = null;
        if (AWAITING_SIGNATURE.includes(current.retirement.status)) {
          const prepared = await deps.prepare(current.retirement.id, deps.newKey());
          current.retirement = prepared.retirement;
          current.transaction = prepared.transaction;
        }
      }
      let retirement = current.retirement;
      if (current.transaction && AWAITING_SIGNATURE.includes(retirement.status)) {
        step = 'signing';
        onChange({ phase: 'running', step });
        const signedTxBase64 = await deps.sign(current.transaction.unsignedTxBase64);
        step = 'submitting';
        onChange({ phase: 'running', step });
        retirement = await deps.submit({ retirementId: retirement.id, signedTxBase64, idempotencyKey: deps.newKey() });
        current.retirement = retirement;
        current.transaction = null;
      }
      // Finished either way: the next submission, even of the same values, is a new retirement.
      attempt = null;
      if (retirement.status === 'failed') throw new RetirementFailedError(retirement);
      onChange({ phase: 'done', retirement });
    } catch (error) {
      onChange({ phase: 'failed', step, error, retirement: current.retirement });
    }
  }

  return {
    start(request: CreateRetirementRequest): Promise<void> {
      if (running) return running;
      const payload = payloadOf(request);
      if (!attempt || attempt.payload !== payload) attempt = { key: deps.newKey(), payload, retirement: null, transaction: null };
      running = execute(request, attempt).finally(() => {
        running = null;
      });
      return running;
    },
    reset() {
      if (running) return;
      attempt = null;
      onChange({ phase: 'idle' });
    },
  };
}

export type RetirementFlow = ReturnType<typeof createRetirementFlow>;
