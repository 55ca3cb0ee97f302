import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useOutbox } from '../api/outbox';

/**
 * The local outbox: without an SMTP server (SMTP_URL) the product keeps the e-mail it would
 * have sent — invitations and password resets — for the tenant's administrators to read and pass on.
 */
export function OutboxCard() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const outbox = useOutbox(true);
  return (
    <Card variant="outlined" component="section" aria-labelledby="outbox-title">
      <CardHeader
        title={t('teamUsers.outbox.title')}
        subheader={t('teamUsers.outbox.subtitle')}
        slotProps={{ title: { id: 'outbox-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {outbox.isPending && <Skeleton height={60} />}
        {outbox.isError && <Alert severity="error">{translateMessage(t, outbox.error.message)}</Alert>}
        {outbox.data?.length === 0 && <Typography color="text.secondary">{t('teamUsers.outbox.empty')}</Typography>}
        {outbox.data?.map((message) => (
          <Accordion key={message.id} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography variant="body2">
                {formatDateTime(message.createdAt, language)} · {message.to} · {message.subject}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography
                component="pre"
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, fontFamily: 'inherit' }}
                data-testid="outbox-message"
              >
                {message.text}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </CardContent>
    </Card>
  );
}
