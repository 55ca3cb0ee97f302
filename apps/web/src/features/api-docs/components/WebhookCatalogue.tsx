import {
  API_BASE_PATH,
  SUBSCRIBABLE_WEBHOOK_EVENTS,
  WEBHOOK_VERIFICATION_SNIPPET,
  webhookEventCatalogue,
  type WebhookEventType,
} from '@carbonledger/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const STREAM_PATH = `${API_BASE_PATH}/events/stream`;
const EVENTS: readonly WebhookEventType[] = [...SUBSCRIBABLE_WEBHOOK_EVENTS, 'webhook.test'];

// Code blocks scroll sideways on narrow screens: focusable, so that the keyboard can scroll them too.
const codeStyle = { m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontFamily: 'monospace', fontSize: 13 } as const;

/**
 * The webhook event catalogue for integrators: every event with the JSON Schema of its `data`,
 * generated from the contracts' zod schemas (the ones the API validates what it sends against),
 * and how to verify a delivery's Standard Webhooks signature.
 */
export function WebhookCatalogue() {
  const { t } = useTranslation();
  const schemas = useMemo(
    () => new Map(EVENTS.map((type) => [type, JSON.stringify(z.toJSONSchema(webhookEventCatalogue[type].data, { io: 'output' }), null, 2)])),
    [],
  );
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }} component="section" aria-labelledby="api-docs-webhooks">
      <Typography variant="h6" component="h2" id="api-docs-webhooks">
        {t('webhooks.docs.title')}
      </Typography>
      <Typography sx={{ my: 1 }}>{t('webhooks.docs.intro', { stream: STREAM_PATH })}</Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('webhooks.docs.verifyTitle')}
      </Typography>
      <Box component="pre" sx={codeStyle} tabIndex={0}>
        {WEBHOOK_VERIFICATION_SNIPPET}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('webhooks.docs.catalogueTitle')}
      </Typography>
      {EVENTS.map((type) => (
        <Accordion key={type} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography sx={{ fontFamily: 'monospace', mr: 2 }}>{type}</Typography>
            <Typography color="text.secondary">{t(`webhooks.eventNames.${type.replace('.', '_')}`)}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ mb: 1 }}>{webhookEventCatalogue[type].description}</Typography>
            <Box component="pre" role="figure" sx={codeStyle} tabIndex={0} aria-label={t('webhooks.docs.payload', { type })}>
              {schemas.get(type)}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
    </Paper>
  );
}
