import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdapterState, PickerEntry } from '../lib/browser-wallets';
import type { BrowserWallet } from '../lib/use-browser-wallet';
import { WalletConflictWarning } from './WalletConflictWarning';

const STATE_COLORS: Record<AdapterState, ChipProps['color']> = { installed: 'success', loadable: 'primary', notDetected: 'default', unsupported: 'error' };

function EntryIcon({ entry }: { entry: PickerEntry }) {
  return entry.icon ? <Box component="img" src={entry.icon} alt="" sx={{ width: 28, height: 28 }} /> : <AccountBalanceWalletOutlined />;
}

/** docs/product.md §7 picker: every wallet with its adapter state; usable ones connect, missing ones link to their download. */
export function WalletPickerDialog({ open, onClose, browserWallet }: { open: boolean; onClose: () => void; browserWallet: BrowserWallet }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (entry: PickerEntry) => {
    setFailure(null);
    setBusy(entry.name);
    try {
      await browserWallet.connect(entry);
      onClose();
    } catch {
      setFailure(t('wallets.picker.connectFailed', { wallet: entry.name }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="wallet-picker-title">
      <DialogTitle id="wallet-picker-title">{t('wallets.picker.title')}</DialogTitle>
      <DialogContent dividers>
        <WalletConflictWarning conflicts={browserWallet.conflicts} />
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {failure}
          </Alert>
        )}
        <List dense aria-label={t('wallets.picker.title')}>
          {browserWallet.entries.map((entry, index) => {
            const usable = entry.state === 'installed' || entry.state === 'loadable';
            const stateChip = <Chip size="small" color={STATE_COLORS[entry.state]} label={t(`wallets.adapterState.${entry.state}`)} />;
            if (!usable) {
              return (
                <ListItem
                  key={`${index}-${entry.name}`}
                  secondaryAction={
                    entry.installUrl ? (
                      <Button size="small" href={entry.installUrl} target="_blank" rel="noopener noreferrer">
                        {t('wallets.picker.install')}
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemIcon sx={{ opacity: 0.5 }}>
                    <EntryIcon entry={entry} />
                  </ListItemIcon>
                  <ListItemText primary={entry.name} secondary={stateChip} slotProps={{ secondary: { component: 'div' } }} />
                </ListItem>
              );
            }
            return (
              <ListItemButton key={`${index}-${entry.name}`} disabled={busy !== null} onClick={() => void choose(entry)}>
                <ListItemIcon>
                  <EntryIcon entry={entry} />
                </ListItemIcon>
                <ListItemText
                  primary={busy === entry.name ? t('wallets.picker.connecting', { wallet: entry.name }) : entry.name}
                  secondary={stateChip}
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
