import { canOpenRoute, type Role, type Webhook } from '@carbonledger/contracts';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useWebhooksSummary } from '../api/webhooks-summary';

const ROUTE = '/webhooks';
const SHOWN = 5;

type EndpointState = 'enabled' | 'failing' | 'disabled';

/** Failing: deliveries fail without a success since (still enabled, retrying), or it was disabled for it. */
function stateOf(webhook: Webhook): EndpointState {
  if (!webhook.enabled) return webhook.disabledReason === 'failing' ? 'failing' : 'disabled';
  return webhook.failingSince ? 'failing' : 'enabled';
}

const CHIP_COLOR = { enabled: 'success', failing: 'error', disabled: 'default' } as const;

/** Settings → API & Integrations: the company's webhook endpoints (status, last delivery, how many fail) and the way to /webhooks. */
export function WebhooksSummary({ role }: { role: Role }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const allowed = canOpenRoute(role, ROUTE);
  const webhooks = useWebhooksSummary(allowed);
  const items = webhooks.data ?? [];
  const failing = items.filter((webhook) => stateOf(webhook) === 'failing').length;

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-webhooks-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <WebhookOutlined color="primary" aria-hidden />
          <Typography id="settings-webhooks-title" variant="h6" component="h2">
            {t('integrations.webhooks.title')}
          </Typography>
        </Stack>
        {!allowed && <Typography color="text.secondary">{t('integrations.webhooks.notAllowed')}</Typography>}
        {allowed && webhooks.isPending && <LinearProgress aria-label={t('common.loading')} sx={{ my: 2 }} />}
        {allowed && webhooks.isError && <Alert severity="error">{t('integrations.webhooks.loadFailed')}</Alert>}
        {allowed && webhooks.data && (
          <>
            <Typography color="text.secondary" data-testid="settings-webhooks-count">
              {t('integrations.webhooks.count', { count: items.length })}
            </Typography>
            {failing > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('integrations.webhooks.failing', { count: failing })}
              </Alert>
            )}
            {items.length > 0 && (
              <List dense aria-label={t('integrations.webhooks.listLabel')}>
                {items.slice(0, SHOWN).map((webhook) => {
                  const state = stateOf(webhook);
                  return (
                    <ListItem
                      key={webhook.id}
                      disableGutters
                      secondaryAction={<Chip size="small" color={CHIP_COLOR[state]} label={t(`integrations.webhooks.state.${state}`)} />}
                    >
                      <ListItemText
                        primary={webhook.url}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 12 } } }}
                        secondary={
                          webhook.lastDeliveryAt && webhook.lastDeliveryStatus
                            ? t(`integrations.webhooks.lastDelivery.${webhook.lastDeliveryStatus}`, { at: formatDateTime(webhook.lastDeliveryAt, language) })
                            : t('integrations.webhooks.noDelivery')
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </>
        )}
      </CardContent>
      {allowed && (
        <CardActions>
          <Button component={RouterLink} to={ROUTE}>
            {t('integrations.webhooks.manage')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
