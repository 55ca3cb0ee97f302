import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** docs/product.md §2: any unknown path. Go Back returns to the previous page (the dashboard when there is none). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography variant="h2" component="p" color="primary" aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.message')}</Typography>
      <Link
        href="/dashboard"
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            void navigate(-1);
          }
        }}
      >
        {t('notFound.goBack')}
      </Link>
    </Box>
  );
}
