import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The one statement every screen that is not built yet shows, inside the layout. */
export function NotAvailableYet({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <ConstructionOutlined color="disabled" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h5" component="h1">
        {name}
      </Typography>
      <Typography color="text.secondary" data-testid="not-available">
        {t('notAvailable.message', { page: name })}
      </Typography>
    </Paper>
  );
}
