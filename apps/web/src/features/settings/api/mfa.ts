import { mfaEnrolmentSchema, mfaRecoveryCodesSchema, mfaStatusSchema } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const MFA_PATHS = { enrol: '/auth/mfa/enroll', confirm: '/auth/mfa/confirm', disable: '/auth/mfa/disable' } as const;

export function startMfaEnrolment() {
  return api.post(MFA_PATHS.enrol, undefined, mfaEnrolmentSchema);
}

export function useStartMfaEnrolment() {
  return useMutation({ mutationFn: startMfaEnrolment, retry: false });
}

export function confirmMfa(code: string) {
  return api.post(MFA_PATHS.confirm, { code }, mfaRecoveryCodesSchema);
}

export function useConfirmMfa() {
  return useMutation({ mutationFn: confirmMfa, retry: false });
}

export function disableMfa(code: string) {
  return api.post(MFA_PATHS.disable, { code }, mfaStatusSchema);
}

export function useDisableMfa() {
  return useMutation({ mutationFn: disableMfa, retry: false });
}
