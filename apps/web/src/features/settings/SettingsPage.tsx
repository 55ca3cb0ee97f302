import { isAdministrator } from '@carbonledger/contracts';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { ProfileTab } from './components/ProfileTab';
import { SecurityTab } from './components/SecurityTab';

/** docs/product.md §2 Profile and Settings tabs, in order. */
export const SETTINGS_TABS = ['profile', 'company', 'security', 'api', 'notifications', 'blockchain', 'compliance', 'advanced'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

export default function SettingsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const fallback: SettingsTab = location.pathname === '/profile' ? 'profile' : 'security';
  const tab: SettingsTab = (SETTINGS_TABS as readonly string[]).includes(requested ?? '') ? (requested as SettingsTab) : fallback;
  if (!user) return null;
  const tabName = t(`settings.tabs.${tab}`);

  return (
    <Box>
      <PageHeader title={name} />
      <Tabs value={tab} onChange={(_, value: SettingsTab) => setParams({ tab: value })} variant="scrollable" scrollButtons="auto" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {SETTINGS_TABS.map((value) => (
          <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} id={`settings-tab-${value}`} aria-controls="settings-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'profile' && <ProfileTab user={user} />}
        {tab === 'security' && <SecurityTab user={user} />}
        {tab === 'blockchain' && !isAdministrator(user.role) && (
          <Alert severity="warning" icon={<LockOutlined />}>
            <AlertTitle>{t('settings.restricted.title')}</AlertTitle>
            {t('settings.restricted.message')}
          </Alert>
        )}
        {(tab === 'company' || tab === 'api' || tab === 'notifications' || tab === 'compliance' || tab === 'advanced' || (tab === 'blockchain' && isAdministrator(user.role))) && (
          <NotAvailableYet name={tabName} />
        )}
      </Box>
    </Box>
  );
}
