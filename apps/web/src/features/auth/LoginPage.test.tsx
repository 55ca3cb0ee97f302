// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { refused, renderScreen, setUpScreenTests, stubApi } from '../../test/screen';
import LoginPage from './LoginPage';
import { endSession } from './session';

setUpScreenTests({ signedInTexts: false });

afterEach(() => endSession());

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

function signIn(email: string, password = 'Wrong!2345') {
  type(/email/i, email);
  type(/^password/i, password);
  submit();
}

describe('LoginPage', () => {
  it('leaves the MFA step when the e-mail changes to another account', async () => {
    stubApi(({ body }) =>
      (body as { email: string }).email === 'mfa@demo.test'
        ? refused(401, 'MFA_REQUIRED', 'MFA_REQUIRED')
        : refused(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    );
    renderScreen(<LoginPage />, { path: '/login' });

    signIn('mfa@demo.test');
    expect(await screen.findByLabelText(/MFA token/i)).toBeTruthy();

    // The other account has no MFA: its answer, not "MFA token is required", is what the user reads.
    signIn('plain@demo.test');
    expect(screen.queryByLabelText(/MFA token/i)).toBeNull();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.queryByText(/MFA token is required/i)).toBeNull();
  });

  it('takes a refused sign-in away once the credentials change or another error is shown', async () => {
    stubApi(() => refused(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    renderScreen(<LoginPage />, { path: '/login' });

    signIn('someone@demo.test');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();

    type(/email/i, 'someone.else@demo.test');
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).toBeNull());

    submit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    // A submit the form refuses by itself must not show the server's earlier answer beside its own.
    fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).toBeNull());
    submit();
    expect(await screen.findByText(/password is required/i)).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('says the session expired when it ended without the user signing out', async () => {
    useAuthStore.setState({ status: 'authenticated' });
    endSession('expired');
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeTruthy();
  });

  it('says nothing about an expired session after the user signed out', () => {
    endSession();
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.queryByText(/session has expired/i)).toBeNull();
  });
});
