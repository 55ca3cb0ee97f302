import { canSeeManageUsers } from '@carbonledger/contracts';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Logout from '@mui/icons-material/Logout';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useAuthStore } from '../../lib/auth-store';

export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  const close = () => setAnchor(null);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('profileMenu.open')} aria-haspopup="menu" aria-expanded={Boolean(anchor)}>
        <Avatar
          src={user.photoUrl ?? undefined}
          alt={t('profileMenu.photoAlt')}
          sx={{ width: 36, height: 36, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 15 }}
        >
          {initials}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('profileMenu.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/wallets" onClick={close}>
          <ListItemIcon>
            <AccountBalanceWalletOutlined fontSize="small" />
          </ListItemIcon>
          {t('profileMenu.wallets')}
        </MenuItem>
        {canSeeManageUsers(user.role) && (
          <MenuItem component={RouterLink} to="/team/users" onClick={close}>
            <ListItemIcon>
              <ManageAccountsOutlined fontSize="small" />
            </ListItemIcon>
            {t('profileMenu.manageUsers')}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/settings" onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('profileMenu.settings')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('profileMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
