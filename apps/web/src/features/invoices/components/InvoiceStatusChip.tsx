import type { InvoiceStatus } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Filled chips (and outlined neutral ones) keep their text readable against the theme (the accessibility check). */
const CHIPS = {
  draft: { color: 'default', variant: 'outlined' },
  pending: { color: 'default', variant: 'filled' },
  paid: { color: 'success', variant: 'filled' },
  overdue: { color: 'error', variant: 'filled' },
  cancelled: { color: 'default', variant: 'outlined' },
} as const satisfies Record<InvoiceStatus, { color: 'default' | 'success' | 'error'; variant: 'filled' | 'outlined' }>;

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" {...CHIPS[status]} label={t(`invoices.status.${status}`)} />;
}
