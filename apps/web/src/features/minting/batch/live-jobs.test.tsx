// @vitest-environment happy-dom
import { SERVER_EVENTS, type MintingJob } from '@carbonledger/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../../../lib/realtime/realtime.testing';
import { ok, renderScreen, stubApi } from '../../../test/screen';
import { OFFLINE_POLL_MS, useLiveMintingJobs } from './live-jobs';

const job: MintingJob = {
  id: '5b5b5b5b-0000-4000-8000-000000000005',
  vcuCount: 50,
  totalAmount: '1000',
  mintedAmount: '0',
  status: 'running',
  progress: 0,
  walletAddress: 'w',
  error: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  completedAt: null,
};

/** GET /minting/batches answering the running job, counting the reads. */
function stubJobs() {
  const reads = { count: 0 };
  stubApi(() => {
    reads.count += 1;
    return ok([job]);
  });
  return reads;
}

function renderJobs(realtime: ReturnType<typeof fakeClient>) {
  function Jobs() {
    const { jobs } = useLiveMintingJobs(realtime.client);
    return <p>{jobs.data?.map((item) => `${item.id.slice(0, 8)} ${item.status} ${item.progress}%`).join(', ')}</p>;
  }
  return renderScreen(<Jobs />);
}

describe('live minting jobs', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the progress pushed over the socket without reading the list again', async () => {
    const reads = stubJobs();
    const realtime = fakeClient();
    realtime.setStatus('connected');
    renderJobs(realtime);
    expect(await screen.findByText('5b5b5b5b running 0%')).toBeTruthy();
    realtime.deliver(SERVER_EVENTS.mintingJobUpdate, { ...job, progress: 40, mintedAmount: '400' });
    expect(await screen.findByText('5b5b5b5b running 40%')).toBeTruthy();
    realtime.deliver(SERVER_EVENTS.mintingJobUpdate, { ...job, status: 'completed', progress: 100, mintedAmount: '1000' });
    expect(await screen.findByText('5b5b5b5b completed 100%')).toBeTruthy();
    expect(reads.count).toBe(1);

    // Another company's job of the tenant is not shown from the event: the list is read again instead.
    realtime.deliver(SERVER_EVENTS.mintingJobUpdate, { ...job, id: '6c6c6c6c-0000-4000-8000-000000000006' });
    await vi.waitFor(() => expect(reads.count).toBe(2));
  });

  it('polls a running job while the socket is down, and stops once it is back', async () => {
    // The clock moves with real time (so rendering goes on) and is moved ahead of it past each polling interval.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = stubJobs();
    const realtime = fakeClient();
    renderJobs(realtime);
    await screen.findByText('5b5b5b5b running 0%');
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS);
    await vi.waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2), { timeout: OFFLINE_POLL_MS * 2, interval: 100 });
    realtime.setStatus('connected');
    const polled = reads.count;
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS + 500);
    expect(reads.count).toBe(polled);
  });
});
