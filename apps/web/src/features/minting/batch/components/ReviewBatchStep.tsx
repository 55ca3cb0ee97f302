import type { CompanyWallet } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatCard } from '../../../../components/StatCard';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import type { BatchSummary } from '../batch-selection';

interface ReviewBatchStepProps {
  summary: BatchSummary;
  wallets: readonly CompanyWallet[] | undefined;
  walletsFailed: boolean;
  walletId: string;
  onWallet: (walletId: string) => void;
  onBack: () => void;
  onNext: () => void;
}

export const walletLabel = (wallet: CompanyWallet) =>
  `${wallet.name ?? wallet.address.slice(0, 8)} · ${wallet.address.slice(0, 8)}…${wallet.address.slice(-4)}`;

/** Step 2: what the batch holds, per project and vintage (one token mint each), and where the tokens go. */
export function ReviewBatchStep({ summary, wallets, walletsFailed, walletId, onWallet, onBack, onNext }: ReviewBatchStepProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 3 }}>
        <StatCard label={t('batchMinting.review.count')} value={formatNumber(summary.count, language)} />
        <StatCard label={t('batchMinting.review.total')} value={formatNumber(summary.total, language)} />
        <StatCard label={t('batchMinting.review.mints')} value={formatNumber(summary.byProject.length, language)} />
      </Box>
      {walletsFailed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('batchMinting.review.walletsFailed')}
        </Alert>
      ) : wallets && wallets.length === 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('batchMinting.review.noWallet')} <RouterLink to="/wallets">{t('batchMinting.review.walletsLink')}</RouterLink>
        </Alert>
      ) : (
        <TextField
          select
          fullWidth
          label={t('batchMinting.review.wallet')}
          value={walletId}
          onChange={(event) => onWallet(event.target.value)}
          helperText={t('batchMinting.review.walletHelp')}
          sx={{ mb: 3, maxWidth: 560 }}
          disabled={!wallets}
        >
          {(wallets ?? []).map((wallet) => (
            <MenuItem key={wallet.id} value={wallet.id}>
              {walletLabel(wallet)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Table size="small" aria-label={t('batchMinting.review.breakdown')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('batchMinting.columns.project')}</TableCell>
            <TableCell>{t('batchMinting.columns.vintage')}</TableCell>
            <TableCell align="right">{t('batchMinting.review.blocks')}</TableCell>
            <TableCell align="right">{t('batchMinting.columns.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.byProject.map((share) => (
            <TableRow key={`${share.projectId}:${share.vintage}`}>
              <TableCell>{share.projectName}</TableCell>
              <TableCell>{share.vintage}</TableCell>
              <TableCell align="right">{formatNumber(share.count, language)}</TableCell>
              <TableCell align="right">{formatNumber(share.amount, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Button onClick={onBack}>{t('batchMinting.back')}</Button>
        <Button variant="contained" disabled={!walletId} onClick={onNext}>
          {t('batchMinting.continue')}
        </Button>
      </Box>
    </Box>
  );
}
