// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('boom');
  return <p>all good</p>;
}

describe('error screen', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the crash, reports it, and returns to the page on Try Again, counting the retries', async () => {
    const reports: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      reports.push({ url, body: JSON.parse(init.body as string) });
      return new Response(JSON.stringify({ success: true, data: { received: true } }));
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    render(
      <ErrorBoundary level="page">
        <Fragile />
      </ErrorBoundary>,
    );
    // The error screen is its own chunk: it shows once loaded.
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/^Error ID: ERR-/)).toBeTruthy();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ url: '/api/v1/logs/frontend-error', body: { name: 'Error', message: 'boom' } });

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Retried 1 time')).toBeTruthy();

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('all good')).toBeTruthy();
  });

  it("titles a crash of the whole app 'Critical Error'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('{}'));
    broken = true;
    render(
      <ErrorBoundary level="critical">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Critical Error' })).toBeTruthy();
  });
});
