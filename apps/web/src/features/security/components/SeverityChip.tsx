import type { Severity } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = { critical: 'error', high: 'warning', medium: 'info', low: 'default' } as const;

export function SeverityChip({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <Chip component="span" label={t(`severity.${severity}`)} color={COLORS[severity]} size="small" sx={{ height: 20, mt: 0.5 }} />;
}
