import { API_BASE_PATH } from '@carbonledger/contracts';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ApiAuthentication } from './components/ApiAuthentication';
import { WebhookCatalogue } from './components/WebhookCatalogue';

/** Where the rendered reference and the OpenAPI document are served (apps/api/src/plugins/openapi.ts). */
const REFERENCE_URL = `${API_BASE_PATH}/reference/`;
const DOCUMENT_URL = `${API_BASE_PATH}/openapi.json`;
const POINTS = ['signIn', 'csrf', 'idempotency', 'errors', 'rpc'] as const;

/**
 * The API reference for integrators (issue 17): the rendered OpenAPI document opens in its own
 * tab (the reference may not be framed: frame-ancestors 'none'), the document downloads for
 * client generators, and the conventions every operation follows are summed up here.
 */
export default function ApiDocsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <PageHeader title={name} subtitle={t('apiDocs.subtitle')} />
      <Paper variant="outlined" sx={{ p: 3, mb: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <MenuBookOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ flex: '1 1 320px' }}>{t('apiDocs.intro')}</Typography>
        <Button variant="contained" href={REFERENCE_URL} target="_blank" rel="noopener" endIcon={<OpenInNew />}>
          {t('apiDocs.openReference')}
        </Button>
        <Button variant="outlined" href={DOCUMENT_URL} download="carbonledger-openapi.json" startIcon={<FileDownloadOutlined />}>
          {t('apiDocs.downloadDocument')}
        </Button>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          {t('apiDocs.conventionsTitle')}
        </Typography>
        <List>
          {POINTS.map((point) => (
            <ListItem key={point} disableGutters>
              <ListItemText primary={t(`apiDocs.points.${point}.title`)} secondary={t(`apiDocs.points.${point}.text`)} />
            </ListItem>
          ))}
        </List>
      </Paper>
      <ApiAuthentication />
      <WebhookCatalogue />
    </Box>
  );
}
