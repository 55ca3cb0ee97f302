import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** docs/product.md §2: 'Loading {page name}...' while a page (or the session) loads. */
export function PageLoader({ name, fullPage = false }: { name: string; fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8, minHeight: fullPage ? '100vh' : 240 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('loading.page', { page: name })}</Typography>
    </Box>
  );
}
