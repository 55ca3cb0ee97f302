import { passwordChangeRequest } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

/** The contract's rule (docs/product.md §5) plus the repeat the form asks for; the server checks the current password. */
const passwordForm = passwordChangeRequest
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, { path: ['confirmPassword'], message: 'mismatch' });
type PasswordForm = z.infer<typeof passwordForm>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(passwordForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ endedOtherSessions }) => {
          reset();
          enqueueSnackbar(t('profilePage.password.changed', { count: endedOtherSessions }), { variant: 'success' });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          const current = fields?.currentPassword?.[0];
          const next = fields?.newPassword?.[0];
          if (current) setError('currentPassword', { message: current });
          if (next) setError('newPassword', { message: next });
          if (!current && !next) enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' });
        },
      },
    ),
  );

  const helper = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    if (!message) return field === 'newPassword' ? t('profilePage.password.rule') : undefined;
    if (field === 'confirmPassword') return t('profilePage.password.mismatch');
    if (message === 'Current password is incorrect') return t('profilePage.password.wrongCurrent');
    return translateMessage(t, message);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="password-title">
      <CardHeader title={t('profilePage.password.title')} slotProps={{ title: { id: 'password-title', component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profilePage.password.help')}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              type="password"
              label={t(`profilePage.password.${field}`)}
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
              error={Boolean(errors[field])}
              helperText={helper(field)}
              {...register(field)}
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {t('profilePage.password.submit')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
