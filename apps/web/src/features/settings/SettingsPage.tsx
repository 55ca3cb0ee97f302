import { canManageBlockchainSettings } from '@carbonledger/contracts';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { SETTINGS_TABS, SettingsTabs, type SettingsTab } from '../../components/SettingsTabs';
import { useAuthStore } from '../../lib/auth-store';
import { AdvancedTab } from './components/AdvancedTab';
import { ApiIntegrationsTab } from './components/ApiIntegrationsTab';
import { BlockchainTab } from './components/BlockchainTab';
import { CompanyTab } from './components/CompanyTab';
import { NotificationsTab } from './components/NotificationsTab';
import { ComplianceTab } from './components/ComplianceTab';
import { SecurityTab } from './components/SecurityTab';

export default function SettingsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const permissions = useAuthStore((state) => state.session?.permissions);
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = (SETTINGS_TABS as readonly string[]).includes(requested ?? '') ? (requested as SettingsTab) : 'security';
  if (!user) return null;
  // The Profile tab is its own screen (features/profile).
  if (tab === 'profile') return <Navigate to="/profile" replace />;
  // The same rule as the API's settings:blockchain guard (roles.ts), so the tab never opens onto a refusal.
  const blockchainAllowed = canManageBlockchainSettings(user.role, permissions ?? []);

  return (
    <Box>
      <PageHeader title={name} />
      <SettingsTabs value={tab} />
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'security' && <SecurityTab user={user} />}
        {tab === 'company' && <CompanyTab user={user} />}
        {tab === 'compliance' && <ComplianceTab />}
        {tab === 'blockchain' && blockchainAllowed && <BlockchainTab />}
        {tab === 'blockchain' && !blockchainAllowed && (
          <Alert severity="warning" icon={<LockOutlined />}>
            <AlertTitle>{t('settings.restricted.title')}</AlertTitle>
            {t('settings.restricted.message')}
          </Alert>
        )}
        {tab === 'api' && <ApiIntegrationsTab userId={user.id} role={user.role} />}
        {tab === 'notifications' && <NotificationsTab />}
        {tab === 'advanced' && <AdvancedTab role={user.role} permissions={permissions ?? []} />}
      </Box>
    </Box>
  );
}
