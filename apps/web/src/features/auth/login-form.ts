import { loginRequest, loginWithMfaForm, newPasswordField, type LoginRequest } from '@carbonledger/contracts';

export type LoginField = 'email' | 'password' | 'mfaToken' | 'newPassword' | 'confirmPassword';
export type LoginFormValues = Record<LoginField, string>;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

/** The client's own text when the two new-password fields differ. */
export const passwordsMismatch = 'Passwords do not match';

/**
 * Checks the login form against the contracts' loginRequest (or loginWithMfaForm once the
 * server has asked for the MFA token, and the docs/product.md §5 new-password rule once it has
 * asked for a new password): the request to send, or each field's first message.
 */
export function validateLoginForm(
  values: LoginFormValues,
  mfaRequired: boolean,
  changeRequired = false,
): { request: LoginRequest } | { errors: LoginFieldErrors } {
  const base = { email: values.email, password: values.password, ...(mfaRequired ? { mfaToken: values.mfaToken } : {}) };
  const schema = mfaRequired ? loginWithMfaForm : loginRequest;
  const parsed = changeRequired
    ? schema.extend({ newPassword: newPasswordField }).safeParse({ ...base, newPassword: values.newPassword })
    : schema.safeParse(base);
  const errors: LoginFieldErrors = {};
  if (changeRequired && values.confirmPassword !== values.newPassword) errors.confirmPassword = passwordsMismatch;
  if (parsed.success && !errors.confirmPassword) return { request: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
