import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../components/TextInput';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { requestPasswordReset } from './api/forgot-password';
import { AuthCard } from './components/AuthCard';

/** 'Forgot password?' on /login: asks for the e-mail, says the same whatever the answer (docs/product.md §5). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { emailField } = await import('@carbonledger/contracts');
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await requestPasswordReset({ email: parsed.data, language: currentLanguage() });
      setSent(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t('passwordReset.forgotTitle')}>
      {sent ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="success" role="status">
            {t('passwordReset.sent')}
          </Alert>
          <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
            {t('passwordReset.backToLogin')}
          </Link>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Typography color="text.secondary">{t('passwordReset.forgotIntro')}</Typography>
          <TextInput
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(error)}
            helperText={error ? translateMessage(t, error) : undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('passwordReset.send')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
            {t('passwordReset.backToLogin')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
