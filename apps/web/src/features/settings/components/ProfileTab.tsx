import { profileUpdateRequest, type ProfileUpdateRequest, type User } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../lib/toast';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['firstName', 'lastName', 'phone', 'jobTitle', 'department', 'bio'] as const;

function toForm(user: User): Record<(typeof FIELDS)[number], string> {
  return { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '', jobTitle: user.jobTitle ?? '', department: user.department ?? '', bio: user.bio ?? '' };
}

export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const userUpdated = useAuthStore((state) => state.userUpdated);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm({ defaultValues: toForm(user), resolver: zodResolver(profileUpdateRequest) });

  const onSubmit = handleSubmit((values: ProfileUpdateRequest) => {
    const nullable = (value: string | null | undefined) => (value ? value : null);
    update.mutate(
      { firstName: values.firstName, lastName: values.lastName, phone: nullable(values.phone), jobTitle: nullable(values.jobTitle), department: nullable(values.department), bio: nullable(values.bio) },
      {
        onSuccess: (saved) => {
          userUpdated(saved);
          reset(toForm(saved));
          enqueueSnackbar(t('settings.profile.saved'), { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(translateMessage(t, error.message || 'Profile update failed'), { variant: 'error' }),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 900 }}>
      <Typography sx={{ gridColumn: '1 / -1' }} color="text.secondary">
        {user.email} · {t(`roles.${user.role}`)} · {t('settings.profile.memberSince', { date: formatDateTime(user.memberSince, currentLanguage()) })}
      </Typography>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`settings.profile.fields.${field}`)}
          multiline={field === 'bio'}
          minRows={field === 'bio' ? 3 : undefined}
          sx={field === 'bio' ? { gridColumn: '1 / -1' } : undefined}
          error={Boolean(errors[field])}
          helperText={errors[field]?.message}
          {...register(field)}
        />
      ))}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={!isDirty || update.isPending}>
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
