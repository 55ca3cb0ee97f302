import { signingTexts } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../lib/toast';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePrepareWalletVerification } from '../api/prepare-verification';
import { useWalletDetail } from '../api/wallet-detail';
import { formatSol, formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { failureText, translateWalletMessage } from '../../../lib/wallet-messages';
import { WalletStatusChip } from './WalletStatusChip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One wallet with what the chain says about it now: SOL, token accounts, allowed mints. */
export function WalletDetailDialog({ walletId, onClose, canVerify }: { walletId: string | null; onClose: () => void; canVerify: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const detail = useWalletDetail(walletId);
  const prepare = usePrepareWalletVerification();
  const language = currentLanguage();
  const wallet = detail.data;

  const verify = () => {
    if (!wallet) return;
    prepare.mutate(wallet.id, {
      onSuccess: ({ transactionId }) => {
        enqueueSnackbar(translateWalletMessage(t, signingTexts.prepared), { variant: 'info' });
        void navigate(`/tools/sign-base64?transactionId=${encodeURIComponent(transactionId)}`);
      },
      onError: (error) => enqueueSnackbar(failureText(t, error, signingTexts.submitFailed), { variant: 'error' }),
    });
  };

  return (
    <Dialog open={walletId !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="wallet-detail-title">
      <DialogTitle id="wallet-detail-title">{wallet ? (wallet.name ?? t('wallets.unnamed')) : t('wallets.detail.title')}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {detail.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
        {detail.isError && <Alert severity="error">{t('wallets.detail.loadFailed')}</Alert>}
        {wallet && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <Field label={t('wallets.detail.address')}>
                <code data-testid="wallet-detail-address">{wallet.address}</code>
              </Field>
              <Field label={t('wallets.table.status')}>
                <WalletStatusChip status={wallet.status} />
                {!wallet.operational && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {wallet.statusReason ?? t('wallets.detail.notOperational')}
                  </Typography>
                )}
              </Field>
              <Field label={t('wallets.table.type')}>{t(`wallets.type.${wallet.type}`)}</Field>
              <Field label={t('wallets.table.company')}>{wallet.companyName}</Field>
              <Field label={t('wallets.table.registeredAt')}>{formatDateTime(wallet.createdAt, language)}</Field>
              <Field label={t('wallets.table.approvedBy')}>
                {wallet.approvedBy ? `${wallet.approvedBy}${wallet.approvedAt ? ` · ${formatDateTime(wallet.approvedAt, language)}` : ''}` : '—'}
              </Field>
              <Field label={t('wallets.detail.solBalance')}>
                <span data-testid="wallet-detail-sol">{formatSol(wallet.solBalanceLamports)}</span>
              </Field>
              <Field label={t('wallets.detail.verifiedOnChain')}>
                {wallet.verifiedOnChainAt ? formatDateTime(wallet.verifiedOnChainAt, language) : t('wallets.detail.notVerified')}
              </Field>
            </Box>

            <Box>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {t('wallets.detail.balances')}
              </Typography>
              {wallet.balances.length === 0 ? (
                <Alert severity="info" data-testid="wallet-detail-no-balances">
                  {t('wallets.detail.noTokenAccounts')}
                </Alert>
              ) : (
                <Table size="small" aria-label={t('wallets.detail.balances')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('wallets.detail.token')}</TableCell>
                      <TableCell>{t('wallets.detail.tokenAccount')}</TableCell>
                      <TableCell align="right">{t('wallets.detail.amount')}</TableCell>
                      <TableCell>{t('wallets.detail.accountState')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {wallet.balances.map((balance) => (
                      <TableRow key={balance.account}>
                        <TableCell>
                          {balance.symbol ?? shortAddress(balance.mint)}
                          {balance.tokenName && (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {balance.tokenName}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          <code title={balance.account}>{shortAddress(balance.account)}</code>
                        </TableCell>
                        <TableCell align="right">{formatTokenAmount(balance.amount, balance.decimals)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={balance.frozen ? 'default' : 'success'}
                            label={balance.frozen ? t('wallets.detail.frozen') : t('wallets.detail.thawed')}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>

            <Box>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {t('wallets.detail.allowedMints')}
              </Typography>
              {wallet.allowedMints.length === 0 ? (
                <Alert severity="info" data-testid="wallet-detail-no-mints">
                  {t('wallets.detail.noMints')}
                </Alert>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {wallet.allowedMints.map((mint) => (
                    <li key={mint.mint}>
                      <Typography variant="body2">
                        <strong>{mint.symbol}</strong> · {mint.tokenName} · <code title={mint.mint}>{shortAddress(mint.mint)}</code>
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {wallet && (
          <Button href={wallet.explorerUrl} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNew />}>
            {t('wallets.actions.explorer')}
          </Button>
        )}
        {wallet && canVerify && wallet.type === 'external' && (
          <Button startIcon={<VerifiedOutlined />} onClick={verify} disabled={prepare.isPending}>
            {t('wallets.detail.verifyOnChain')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t('wallets.detail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
