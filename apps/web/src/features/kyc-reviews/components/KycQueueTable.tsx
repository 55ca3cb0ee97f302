import type { KycQueue } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const RISK_COLOURS = { low: 'success', medium: 'info', high: 'warning', critical: 'error' } as const;

/** The queue: company, type, status, risk, score, documents, submitted; a row opens its case. */
export function KycQueueTable({ items, selectedId, onSelect }: { items: KycQueue['items']; selectedId: string | null; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Table size="small" aria-label={t('kycReviews.queue')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('kycReviews.columns.company')}</TableCell>
          <TableCell>{t('kycReviews.columns.type')}</TableCell>
          <TableCell>{t('kycReviews.columns.status')}</TableCell>
          <TableCell>{t('kycReviews.columns.risk')}</TableCell>
          <TableCell>{t('kycReviews.columns.score')}</TableCell>
          <TableCell>{t('kycReviews.columns.documents')}</TableCell>
          <TableCell>{t('kycReviews.columns.submitted')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow
            key={item.id}
            hover
            selected={item.id === selectedId}
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') onSelect(item.id);
            }}
            tabIndex={0}
            sx={{ cursor: 'pointer' }}
            data-testid={`kyc-queue-row-${item.id}`}
            aria-label={t('kycReviews.openCase', { company: item.companyName })}
          >
            <TableCell>{item.companyName}</TableCell>
            <TableCell>{t(`kyc.subjectTypes.${item.subjectType}`)}</TableCell>
            <TableCell>{t(`kycReviews.status.${item.status}`)}</TableCell>
            <TableCell>
              {item.riskLevel ? <Chip size="small" color={RISK_COLOURS[item.riskLevel]} label={t(`kycReviews.risk.${item.riskLevel}`)} /> : '—'}
            </TableCell>
            <TableCell>{item.score ?? '—'}</TableCell>
            <TableCell>{item.documentCount}</TableCell>
            <TableCell>{item.submittedAt ? `${formatDateTime(item.submittedAt, language)} · ${item.submittedBy?.name ?? ''}` : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
