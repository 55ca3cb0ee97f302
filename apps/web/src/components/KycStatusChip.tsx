import type { KycStatus } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<KycStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  not_started: 'default',
  pending: 'info',
  in_review: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** A company's KYC/AML status (docs/product.md §4 KYC). */
export function KycStatusChip({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[status]} label={t(`retirements.kycStatus.${status}`)} />;
}
