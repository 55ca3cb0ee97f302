import { API_BASE_PATH, LAYOUT, canOpenRoute } from '@carbonledger/contracts';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Eco from '@mui/icons-material/EnergySavingsLeaf';
import Menu from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuthStore } from '../../lib/auth-store';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import { SecurityAlertsBell } from '../../features/security/components/SecurityAlertsBell';
import { useWalletStore } from '../../lib/wallet';
import { LanguageSelector } from '../../components/LanguageSelector';
import { ProfileMenu } from './ProfileMenu';
import { ThemeToggle } from './ThemeToggle';

export function TopBar({ expanded, onToggleDrawer }: { expanded: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.company);
  const logoCid = useAuthStore((state) => state.tenant?.branding.logoCid);
  const wallet = useWalletStore((state) => state.connected);
  const toggleLabel = expanded ? t('layout.collapseSidebar') : t('layout.expandSidebar');
  return (
    <AppBar position="fixed" elevation={1} sx={{ height: LAYOUT.headerHeight, justifyContent: 'center', zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 }, minHeight: `${LAYOUT.headerHeight}px !important` }}>
        <Tooltip title={toggleLabel}>
          <IconButton color="inherit" edge="start" onClick={onToggleDrawer} aria-label={toggleLabel} aria-expanded={expanded}>
            {expanded ? <MenuOpen /> : <Menu />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label="Carbonledger"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0, overflow: 'hidden', flexShrink: 0 }}
        >
          {/* The tenant's logo (docs/product.md §3 Tenant branding), else the product's leaf. */}
          {logoCid ? (
            <Box component="img" src={`${API_BASE_PATH}/files/${logoCid}`} alt="" sx={{ height: 36, maxWidth: 120, objectFit: 'contain' }} />
          ) : (
            <Eco sx={{ fontSize: 32, color: 'secondary.main' }} aria-hidden />
          )}
          {/* On a phone the header's controls need the room: the leaf alone stands for the product. */}
          <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
            <Typography variant="h6" component="span" sx={{ display: 'block', lineHeight: 1.1 }}>
              Carbonledger
            </Typography>
            <Typography variant="caption" component="span" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.85 }}>
              {t('layout.tagline')}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {wallet && (
          <Chip
            icon={<AccountBalanceWalletOutlined />}
            label={`${wallet.name} · ${wallet.address.slice(0, 8)}`}
            size="small"
            sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.6)', '& .MuiChip-icon': { color: 'inherit' } }}
            variant="outlined"
            aria-label={t('layout.connectedWallet', { name: wallet.name, address: wallet.address.slice(0, 8) })}
          />
        )}
        <LanguageSelector />
        <ThemeToggle />
        <NotificationsBell />
        {user && canOpenRoute(user.role, '/security-center') && <SecurityAlertsBell />}
        {user && company && (
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2, ml: 1 }}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {user.firstName} {user.lastName}
            </Typography>
            <Typography variant="caption" component="span" sx={{ opacity: 0.9 }}>
              {company.name} · {t(`roles.${user.role}`)}
            </Typography>
          </Box>
        )}
        {company?.isPlatform && (
          <Chip label={t('layout.platformAdmin')} size="small" color="secondary" sx={{ fontWeight: 600, display: { xs: 'none', md: 'flex' } }} />
        )}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
