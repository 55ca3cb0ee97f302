// @vitest-environment happy-dom
import { CERTIFICATE_CHECKS, certificateTexts, type CertificateVerification } from '@carbonledger/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { useAuthStore } from '../../lib/auth-store';
import { ok, refused, setUpScreenTests, stubApi } from '../../test/screen';

const NUMBER = 'CLC-2026-WIND0001';
const SIGNATURE = '5'.repeat(87);
const MINT = 'Cert1111111111111111111111111111111111111111';

function verification(valid: boolean, failing: readonly string[] = []): CertificateVerification {
  return {
    valid,
    verdict: valid ? certificateTexts.valid : certificateTexts.invalid,
    checkedAt: '2026-11-22T05:00:00.000Z',
    checks: Object.fromEntries(
      CERTIFICATE_CHECKS.map((name) => [
        name,
        { ok: !failing.includes(name), message: failing.includes(name) ? certificateTexts.checks[name].failed : certificateTexts.checks[name].ok },
      ]),
    ) as CertificateVerification['checks'],
    certificate: {
      number: NUMBER,
      amount: '25',
      decimals: 0,
      tokenSymbol: 'TXW23',
      tokenMint: 'Mint111111111111111111111111111111111111111',
      date: '2026-03-01T10:00:00.000Z',
      reason: 'voluntary_offset',
      projectId: '3107',
      projectName: 'Texas Panhandle Wind Energy',
      developer: 'Lone Star Renewables LLC',
      location: 'Amarillo, Texas, United States',
      methodology: 'ACM0002',
      standard: 'VCS',
      vintage: 2023,
      registry: 'sandbox',
      registryReference: null,
      country: 'BR',
      subdivision: null,
      transactionHash: SIGNATURE,
      certificateMint: MINT,
      holderAddress: 'Hold111111111111111111111111111111111111111',
      metadataHash: 'a'.repeat(64),
      explorer: { transaction: `https://explorer.solana.com/tx/${SIGNATURE}`, certificateMint: `https://explorer.solana.com/address/${MINT}` },
      verifyUrl: `http://localhost:3000/verify/${NUMBER}`,
    },
  };
}

/** Answers every request with the verification, as the public endpoint does. */
const fakeApi = (data: CertificateVerification) => stubApi(() => ok(data, 200, data.verdict));

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('public certificate verification page (/verify/:number)', { timeout: 20_000 }, () => {
  setUpScreenTests({ signedInTexts: false });

  it('says Valid for a signed-out visitor, with every check, the facts and the explorer links, and asks the public endpoint', async () => {
    useAuthStore.setState({ status: 'unauthenticated' });
    const fetch = fakeApi(verification(true));
    const router = open(`/verify/${NUMBER}`);
    const verdict = await screen.findByTestId('verification-verdict', {}, { timeout: 15_000 });
    expect(verdict.textContent).toContain('Valid');
    expect(verdict.textContent).toContain('This certificate is valid.');
    for (const name of CERTIFICATE_CHECKS) expect(screen.getByTestId(`check-${name}`).textContent).toBe(`Passed${certificateTexts.checks[name].ok}`);
    expect(screen.getByText('Texas Panhandle Wind Energy')).toBeTruthy();
    expect(screen.getByText('25 tCO2e')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Open transaction ${SIGNATURE} in the explorer` }).getAttribute('href')).toContain(SIGNATURE);
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/v1/public/certificates/${NUMBER}/verify`);
    expect(router.state.location.pathname).toBe(`/verify/${NUMBER}`);
  });

  it('stays open to a signed-in user, outside the signed-in frame', async () => {
    useAuthStore.setState({ status: 'authenticated' });
    fakeApi(verification(true));
    const router = open(`/verify/${NUMBER}`);
    await screen.findByTestId('verification-verdict', {}, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe(`/verify/${NUMBER}`);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says Not valid and which checks failed', async () => {
    useAuthStore.setState({ status: 'unauthenticated' });
    fakeApi(verification(false, ['burnMatches', 'metadataHash']));
    open(`/verify/${NUMBER}`);
    const verdict = await screen.findByTestId('verification-verdict', {}, { timeout: 15_000 });
    expect(verdict.textContent).toContain('Not valid');
    expect(verdict.textContent).toContain('This certificate could not be verified.');
    expect(screen.getByTestId('check-burnMatches').textContent).toBe(`Failed${certificateTexts.checks.burnMatches.failed}`);
    expect(screen.getByTestId('check-holder').textContent).toBe(`Passed${certificateTexts.checks.holder.ok}`);
  });

  it('says Not valid for a number that does not exist', async () => {
    useAuthStore.setState({ status: 'unauthenticated' });
    stubApi(() => refused(404, 'NOT_FOUND', certificateTexts.notFound));
    open('/verify/CLC-2026-NOPE9999');
    const verdict = await screen.findByTestId('verification-verdict', {}, { timeout: 15_000 });
    expect(verdict.textContent).toContain('Not valid');
    expect(within(verdict).getByText('No certificate with this number exists.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy());
  });

  it('says the number is not valid, without asking the server, when it cannot be a certificate number', async () => {
    useAuthStore.setState({ status: 'unauthenticated' });
    const fetch = stubApi(() => refused(400, 'VALIDATION_ERROR', 'Please check your input and try again.'));
    open('/verify/%24%24not*a*number');
    const verdict = await screen.findByTestId('verification-verdict', {}, { timeout: 15_000 });
    expect(verdict.textContent).toContain('This is not a valid certificate number.');
    expect(screen.queryByText(/could not be checked right now/)).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/public/certificates/'))).toHaveLength(0);
  });
});
