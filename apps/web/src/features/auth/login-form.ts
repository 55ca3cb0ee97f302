import { loginRequest, loginWithMfaForm, type LoginRequest } from '@carbonledger/contracts';

export type LoginField = 'email' | 'password' | 'mfaToken';
export type LoginFormValues = Record<LoginField, string>;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

/**
 * Checks the login form against the contracts' loginRequest (or loginWithMfaForm once the
 * server has asked for the MFA token): the request to send, or each field's first message.
 */
export function validateLoginForm(values: LoginFormValues, mfaRequired: boolean): { request: LoginRequest } | { errors: LoginFieldErrors } {
  const parsed = mfaRequired
    ? loginWithMfaForm.safeParse(values)
    : loginRequest.safeParse({ email: values.email, password: values.password });
  if (parsed.success) return { request: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
