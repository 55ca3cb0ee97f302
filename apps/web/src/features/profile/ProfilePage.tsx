import Box from '@mui/material/Box';
import { PageHeader } from '../../components/PageHeader';
import { SettingsTabs } from '../../components/SettingsTabs';
import { useAuthStore } from '../../lib/auth-store';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { LinkedWalletsCard } from './components/LinkedWalletsCard';
import { PersonalDetailsCard } from './components/PersonalDetailsCard';
import { PhotoCard } from './components/PhotoCard';

/** docs/product.md §2 /profile: photo, personal fields, password and linked wallets of the signed-in user. */
export default function ProfilePage({ name }: { name: string }) {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <Box>
      <PageHeader title={name} />
      <SettingsTabs value="profile" />
      <Box
        role="tabpanel"
        id="settings-panel"
        aria-labelledby="settings-tab-profile"
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '320px 1fr' }, alignItems: 'start' }}
      >
        <PhotoCard user={user} />
        <PersonalDetailsCard user={user} />
        <ChangePasswordCard />
        <LinkedWalletsCard />
      </Box>
    </Box>
  );
}
