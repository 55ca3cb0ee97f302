import { canOpenRoute, type Role } from '@carbonledger/contracts';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { useApiKeysSummary } from '../api/api-keys-summary';

const ROUTE = '/api-management';

/** Settings → API & Integrations: the keys the user created (status, last use) and the way to /api-management. */
export function ApiKeysSummary({ userId, role }: { userId: string; role: Role }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const allowed = canOpenRoute(role, ROUTE);
  const keys = useApiKeysSummary(allowed);
  const mine = (keys.data ?? []).filter((key) => key.createdBy === userId);
  const active = mine.filter((key) => key.status === 'active').length;

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-api-keys-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <VpnKeyOutlined color="primary" aria-hidden />
          <Typography id="settings-api-keys-title" variant="h6" component="h2">
            {t('apiKeys.settings.title')}
          </Typography>
        </Stack>
        {!allowed && <Typography color="text.secondary">{t('apiKeys.settings.notAllowed')}</Typography>}
        {allowed && keys.isPending && <Skeleton aria-label={t('common.loading')} height={48} />}
        {allowed && keys.isError && <Alert severity="error">{t('apiKeys.texts.loadFailed')}</Alert>}
        {allowed && keys.data && (
          <>
            <Typography color="text.secondary" data-testid="settings-api-keys-count">
              {t('apiKeys.settings.count', { count: mine.length, active })}
            </Typography>
            {mine.length > 0 && (
              <List dense>
                {mine.slice(0, 5).map((key) => (
                  <ListItem key={key.id} disableGutters>
                    <ListItemText
                      primary={`${key.name} · ${t(`apiKeys.status.${key.status}`)}`}
                      secondary={key.lastUsedAt ? t('apiKeys.settings.lastUsed', { at: formatDateTime(key.lastUsedAt, language) }) : t('apiKeys.table.never')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </CardContent>
      {allowed && (
        <CardActions>
          <Button component={RouterLink} to={ROUTE}>
            {t('apiKeys.settings.manage')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
