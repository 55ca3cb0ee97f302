import type { Retirement } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '../../../lib/chain-format';
import { formatDateTime, formatRetirementLocation } from '../../../lib/format';
import { RetirementLinks } from './RetirementOutcome';
import { RetirementStatusChip } from './RetirementStatusChip';
import { currentLanguage } from '../../../lib/i18n';

/** Every field of one retirement (docs/product.md §3), with its certificate and transaction links. */
export function RetirementDetailsDialog({ retirement, onClose }: { retirement: Retirement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (!retirement) return null;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');
  const rows: [string, ReactNode][] = [
    ['id', <code key="id">{retirement.id}</code>],
    ['status', <RetirementStatusChip key="status" status={retirement.status} />],
    ['amount', t('retirements.tonnes', { amount: formatTokenAmount(retirement.amount, retirement.decimals) })],
    ['token', `${retirement.tokenSymbol} · ${retirement.projectName} (${retirement.vintage})`],
    ['company', retirement.companyName],
    ['wallet', <code key="wallet">{retirement.walletAddress}</code>],
    ['reason', t(`retirements.reasons.${retirement.reason}`)],
    ['location', formatRetirementLocation(retirement.country, retirement.subdivision, language)],
    ['beneficiary', retirement.beneficiaryName],
    ['memo', retirement.memo ?? '—'],
    ['tx', retirement.signature ? <code key="tx">{retirement.signature}</code> : '—'],
    ['registry', retirement.registryReference ? `${retirement.registry} · ${retirement.registryReference}` : retirement.registry],
    ['serials', retirement.serialNumbers.join(', ') || '—'],
    ['certificate', retirement.certificateNumber ?? '—'],
    ['created', date(retirement.createdAt)],
    ['scheduled', date(retirement.scheduledFor)],
    ['completed', date(retirement.completedAt)],
    ['cancelled', date(retirement.cancelledAt)],
    ['error', retirement.error ?? '—'],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="retirement-details-title">
      <DialogTitle id="retirement-details-title">{t('retirements.details.title')}</DialogTitle>
      {/* Focusable so keyboard users can scroll a long list of fields. */}
      <DialogContent dividers tabIndex={0}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {rows.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`retirements.details.${key}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 2 }}>
          <RetirementLinks retirement={retirement} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('retirements.details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
