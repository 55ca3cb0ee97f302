import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { usePendingApprovalsCount } from '../api/approvals-count';

/** The sidebar's count of open approval requests (approvals_count); nothing while there are none. */
export function ApprovalsBadge() {
  const { t } = useTranslation();
  const count = usePendingApprovalsCount();
  if (!count) return null;
  return (
    <Chip
      label={count > 99 ? '99+' : count}
      size="small"
      color="warning"
      sx={{ height: 20 }}
      aria-label={t('approvals.badge', { count })}
      data-testid="approvals-badge"
    />
  );
}
