import { errorCatalogue, loginTexts } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useSnackbar } from '../../lib/toast';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../components/TextInput';
import { useAuthStore } from '../../lib/auth-store';
import { translateMessage } from '../../lib/messages';
import { login } from './api/login';
import { AuthCard } from './components/AuthCard';
import { isMfaRequired, isPasswordChangeRequired, loginErrorText } from './login-error';
import type { LoginField, LoginFieldErrors, LoginFormValues } from './login-form';
import { startSession } from './session';

const FIELD_ORDER: readonly LoginField[] = ['email', 'password', 'newPassword', 'mfaToken'];

/**
 * The contracts' schemas (and zod with them) load on the first validation, not with the
 * page: the sign-in screen paints without them. Fields are checked on submit, then again on
 * every change once a submit was tried.
 */
async function validate(values: LoginFormValues, mfaRequired: boolean, changeRequired: boolean) {
  const { validateLoginForm } = await import('./login-form');
  return validateLoginForm(values, mfaRequired, changeRequired);
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [mfaRequired, setMfaRequired] = useState(false);
  // docs/product.md §3 New user: a temporary password is replaced before the first session opens.
  const [changeRequired, setChangeRequired] = useState(false);
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '', mfaToken: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; mfa: boolean } | null>(null);
  const sessionExpired = useAuthStore((state) => state.sessionExpired);
  const fieldError = (message: string | undefined) => (message ? translateMessage(t, message) : undefined);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    // The server's answer was about the credentials as they were: once they change it no longer
    // applies, and the MFA step belonged to that account (the new one may have no MFA).
    const credentialsChanged = field === 'email' || field === 'password';
    const stillMfa = mfaRequired && !credentialsChanged;
    const stillChange = changeRequired && !credentialsChanged;
    const next = {
      ...values,
      [field]: event.target.value,
      ...(stillMfa ? {} : { mfaToken: '' }),
      ...(stillChange ? {} : { newPassword: '', confirmPassword: '' }),
    };
    setValues(next);
    if (credentialsChanged) {
      setFailure(null);
      setMfaRequired(false);
      setChangeRequired(false);
    }
    if (!submitted) return;
    void validate(next, stillMfa, stillChange).then((result) => {
      setErrors((current) => ({ ...current, [field]: 'errors' in result ? result.errors[field] : undefined }));
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setFailure(null);
    const result = await validate(values, mfaRequired, changeRequired);
    if ('errors' in result) {
      setErrors(result.errors);
      const firstInvalid = FIELD_ORDER.find((field) => result.errors[field]);
      if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const signedIn = await login(result.request);
      enqueueSnackbar(translateMessage(t, loginTexts.signedIn), { variant: 'success' });
      // Starting the session unmounts this page: nothing may update its state afterwards.
      startSession(signedIn);
    } catch (error) {
      if (isMfaRequired(error)) setMfaRequired(true);
      if (isPasswordChangeRequired(error)) setChangeRequired(true);
      const step = isMfaRequired(error) || isPasswordChangeRequired(error);
      setFailure({ text: isPasswordChangeRequired(error) ? t('login.changeRequired') : loginErrorText(error), mfa: step });
      setPending(false);
    }
  };

  const fieldProps = (field: LoginField) => ({
    value: values[field],
    onChange: change(field),
    error: Boolean(errors[field]),
  });

  return (
    <AuthCard title={t('login.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {sessionExpired && !failure && (
          <Alert severity="warning" role="status">
            {translateMessage(t, errorCatalogue.SESSION_EXPIRED.message)}
          </Alert>
        )}
        {failure && (
          <Alert severity={failure.mfa ? 'info' : 'error'} role="alert">
            {translateMessage(t, failure.text)}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          helperText={fieldError(errors.email)}
          {...fieldProps('email')}
        />
        <TextInput
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          helperText={fieldError(errors.password)}
          {...fieldProps('password')}
        />
        {changeRequired && (
          <>
            <TextInput
              label={t('login.newPassword')}
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              autoFocus
              helperText={fieldError(errors.newPassword) ?? t('login.newPasswordHelp')}
              {...fieldProps('newPassword')}
            />
            <TextInput
              label={t('login.confirmPassword')}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              helperText={fieldError(errors.confirmPassword)}
              {...fieldProps('confirmPassword')}
            />
          </>
        )}
        {mfaRequired && (
          <TextInput
            label={t('login.mfaToken')}
            name="mfaToken"
            autoComplete="one-time-code"
            required
            autoFocus
            inputProps={{ inputMode: 'numeric', maxLength: 6 }}
            helperText={fieldError(errors.mfaToken) ?? t('login.mfaHelp')}
            {...fieldProps('mfaToken')}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? t('login.signingIn') : t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ textAlign: 'center' }}>
          {t('login.forgotPassword')}
        </Link>
        <Link component={RouterLink} to="/login/wallet" sx={{ textAlign: 'center' }}>
          {t('login.withWallet')}
        </Link>
      </Box>
    </AuthCard>
  );
}
