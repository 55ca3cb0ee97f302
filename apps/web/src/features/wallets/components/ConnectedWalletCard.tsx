import LinkOff from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_DEV_WALLET_NAME } from '../../../lib/local-dev-wallet/local-dev-wallet';
import { LAMPORTS_PER_SOL, getSolBalance, requestAirdrop } from '../../../lib/local-dev-wallet/rpc';
import { formatSol } from '../../../lib/chain-format';
import type { BrowserWallet } from '../../../lib/use-browser-wallet';
import { WalletConflictWarning } from '../../../components/WalletConflictWarning';
import { WalletPickerDialog } from '../../../components/WalletPickerDialog';

const AIRDROP_LAMPORTS = 2n * LAMPORTS_PER_SOL;

/** SOL balance read from the local chain, with the faucet: only for the local dev wallet. */
function LocalDevWalletTools({ address }: { address: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const balanceKey = ['local-dev-wallet', 'balance', address] as const;
  const balance = useQuery({ queryKey: balanceKey, queryFn: () => getSolBalance(address), refetchInterval: 5_000 });
  const airdrop = useMutation({
    mutationFn: () => requestAirdrop(address, AIRDROP_LAMPORTS),
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: balanceKey });
      enqueueSnackbar(t('wallets.localDev.airdropDone', { amount: formatSol(AIRDROP_LAMPORTS) }), { variant: 'success' });
    },
    onError: () => enqueueSnackbar(t('wallets.localDev.airdropFailed'), { variant: 'error' }),
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
      <Typography aria-live="polite" data-testid="local-dev-balance">
        {t('wallets.localDev.balance', { balance: balance.data === undefined ? '…' : formatSol(balance.data) })}
      </Typography>
      <Button variant="outlined" size="small" onClick={() => airdrop.mutate()} disabled={airdrop.isPending}>
        {airdrop.isPending ? t('wallets.localDev.airdropping') : t('wallets.localDev.airdrop', { amount: formatSol(AIRDROP_LAMPORTS) })}
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
        {t('wallets.localDev.notice')}
      </Typography>
    </Box>
  );
}

/** The browser wallet the user connected (Wallet Standard), or the button to pick one. */
export function ConnectedWalletCard({ browserWallet }: { browserWallet: BrowserWallet }) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const connected = browserWallet.connected;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('wallets.browser.title')}
        </Typography>
        <WalletConflictWarning conflicts={browserWallet.conflicts} />
        {connected ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography>
                {t('wallets.browser.connected', { wallet: connected.wallet.name })}{' '}
                <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="connected-address">
                  {connected.account.address}
                </Box>
              </Typography>
              <Button size="small" startIcon={<LinkOff />} onClick={browserWallet.disconnect}>
                {t('wallets.browser.disconnect')}
              </Button>
            </Box>
            {connected.wallet.name === LOCAL_DEV_WALLET_NAME && <LocalDevWalletTools address={connected.account.address} />}
          </>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Alert severity="info" sx={{ flex: 1, minWidth: 240 }}>
              {t('wallets.browser.notConnected')}
            </Alert>
            <Button variant="contained" onClick={() => setPickerOpen(true)}>
              {t('wallets.browser.connect')}
            </Button>
          </Box>
        )}
      </CardContent>
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={browserWallet} />
    </Card>
  );
}
