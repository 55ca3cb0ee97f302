import { profileUpdateRequest, type ProfileUpdateRequest, type User } from '@carbonledger/contracts';
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
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/** docs/product.md §3 User: the fields a user keeps about themselves. */
const FIELDS = ['firstName', 'lastName', 'phone', 'jobTitle', 'department', 'bio'] as const;
type Field = (typeof FIELDS)[number];

function toForm(user: User): Record<Field, string> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    jobTitle: user.jobTitle ?? '',
    department: user.department ?? '',
    bio: user.bio ?? '',
  };
}

export function PersonalDetailsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const userUpdated = useAuthStore((state) => state.userUpdated);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm({ defaultValues: toForm(user), resolver: zodResolver(profileUpdateRequest) });

  const onSubmit = handleSubmit((values: ProfileUpdateRequest) => {
    const nullable = (value: string | null | undefined) => (value ? value : null);
    update.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: nullable(values.phone),
        jobTitle: nullable(values.jobTitle),
        department: nullable(values.department),
        bio: nullable(values.bio),
      },
      {
        onSuccess: (saved) => {
          userUpdated(saved);
          reset(toForm(saved));
          enqueueSnackbar(t('settings.profile.saved'), { variant: 'success' });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          for (const field of FIELDS) {
            const problem = fields?.[field]?.[0];
            if (problem) setError(field, { message: translateMessage(t, problem) });
          }
          enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' });
        },
      },
    );
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="personal-details-title">
      <CardHeader
        title={t('profilePage.details.title')}
        subheader={`${user.email} · ${t(`roles.${user.role}`)} · ${t('settings.profile.memberSince', { date: formatDateTime(user.memberSince, currentLanguage()) })}`}
        slotProps={{ title: { id: 'personal-details-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`settings.profile.fields.${field}`)}
              multiline={field === 'bio'}
              minRows={field === 'bio' ? 3 : undefined}
              sx={field === 'bio' ? { gridColumn: '1 / -1' } : undefined}
              error={Boolean(errors[field])}
              helperText={errors[field]?.message ? translateMessage(t, errors[field].message) : undefined}
              {...register(field)}
            />
          ))}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" disabled={!isDirty || update.isPending}>
              {t('common.save')}
            </Button>
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('profilePage.details.help')}
        </Typography>
      </CardContent>
    </Card>
  );
}
