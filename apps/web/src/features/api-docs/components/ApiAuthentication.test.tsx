// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../../test/screen';
import { sampleDocument } from '../api-examples.testing';
import { ApiAuthentication } from './ApiAuthentication';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({ enqueueSnackbar: toast, useSnackbar: () => ({ enqueueSnackbar: toast }) }));

setUpScreenTests();

describe('/api-docs authentication and examples', () => {
  it('explains sessions and API keys and copies examples of the operations keys open', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) => (path === '/openapi.json' ? new Response(JSON.stringify(sampleDocument), { status: 200 }) : refused(404, 'NOT_FOUND', 'Not found')));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(<ApiAuthentication />);

    const section = screen.getByRole('region', { name: 'Authentication' });
    expect(within(section).getByText(/Authorization: Bearer clk_… or X-API-Key: clk_… \(clk_live_…, clk_test_…\)/)).toBeTruthy();
    expect(within(section).getByText(/Read transactions, Create transactions, Read company data, Read carbon tokens/)).toBeTruthy();
    expect(within(section).getByText(/429 with Retry-After/)).toBeTruthy();

    const curl = await within(section).findByRole('figure', { name: 'curl' });
    expect(curl.textContent).toContain(`-X GET "${window.location.origin}/api/v1/transactions/<id>"`);

    fireEvent.mouseDown(within(section).getByRole('combobox', { name: 'Operation' }));
    fireEvent.click(await screen.findByRole('option', { name: /POST \/api\/v1\/minting\/mint/ }));
    expect(within(section).getByRole('figure', { name: 'TypeScript (fetch)' }).textContent).toContain("'Idempotency-Key': crypto.randomUUID(),");

    fireEvent.click(within(section).getByRole('button', { name: 'Copy the curl example' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('-X POST')));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('curl example copied.', expect.objectContaining({ variant: 'success' })));
  });

  it('says so when the OpenAPI document cannot be loaded', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(() => new Response('nope', { status: 503 }));
    renderScreen(<ApiAuthentication />);
    expect(await screen.findByText('The OpenAPI document could not be loaded, so the examples are missing. Please try again later.')).toBeTruthy();
  });
});
