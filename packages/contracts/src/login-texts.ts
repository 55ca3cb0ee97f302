import { MFA_CODE_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * docs/product.md §5 login texts. Kept apart from the zod schemas in auth.ts so the web app's sign-in
 * screen can show them without loading zod before the form is first validated.
 */
export const loginTexts = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  mfaRequired: 'MFA token is required',
  mfaFormat: `MFA token must be ${MFA_CODE_LENGTH} digits`,
  signedIn: 'Successfully signed in',
} as const;
