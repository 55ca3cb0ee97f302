import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';

/** Who is signed in, for which company, in which role. */
export function WelcomeWidget() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.company);
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('dashboard.subtitle', { company: company?.name ?? '' })}</Typography>
      {user && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={t(`roles.${user.role}`, { defaultValue: user.role })} />
          {company && <Chip size="small" variant="outlined" label={company.name} />}
        </Stack>
      )}
    </Stack>
  );
}
