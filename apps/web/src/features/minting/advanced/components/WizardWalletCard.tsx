import { mintingTexts } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WalletPickerDialog } from '../../../../components/WalletPickerDialog';
import type { BrowserWallet } from '../../../../lib/use-browser-wallet';
import { translateMintMessage } from '../mint-messages';

/** The browser wallet docs/product.md §5 requires before executing: connected, or the button that opens the picker. */
export function WizardWalletCard({ browserWallet }: { browserWallet: BrowserWallet }) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const connected = browserWallet.connected;
  // The picker shows its own failure too; the wizard keeps the docs/product.md §8 text in view after it closes.
  const reporting: BrowserWallet = {
    ...browserWallet,
    connect: async (entry) => {
      setFailed(false);
      try {
        await browserWallet.connect(entry);
      } catch (error) {
        setFailed(true);
        throw error;
      }
    },
  };

  return (
    <Box>
      {connected ? (
        <Alert severity="success" icon={false}>
          <Typography variant="body2">
            {t('mintWizard.wallet.connected', { wallet: connected.wallet.name })}{' '}
            <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="connected-address">
              {connected.account.address}
            </Box>
          </Typography>
        </Alert>
      ) : (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setPickerOpen(true)}>
              {t('mintWizard.wallet.connect')}
            </Button>
          }
        >
          {t('mintWizard.wallet.needed')}
        </Alert>
      )}
      {failed && !connected && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {translateMintMessage(t, mintingTexts.walletConnectionFailed)}
        </Alert>
      )}
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={reporting} />
    </Box>
  );
}
