import { SERVER_EVENTS, describeActivity } from '@carbonledger/contracts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRealtimeInvalidate } from '../../../lib/realtime';
import { useDashboardSummary } from '../api/dashboard-summary';
import { WidgetState } from '../components/WidgetState';

/**
 * The audit trail entries this user may see (their own, their company's, or the tenant's for
 * administrators), each told as the team activity log tells it: one sentence per audited
 * action in the user's language, naming who did it and the details it recorded.
 */
export function ActivityLogWidget() {
  const { t } = useTranslation();
  const summary = useDashboardSummary();
  useRealtimeInvalidate([SERVER_EVENTS.activityUpdate], ['dashboard', 'summary']);
  const language = currentLanguage();
  const entries = summary.data?.recentActivity ?? [];
  return (
    <WidgetState loading={summary.isPending} error={summary.error} empty={entries.length === 0} emptyText={t('dashboard.noActivity')}>
      <List disablePadding dense>
        {entries.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={describeActivity({ ...entry, actor: entry.actor ? { name: entry.actor } : null }, language)}
              secondary={formatDateTime(entry.timestamp, language)}
            />
          </ListItem>
        ))}
      </List>
    </WidgetState>
  );
}
