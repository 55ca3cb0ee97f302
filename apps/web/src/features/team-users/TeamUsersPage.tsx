import { actsForWholeTenant, canAccess, canReadOutbox, ROLES, type Role, type TeamUser, type TeamUsersQuery, type UserStatus } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useAuthStore } from '../../lib/auth-store';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/toast';
import { useChangeUserStatus } from './api/change-user-status';
import { useResendInvitation } from './api/resend-invitation';
import { useTeamUsers } from './api/team-users';
import { useUnlockUser } from './api/unlock-user';
import { CreateUserDialog } from './components/CreateUserDialog';
import { OutboxCard } from './components/OutboxCard';
import { RoleDistributionCard } from './components/RoleDistributionCard';
import { actionLabelKey, UsersTable, type UserAction } from './components/UsersTable';

const STATUSES: readonly UserStatus[] = ['active', 'inactive', 'suspended', 'pending_verification'];

/**
 * /team/users (docs/product.md §2 Team): statistics, role distribution and the users table of
 * the viewer's scope (a company's own users, or the whole tenant for platform administrators);
 * those holding users:manage create users and act on rows.
 */
export default function TeamUsersPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const manage = Boolean(user && session && canAccess(user.role, session.permissions, 'users', 'manage'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const deferredSearch = useDeferredValue(search.trim());
  const query: TeamUsersQuery = { ...(deferredSearch ? { search: deferredSearch } : {}), ...(status ? { status } : {}), ...(role ? { role } : {}) };
  const team = useTeamUsers(query);
  const [creating, setCreating] = useState(false);
  const [asking, setAsking] = useState<{ user: TeamUser; action: UserAction } | null>(null);
  const changeStatus = useChangeUserStatus();
  const resend = useResendInvitation();
  const unlock = useUnlockUser();
  const busy = changeStatus.isPending || resend.isPending || unlock.isPending;
  const statistics = team.data?.statistics;

  const run = () => {
    if (!asking) return;
    const { user: target, action } = asking;
    const handlers = {
      onSuccess: () => enqueueSnackbar(t('teamUsers.done', { action: t(actionLabelKey(action)), email: target.email }), { variant: 'success' as const }),
      onError: (error: Error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' as const }),
      onSettled: () => setAsking(null),
    };
    if (action.kind === 'status') changeStatus.mutate({ userId: target.id, status: action.status }, handlers);
    else if (action.kind === 'resend') resend.mutate(target.id, handlers);
    else unlock.mutate(target.id, handlers);
  };

  const confirmation: Confirmation | null = asking && {
    title: t(actionLabelKey(asking.action)),
    consequence: t(`teamUsers.consequences.${asking.action.kind === 'status' ? `to_${asking.action.status}` : asking.action.kind}`, {
      name: `${asking.user.firstName} ${asking.user.lastName}`,
      email: asking.user.email,
    }),
    confirmLabel: t(actionLabelKey(asking.action)),
    color: asking.action.kind === 'status' && asking.action.status !== 'active' ? 'error' : 'primary',
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={name}
        subtitle={t('teamUsers.subtitle')}
        actions={
          manage && user ? (
            <Button variant="contained" onClick={() => setCreating(true)}>
              {t('teamUsers.newUser')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <StatCard label={t('teamUsers.stats.total')} value={statistics?.total} />
        <StatCard label={t('teamUsers.stats.active')} value={statistics?.active} />
        <StatCard label={t('teamUsers.stats.pendingVerification')} value={statistics?.pendingVerification} />
        <StatCard label={t('teamUsers.stats.inactiveOrSuspended')} value={statistics && statistics.inactive + statistics.suspended} />
        <StatCard label={t('teamUsers.stats.locked')} value={statistics?.locked} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
              <TextField
                size="small"
                label={t('teamUsers.filters.search')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                size="small"
                select
                label={t('teamUsers.filters.status')}
                value={status}
                onChange={(event) => setStatus(event.target.value as UserStatus | '')}
              >
                <MenuItem value="">{t('teamUsers.filters.all')}</MenuItem>
                {STATUSES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`teamUsers.status.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField size="small" select label={t('teamUsers.filters.role')} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
                <MenuItem value="">{t('teamUsers.filters.all')}</MenuItem>
                {ROLES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`roles.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {team.isError && <Alert severity="error">{translateMessage(t, team.error.message)}</Alert>}
            {team.isPending && <Skeleton variant="rectangular" height={160} />}
            {team.data && team.data.users.length === 0 && <Typography color="text.secondary">{t('teamUsers.empty')}</Typography>}
            {team.data && team.data.users.length > 0 && (
              <UsersTable users={team.data.users} currentUserId={user?.id} manage={manage} onAction={(target, action) => setAsking({ user: target, action })} />
            )}
          </CardContent>
        </Card>
        <RoleDistributionCard overview={team.data} />
      </Box>
      {user && canReadOutbox(user.role) && <OutboxCard />}
      {manage && user && (
        <CreateUserDialog
          open={creating}
          role={user.role}
          tenantWide={actsForWholeTenant(user.role)}
          ownCompanyId={user.companyId}
          onClose={() => setCreating(false)}
        />
      )}
      <ConfirmDialog confirmation={confirmation} busy={busy} onCancel={() => setAsking(null)} onConfirm={run} />
    </Box>
  );
}
