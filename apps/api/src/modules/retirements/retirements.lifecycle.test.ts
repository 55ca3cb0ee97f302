import { describe, expect, it } from 'vitest';
import { retirementTexts } from '@carbonledger/contracts';
import { nextStep, type Snapshot } from './retirements.lifecycle';
import type { RetirementRow, SubmissionRow } from './retirements.repository';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const MINUTE = 60_000;

function retirement(change: Partial<RetirementRow>): RetirementRow {
  return { status: 'processing', walletType: 'external', scheduledFor: null, transactionId: 'burn-1', updatedAt: new Date(NOW), ...change } as RetirementRow;
}

function submission(status: SubmissionRow['status'], change: Partial<SubmissionRow> = {}): SubmissionRow {
  return { id: 'burn-1', status, error: null, ...change } as SubmissionRow;
}

function snapshot(row: Partial<RetirementRow>, extra: Partial<Snapshot> = {}): Snapshot {
  return { row: retirement(row), burns: [], approval: undefined, mode: 'observe', now: NOW, ...extra };
}

describe('the retirement state machine (nextStep)', () => {
  it('completes on a confirmed burn whatever the status, cancelled included', () => {
    const burn = submission('confirmed');
    for (const status of ['pending', 'processing', 'scheduled', 'cancelled'] as const)
      expect(nextStep(snapshot({ status }, { burns: [burn] }))).toEqual({ kind: 'complete', burn });
    expect(nextStep(snapshot({ status: 'cancelled' }, { burns: [submission('failed')] }))).toEqual({ kind: 'stay' });
  });

  it('moves a pending retirement to processing once its burn is sent, and fails it with its own failed burn only', () => {
    expect(nextStep(snapshot({ status: 'pending' }, { burns: [submission('sent')] }))).toEqual({ kind: 'set', status: 'processing', error: null });
    expect(nextStep(snapshot({ status: 'pending' }, { burns: [submission('failed', { error: 'blockhash' })] }))).toEqual({ kind: 'fail', error: 'blockhash' });
    expect(nextStep(snapshot({ status: 'pending' }, { burns: [submission('failed', { id: 'older' })] }))).toEqual({ kind: 'stay' });
  });

  it('gives the holder a fresh burn to sign when theirs expired or its submit was abandoned; the platform sends its own only when running', () => {
    expect(nextStep(snapshot({}, { burns: [submission('expired', { error: 'expired' })] }))).toEqual({ kind: 'set', status: 'pending', error: 'expired' });
    expect(nextStep(snapshot({ updatedAt: new Date(NOW - 3 * MINUTE) }, { burns: [submission('pending')] }))).toEqual({
      kind: 'set',
      status: 'pending',
      error: null,
    });
    expect(nextStep(snapshot({ updatedAt: new Date(NOW - MINUTE) }, { burns: [submission('pending')] }))).toEqual({ kind: 'stay' });
    expect(nextStep(snapshot({ walletType: 'platform_managed' }))).toEqual({ kind: 'stay' });
    expect(nextStep(snapshot({ walletType: 'platform_managed' }, { mode: 'run' }))).toEqual({ kind: 'send_burn' });
    expect(nextStep(snapshot({ walletType: 'platform_managed' }, { mode: 'run', burns: [submission('sent')] }))).toEqual({ kind: 'stay' });
    expect(nextStep(snapshot({ walletType: 'platform_managed' }, { mode: 'run', burns: [submission('failed')] }))).toEqual({
      kind: 'fail',
      error: retirementTexts.failed,
    });
  });

  it("follows a schedule's delegate approval: sent, failed, lapsed, confirmed before or after the time", () => {
    const later = new Date(NOW + 60 * MINUTE);
    const earlier = new Date(NOW - MINUTE);
    expect(nextStep(snapshot({ status: 'awaiting_signature', scheduledFor: later }, { approval: submission('sent') }))).toEqual({
      kind: 'set',
      status: 'processing',
      error: null,
    });
    expect(nextStep(snapshot({ scheduledFor: later }, { approval: submission('sent') }))).toEqual({ kind: 'stay' });
    expect(nextStep(snapshot({ scheduledFor: later }, { approval: submission('failed', { error: 'refused' }) }))).toEqual({ kind: 'fail', error: 'refused' });
    expect(nextStep(snapshot({ scheduledFor: later }, { approval: submission('expired', { error: 'expired' }) }))).toEqual({
      kind: 'set',
      status: 'awaiting_signature',
      error: 'expired',
    });
    expect(nextStep(snapshot({ scheduledFor: later, walletType: 'platform_managed' }, { approval: submission('expired') }))).toEqual({
      kind: 'fail',
      error: retirementTexts.failed,
    });
    expect(nextStep(snapshot({ status: 'awaiting_signature', scheduledFor: later }, { approval: submission('pending') }))).toEqual({ kind: 'stay' });
    expect(nextStep(snapshot({ status: 'awaiting_signature', scheduledFor: earlier }, { approval: submission('confirmed') }))).toEqual({ kind: 'schedule' });
    expect(nextStep(snapshot({ scheduledFor: later }, { approval: submission('confirmed') }))).toEqual({ kind: 'schedule' });
    expect(nextStep(snapshot({ scheduledFor: earlier }, { approval: submission('confirmed') }))).toEqual({ kind: 'enqueue' });
    expect(nextStep(snapshot({ scheduledFor: earlier }, { approval: submission('confirmed'), mode: 'run' }))).toEqual({ kind: 'send_burn' });
    expect(nextStep(snapshot({ status: 'scheduled', scheduledFor: earlier }, { approval: submission('confirmed'), mode: 'run' }))).toEqual({ kind: 'stay' });
  });
});
