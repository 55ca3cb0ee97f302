import type { CompanyWalletStatus } from '@carbonledger/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CompanyWalletStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  active: 'success',
  rejected: 'error',
  suspended: 'default',
  revoked: 'default',
};

/** docs/product.md §4: suspended and revoked read as not active. */
export function WalletStatusChip({ status }: { status: CompanyWalletStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'suspended' || status === 'revoked' ? 'outlined' : 'filled'}
      label={t(`wallets.status.${status}`)}
      // White on the warning orange fails WCAG contrast; black passes on both themes' oranges.
      sx={status === 'pending' ? { color: 'common.black' } : undefined}
    />
  );
}
