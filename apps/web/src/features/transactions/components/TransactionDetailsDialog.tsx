import type { TransactionView } from '@carbonledger/contracts';
import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
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
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useDownloadCertificatePdf } from '../api/certificate-pdf';
import { TransactionStatusChip, TransactionTypeChip } from './TransactionChips';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** docs/product.md §2 details dialog: hash, fee in SOL, from, to, description, explorer link, certificate for burns. */
export function TransactionDetailsDialog({ transaction, onClose }: { transaction: TransactionView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadCertificatePdf();
  const none = t('transactions.none');
  const onDownload = (certificateId: string) =>
    download.mutate(certificateId, {
      onError: (error) => enqueueSnackbar(`${t('transactions.downloadFailed')} ${translateMessage(t, error.message)}`, { variant: 'error' }),
    });

  return (
    <Dialog open={transaction !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="transaction-details-title">
      {transaction && (
        <>
          <DialogTitle id="transaction-details-title">{t('transactions.dialog.title')}</DialogTitle>
          <DialogContent dividers tabIndex={0}>
            <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
              <TransactionTypeChip type={transaction.type} />
              <TransactionStatusChip status={transaction.status} />
            </Box>
            <Box component="dl" sx={{ m: 0 }}>
              <Field label={t('transactions.dialog.hash')} testId="transaction-hash">
                {transaction.hash ?? t('transactions.notSent')}
              </Field>
              <Field label={t('transactions.dialog.date')}>{formatDateTime(transaction.date, language)}</Field>
              <Field label={t('transactions.dialog.token')}>{[transaction.tokenSymbol, transaction.project].filter(Boolean).join(' · ') || none}</Field>
              <Field label={t('transactions.dialog.amount')}>
                {t('transactions.tonnes', { amount: formatTokenAmount(transaction.amount, transaction.decimals) })}
              </Field>
              <Field label={t('transactions.dialog.fee')} testId="transaction-fee">
                {transaction.feeSol === null ? t('transactions.feeUnknown') : `${transaction.feeSol} SOL`}
              </Field>
              <Field label={t('transactions.dialog.from')} testId="transaction-from">
                {transaction.from ?? none}
              </Field>
              <Field label={t('transactions.dialog.to')} testId="transaction-to">
                {transaction.to ?? (transaction.type === 'burn' ? t('transactions.burnt') : none)}
              </Field>
              <Field label={t('transactions.dialog.description')} testId="transaction-description">
                {transaction.description}
              </Field>
            </Box>
            {transaction.type === 'burn' && !transaction.certificateId && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('transactions.noCertificate')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {transaction.explorerUrl && (
              <Button component="a" href={transaction.explorerUrl} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNew />}>
                {t('transactions.dialog.explorer')}
              </Button>
            )}
            {transaction.type === 'burn' && transaction.certificateId && (
              <Button variant="outlined" startIcon={<Download />} loading={download.isPending} onClick={() => onDownload(transaction.certificateId!)}>
                {t('transactions.dialog.downloadCertificate')}
              </Button>
            )}
            <Button onClick={onClose}>{t('transactions.dialog.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
