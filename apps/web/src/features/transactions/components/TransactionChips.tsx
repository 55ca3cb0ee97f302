import type { TransactionStatus, TransactionType } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

// Outlined chips print their label in the colour: only colours dark enough on white (WCAG AA) are used.
const TYPE_COLOR: Record<TransactionType, 'primary' | 'default' | 'success' | 'error'> = {
  mint: 'primary',
  burn: 'error',
  received: 'success',
  sent: 'default',
};
const STATUS_COLOR: Record<TransactionStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  processing: 'info',
  completed: 'success',
  failed: 'error',
};

export function TransactionTypeChip({ type }: { type: TransactionType }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={TYPE_COLOR[type]} label={t(`transactions.types.${type}`)} />;
}

export function TransactionStatusChip({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`transactions.statuses.${status}`)} />;
}
