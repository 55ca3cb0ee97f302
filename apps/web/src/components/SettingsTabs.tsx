import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** docs/product.md §2 Profile and Settings tabs, in order. */
export const SETTINGS_TABS = ['profile', 'company', 'security', 'api', 'notifications', 'blockchain', 'compliance', 'advanced'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * The tab strip of the one Profile and Settings page: Profile lives on /profile (its own
 * screen), every other tab on /settings?tab=…; the strip moves between them.
 */
export function SettingsTabs({ value }: { value: SettingsTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={value}
      onChange={(_, next: SettingsTab) => void navigate(next === 'profile' ? '/profile' : `/settings?tab=${next}`)}
      variant="scrollable"
      scrollButtons="auto"
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {SETTINGS_TABS.map((tab) => (
        <Tab key={tab} value={tab} label={t(`settings.tabs.${tab}`)} id={`settings-tab-${tab}`} aria-controls="settings-panel" />
      ))}
    </Tabs>
  );
}
