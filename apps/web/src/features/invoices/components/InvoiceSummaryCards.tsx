import type { InvoiceStats, Language } from '@carbonledger/contracts';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { formatMoney } from '../../../lib/format';

/** Amounts of each currency side by side: amounts in different currencies are never added up. */
function perCurrency(stats: InvoiceStats, pick: (entry: InvoiceStats['currencies'][number]) => string | null, language: Language, empty: string): string {
  const parts = stats.currencies.map((entry) => {
    const value = pick(entry);
    return value === null ? null : formatMoney(value, entry.currency, language);
  });
  const shown = parts.filter((part): part is string => part !== null);
  return shown.length > 0 ? shown.join(' · ') : empty;
}

/** docs/product.md §2 Invoices summary: total revenue, pending amount, collection rate, overdue amount, average payment time. */
export function InvoiceSummaryCards({ stats, language }: { stats: InvoiceStats | undefined; language: Language }) {
  const { t } = useTranslation();
  const zero = formatMoney('0', 'USD', language);
  const rate = stats
    ? stats.currencies
        .filter((entry) => entry.collectionRate !== null)
        .map((entry) => `${entry.collectionRate}% ${entry.currency}`)
        .join(' · ') || '—'
    : undefined;
  const cards: [string, string | undefined][] = [
    [t('invoices.summary.totalRevenue'), stats && perCurrency(stats, (entry) => entry.totalRevenue, language, zero)],
    [t('invoices.summary.pendingAmount'), stats && perCurrency(stats, (entry) => entry.pendingAmount, language, zero)],
    [t('invoices.summary.collectionRate'), rate],
    [t('invoices.summary.overdueAmount'), stats && perCurrency(stats, (entry) => entry.overdueAmount, language, zero)],
    [
      t('invoices.summary.averagePaymentTime'),
      stats && (stats.averagePaymentDays === null ? '—' : t('invoices.summary.days', { days: stats.averagePaymentDays })),
    ],
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }} component="section" aria-label={t('invoices.summary.label')}>
      {cards.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, md: 2.4 }}>
          <StatCard label={label} value={value} />
        </Grid>
      ))}
    </Grid>
  );
}
