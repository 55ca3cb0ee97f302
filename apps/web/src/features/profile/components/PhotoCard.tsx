import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, type User } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useRemovePhoto } from '../api/remove-photo';
import { useUploadPhoto } from '../api/upload-photo';

const initialsOf = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/** The refusal the user reads: the photo rule for a wrong type or size (told by the error code), else the server's text. */
function refusalText(t: TFunction, error: Error): string {
  if (error instanceof ApiError && (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE')) return t('profilePage.photo.rule');
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') return t('profilePage.photo.unreadable');
  return translateMessage(t, error.message);
}

/** docs/product.md §5 profile photo: JPG or PNG, at most 2 MB; the server stores a 256 × 256 square. */
export function PhotoCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const userUpdated = useAuthStore((state) => state.userUpdated);
  const uploadPhoto = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    // Checked here for a quick answer; the server checks the bytes themselves again.
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > PROFILE_PHOTO_MAX_BYTES) {
      setProblem(t('profilePage.photo.rule'));
      return;
    }
    setProgress(0);
    uploadPhoto.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (photo) => {
          userUpdated({ ...user, photoUrl: photo.photoUrl });
          enqueueSnackbar(t('profilePage.photo.updated'), { variant: 'success' });
        },
        onError: (error) => setProblem(refusalText(t, error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const remove = () =>
    removePhoto.mutate(undefined, {
      onSuccess: () => {
        userUpdated({ ...user, photoUrl: null });
        enqueueSnackbar(t('profilePage.photo.removed'), { variant: 'success' });
      },
      onError: (error) => setProblem(translateMessage(t, error.message)),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="photo-title">
      <CardHeader title={t('profilePage.photo.title')} slotProps={{ title: { id: 'photo-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Avatar
          src={user.photoUrl ?? undefined}
          alt={t('profilePage.photo.alt')}
          sx={{ width: 128, height: 128, fontSize: 44, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {initialsOf(user)}
        </Avatar>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('profilePage.photo.rule')}
        </Typography>
        {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ width: '100%' }} aria-label={t('profilePage.photo.uploading')} />}
        {problem && (
          <Alert severity="error" sx={{ width: '100%' }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          <input
            ref={input}
            type="file"
            hidden
            accept={PROFILE_PHOTO_TYPES.join(',')}
            data-testid="profile-photo-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button variant="contained" onClick={() => input.current?.click()} disabled={uploadPhoto.isPending}>
            {user.photoUrl ? t('profilePage.photo.change') : t('profilePage.photo.upload')}
          </Button>
          {user.photoUrl && (
            <Button color="error" onClick={remove} disabled={removePhoto.isPending || uploadPhoto.isPending}>
              {t('profilePage.photo.remove')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
