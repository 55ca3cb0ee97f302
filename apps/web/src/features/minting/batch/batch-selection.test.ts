import type { MintingJob } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { ALL, filterOptions, filterVcus, selectionSignature, summariseBatch } from './batch-selection';
import { vcu } from './batch.testing';
import { applyJobUpdate } from './live-jobs';

const vcus = [
  vcu('a', '1748', 'Wind Kenya', '2022', '9007199254740993'),
  vcu('b', '1748', 'Wind Kenya', '2023', '500'),
  vcu('c', '981', 'Amazon REDD+', '2022', '1500'),
];

describe('batch selection', () => {
  it('filters by project and vintage and offers the ones present', () => {
    expect(filterVcus(vcus, { projectId: '1748', vintage: ALL }).map((item) => item.id)).toEqual(['a', 'b']);
    expect(filterVcus(vcus, { projectId: ALL, vintage: '2022' }).map((item) => item.id)).toEqual(['a', 'c']);
    expect(filterVcus(vcus, { projectId: '981', vintage: '2023' })).toEqual([]);
    expect(filterOptions(vcus)).toEqual({
      projects: [
        { id: '981', name: 'Amazon REDD+' },
        { id: '1748', name: 'Wind Kenya' },
      ],
      vintages: ['2022', '2023'],
    });
  });

  it('sums tCO2e exactly (beyond 2^53) and breaks the batch down per project and vintage, one mint each', () => {
    const summary = summariseBatch(vcus);
    expect(summary.count).toBe(3);
    expect(summary.total).toBe(9007199254742993n);
    expect(summary.byProject.map((share) => [share.projectName, share.vintage, share.count, share.amount])).toEqual([
      ['Amazon REDD+', '2022', 1, 1500n],
      ['Wind Kenya', '2022', 1, 9007199254740993n],
      ['Wind Kenya', '2023', 1, 500n],
    ]);
  });

  it('names a selection by its blocks and wallet, whatever the order of picking', () => {
    expect(selectionSignature(['b', 'a'], 'w1')).toBe(selectionSignature(['a', 'b'], 'w1'));
    expect(selectionSignature(['a', 'b'], 'w1')).not.toBe(selectionSignature(['a', 'b'], 'w2'));
    expect(selectionSignature(['a'], 'w1')).not.toBe(selectionSignature(['a', 'b'], 'w1'));
  });
});

describe('live job updates', () => {
  const job: MintingJob = {
    id: 'j1',
    vcuCount: 50,
    totalAmount: '100',
    mintedAmount: '40',
    status: 'running',
    progress: 40,
    walletAddress: 'w',
    error: null,
    createdAt: '2026-11-22T05:00:00.000Z',
    completedAt: null,
  };
  const other = { ...job, id: 'j2', progress: 10 };

  it('moves a job forward and leaves the others alone', () => {
    expect(applyJobUpdate([job, other], { ...job, progress: 80, mintedAmount: '80' })).toEqual([{ ...job, progress: 80, mintedAmount: '80' }, other]);
    expect(applyJobUpdate([job], { ...job, status: 'completed', progress: 100 })[0]?.status).toBe('completed');
  });

  it('never moves a job backwards when an older update arrives late', () => {
    expect(applyJobUpdate([job], { ...job, progress: 20 })).toEqual([job]);
    const done = { ...job, status: 'completed' as const, progress: 100 };
    expect(applyJobUpdate([done], { ...job, progress: 90 })).toEqual([done]);
  });
});
