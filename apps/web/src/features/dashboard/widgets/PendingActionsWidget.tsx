import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDashboardSummary } from '../api/dashboard-summary';
import { WidgetState } from '../components/WidgetState';

export function PendingActionsWidget() {
  const { t } = useTranslation();
  const summary = useDashboardSummary();
  const actions = summary.data?.pendingActions ?? [];
  return (
    <WidgetState loading={summary.isPending} error={summary.error} empty={actions.length === 0} emptyText={t('dashboard.noPendingActions')}>
      <List disablePadding>
        {actions.map((action) => (
          <ListItem key={action.id} disablePadding divider>
            <ListItemButton component={RouterLink} to={action.link}>
              <ListItemText primary={action.title} secondary={action.description} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </WidgetState>
  );
}
