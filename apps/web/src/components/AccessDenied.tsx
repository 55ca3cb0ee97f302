import LockOutlined from '@mui/icons-material/LockOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <LockOutlined color="error" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h5" component="h1">
        {t('accessDenied.title')}
      </Typography>
      <Typography color="text.secondary">{t('accessDenied.message')}</Typography>
    </Paper>
  );
}
