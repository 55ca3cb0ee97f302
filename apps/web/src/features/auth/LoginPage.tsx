import { loginTexts, type LoginRequest, type loginRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { TextInput } from '../../components/TextInput';
import { translateMessage } from '../../lib/messages';
import { useLogin } from './api/login';
import { AuthCard } from './components/AuthCard';
import { isMfaRequired, loginErrorText } from './login-error';

type LoginForm = z.input<typeof loginRequest>;

/**
 * The contracts' schemas (and zod with them) load on the first validation, not with the
 * page: the sign-in screen paints without them.
 */
function lazyLoginResolver(mfaRequired: boolean): Resolver<LoginForm, unknown, LoginRequest> {
  return async (values, context, options) => {
    const { loginFormResolver } = await import('./login-form');
    return loginFormResolver(mfaRequired)(values, context, options);
  };
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [mfaRequired, setMfaRequired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin({ onSignedIn: () => enqueueSnackbar(translateMessage(t, loginTexts.signedIn), { variant: 'success' }) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginRequest>({
    resolver: lazyLoginResolver(mfaRequired),
    defaultValues: { email: '', password: '', mfaToken: undefined },
  });
  const fieldError = (message: string | undefined) => (message ? translateMessage(t, message) : undefined);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(mfaRequired ? values : { email: values.email, password: values.password }, {
      onError: (error) => {
        if (isMfaRequired(error)) setMfaRequired(true);
        setFailure(loginErrorText(error));
      },
    });
  });

  return (
    <AuthCard title={t('login.title')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {failure && (
          <Alert severity={isMfaRequired(login.error) ? 'info' : 'error'} role="alert">
            {translateMessage(t, failure)}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
          {...register('email')}
        />
        <TextInput
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={Boolean(errors.password)}
          helperText={fieldError(errors.password?.message)}
          {...register('password')}
        />
        {mfaRequired && (
          <TextInput
            label={t('login.mfaToken')}
            autoComplete="one-time-code"
            required
            autoFocus
            inputProps={{ inputMode: 'numeric', maxLength: 6 }}
            error={Boolean(errors.mfaToken)}
            helperText={fieldError(errors.mfaToken?.message) ?? t('login.mfaHelp')}
            {...register('mfaToken')}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? t('login.signingIn') : t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/login/wallet" sx={{ textAlign: 'center' }}>
          {t('login.withWallet')}
        </Link>
      </Box>
    </AuthCard>
  );
}
