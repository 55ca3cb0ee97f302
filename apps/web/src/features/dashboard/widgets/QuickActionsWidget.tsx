import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ForestOutlined from '@mui/icons-material/ForestOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const QUICK_ACTIONS: readonly { key: string; path: string; icon: ReactNode }[] = [
  { key: 'retire', path: '/retirements', icon: <LocalFireDepartmentOutlined /> },
  { key: 'mint', path: '/minting', icon: <TokenOutlined /> },
  { key: 'projects', path: '/carbon-projects', icon: <ForestOutlined /> },
  { key: 'wallets', path: '/wallets', icon: <AccountBalanceWalletOutlined /> },
  { key: 'certificates', path: '/certificates', icon: <WorkspacePremiumOutlined /> },
  { key: 'kyc', path: '/kyc', icon: <VerifiedOutlined /> },
];

export function QuickActionsWidget() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      {QUICK_ACTIONS.map((action) => (
        <Button
          key={action.key}
          component={RouterLink}
          to={action.path}
          variant="outlined"
          startIcon={action.icon}
          sx={{ justifyContent: 'flex-start', py: 1.5 }}
        >
          {t(`dashboard.actions.${action.key}`)}
        </Button>
      ))}
    </Box>
  );
}
