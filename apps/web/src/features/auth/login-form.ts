import { loginRequest, loginWithMfaForm } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's zod resolver (contracts' loginRequest, or loginWithMfaForm once MFA is asked for). */
export function loginFormResolver(mfaRequired: boolean) {
  return zodResolver(mfaRequired ? loginWithMfaForm : loginRequest);
}
