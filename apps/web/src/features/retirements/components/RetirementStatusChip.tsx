import type { RetirementStatus } from '@carbonledger/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RetirementStatus, ChipProps['color']> = {
  awaiting_approval: 'warning',
  pending: 'default',
  awaiting_signature: 'warning',
  scheduled: 'info',
  processing: 'primary',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** docs/product.md §4: a completed retirement reads "Retired". */
export function RetirementStatusChip({ status }: { status: RetirementStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} label={t(`retirements.status.${status}`)} />;
}
