import type { Invitation } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { acceptInvitation, fetchInvitation } from './api/invitation';
import { AuthCard } from './components/AuthCard';
import { NewPasswordFields, newPasswordErrors, type NewPasswordValues } from './components/NewPasswordFields';
import { linkErrorText } from './link-error';

type Loaded =
  { state: 'loading' } | { state: 'failed'; text: string } | { state: 'open'; invitation: Invitation } | { state: 'accepted'; mustChangePassword: boolean };

/**
 * /invite/:token from the invitation e-mail: accepting verifies the e-mail and activates the
 * account. Without a password yet, the person chooses it here; with a temporary one, they sign
 * in with it next and choose their own then.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let current = true;
    fetchInvitation(token).then(
      (invitation) => current && setLoaded({ state: 'open', invitation }),
      (error: unknown) => current && setLoaded({ state: 'failed', text: linkErrorText(t, error) }),
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loaded.state !== 'open') return;
    const { requiresPassword } = loaded.invitation;
    if (requiresPassword) {
      const problems = await newPasswordErrors(values);
      setErrors(problems);
      if (Object.keys(problems).length > 0) return;
    }
    setPending(true);
    setFailure(null);
    try {
      const accepted = await acceptInvitation(token, requiresPassword ? { password: values.password } : {});
      setLoaded({ state: 'accepted', mustChangePassword: accepted.mustChangePassword });
    } catch (error) {
      setFailure(linkErrorText(t, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t('invitation.title')}>
      {loaded.state === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress aria-label={t('invitation.loading')} />
        </Box>
      )}
      {loaded.state === 'failed' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="error" role="alert">
            {loaded.text}
          </Alert>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('passwordReset.backToLogin')}
          </Button>
        </Box>
      )}
      {loaded.state === 'accepted' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="success" role="status">
            {loaded.mustChangePassword ? t('invitation.acceptedTemporary') : t('invitation.accepted')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('login.submit')}
          </Button>
        </Box>
      )}
      {loaded.state === 'open' && (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Typography>
            {t('invitation.intro', { name: loaded.invitation.firstName, company: loaded.invitation.companyName, email: loaded.invitation.email })}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {loaded.invitation.requiresPassword ? (
            <NewPasswordFields values={values} errors={errors} onChange={setValues} />
          ) : (
            <Typography color="text.secondary">{t('invitation.temporaryNext')}</Typography>
          )}
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('invitation.accept')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
