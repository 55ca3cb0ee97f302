import { SIDEBAR_ROLES, hasAnyRole } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../components/AccessDenied';
import { HelpLink } from '../../components/HelpLink';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { CompanyWalletsSection } from './components/CompanyWalletsSection';
import { ConnectedWalletCard } from './components/ConnectedWalletCard';
import { WalletApprovalsView } from './components/WalletApprovalsView';
import { useBrowserWallet } from '../../lib/use-browser-wallet';

/** /wallets, /wallets?view=company (the company section only) and /wallets?view=approvals (administrators). */
export default function WalletsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = params.get('view');
  const role = useAuthStore((state) => state.user?.role);
  const browserWallet = useBrowserWallet();

  if (view === 'approvals') {
    if (!role || !hasAnyRole(role, SIDEBAR_ROLES.walletApprovals)) return <AccessDenied />;
    return (
      <Box>
        <PageHeader title={t('wallets.approvals.title')} subtitle={t('wallets.approvals.subtitle')} />
        <WalletApprovalsView />
      </Box>
    );
  }

  return (
    <Box>
      <PageHeader
        title={view === 'company' ? t('wallets.company.title') : name}
        subtitle={t('wallets.subtitle')}
        actions={<HelpLink topic="wallet-approval" />}
      />
      {view !== 'company' && <ConnectedWalletCard browserWallet={browserWallet} />}
      <CompanyWalletsSection browserWallet={browserWallet} showTitle={view !== 'company'} />
    </Box>
  );
}
