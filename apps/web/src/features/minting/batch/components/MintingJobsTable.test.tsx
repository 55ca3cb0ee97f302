// @vitest-environment happy-dom
import type { MintingJob } from '@carbonledger/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../../test/screen';
import { MintingJobsTable } from './MintingJobsTable';

const job: MintingJob = {
  id: '5b5b5b5b-0000-4000-8000-000000000005',
  vcuCount: 50,
  totalAmount: '9007199254740993',
  mintedAmount: '0',
  status: 'running',
  progress: 40,
  walletAddress: 'w',
  error: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  completedAt: null,
};

/** 05:00 UTC on 22 November, in whatever time zone the test runs. */
const CREATED = expect.stringMatching(/^Nov 2[12], 2026, \d{1,2}:\d{2}\s[AP]M$/);

describe('minting-jobs table', () => {
  setUpScreenTests();

  it('shows id, VCU count, exact total, status, progress and created per job', () => {
    render(
      <MintingJobsTable
        jobs={[job, { ...job, id: '6c6c6c6c-0000-4000-8000-000000000006', status: 'failed', progress: 60 }]}
        failed={false}
        reconnecting={false}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Minting jobs' })).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['ID', 'VCU count', 'Total amount (tCO2e)', 'Status', 'Progress', 'Created'],
      ['5b5b5b5b', '50', '9,007,199,254,740,993', 'Running', '40%', CREATED],
      ['6c6c6c6c', '50', '9,007,199,254,740,993', 'Failed', '60%', CREATED],
    ]);
    expect(screen.getByRole('progressbar', { name: 'Progress of job 5b5b5b5b' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so while the socket is reconnecting, and when there are no jobs yet', () => {
    render(<MintingJobsTable jobs={[]} failed={false} reconnecting />);
    expect(screen.getByRole('status').textContent).toBe('Real-time updates unavailable - attempting to reconnect...');
    expect(screen.getByText('No minting jobs yet.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
  });

  it('shows a progress bar while the jobs load, and the error instead when they cannot', () => {
    const { rerender } = render(<MintingJobsTable jobs={undefined} failed={false} reconnecting={false} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    rerender(<MintingJobsTable jobs={undefined} failed reconnecting={false} />);
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the minting jobs.');
  });
});
