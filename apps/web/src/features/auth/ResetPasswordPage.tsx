import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { resetPassword } from './api/reset-password';
import { AuthCard } from './components/AuthCard';
import { NewPasswordFields, newPasswordErrors, type NewPasswordValues } from './components/NewPasswordFields';
import { linkErrorText } from './link-error';

/** /reset-password/:token from the e-mailed link: a new password (docs/product.md §5 rule); every session ends. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = await newPasswordErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      await resetPassword({ token, newPassword: values.password });
      setDone(true);
    } catch (error) {
      setFailure(linkErrorText(t, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t('passwordReset.resetTitle')}>
      {done ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="success" role="status">
            {t('passwordReset.done')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('login.submit')}
          </Button>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <NewPasswordFields values={values} errors={errors} onChange={setValues} />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('passwordReset.save')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
            {t('passwordReset.backToLogin')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
