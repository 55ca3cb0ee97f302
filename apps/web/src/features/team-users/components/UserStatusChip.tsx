import type { UserStatus } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = { active: 'success', inactive: 'default', suspended: 'error', pending_verification: 'warning' } as const;

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`teamUsers.status.${status}`)} />;
}
