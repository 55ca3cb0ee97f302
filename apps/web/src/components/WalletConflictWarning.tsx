import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { hasConflicts, type WalletConflicts } from '../lib/browser-wallets';

/** docs/product.md §8: a warning when several wallet extensions conflict. */
export function WalletConflictWarning({ conflicts }: { conflicts: WalletConflicts }) {
  const { t } = useTranslation();
  if (!hasConflicts(conflicts)) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {conflicts.duplicateNames.length > 0
        ? t('wallets.conflicts.duplicate', { names: conflicts.duplicateNames.join(', ') })
        : t('wallets.conflicts.overridden')}
    </Alert>
  );
}
