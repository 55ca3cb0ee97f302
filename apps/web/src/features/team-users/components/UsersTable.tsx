import { USER_STATUS_TRANSITIONS, type TeamUser, type UserStatus } from '@carbonledger/contracts';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { UserStatusChip } from './UserStatusChip';

export type UserAction = { kind: 'status'; status: UserStatus } | { kind: 'resend' } | { kind: 'unlock' };

/** The actions a row offers: the docs/product.md §4 status transitions, a new invitation while one is pending, unlocking a locked account. */
function actionsOf(user: TeamUser): UserAction[] {
  const actions: UserAction[] = USER_STATUS_TRANSITIONS[user.status].map((status) => ({ kind: 'status', status }));
  if (user.status === 'pending_verification') actions.push({ kind: 'resend' });
  if (user.lockedUntil) actions.push({ kind: 'unlock' });
  return actions;
}

export function actionLabelKey(action: UserAction): string {
  return action.kind === 'status' ? `teamUsers.actions.to_${action.status}` : `teamUsers.actions.${action.kind}`;
}

/** docs/product.md §2 Team: user, contact, role, status, last login, verified — and the row actions for those who manage users. */
export function UsersTable({
  users,
  currentUserId,
  manage,
  onAction,
}: {
  users: TeamUser[];
  currentUserId: string | undefined;
  manage: boolean;
  onAction: (user: TeamUser, action: UserAction) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: TeamUser } | null>(null);

  return (
    <TableContainer>
      <Table size="small" aria-label={t('teamUsers.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('teamUsers.columns.user')}</TableCell>
            <TableCell>{t('teamUsers.columns.contact')}</TableCell>
            <TableCell>{t('teamUsers.columns.role')}</TableCell>
            <TableCell>{t('teamUsers.columns.status')}</TableCell>
            <TableCell>{t('teamUsers.columns.lastLogin')}</TableCell>
            <TableCell>{t('teamUsers.columns.verified')}</TableCell>
            {manage && <TableCell align="right">{t('teamUsers.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const name = `${user.firstName} ${user.lastName}`;
            const actions = user.id === currentUserId ? [] : actionsOf(user);
            return (
              <TableRow key={user.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {user.companyName}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{user.email}</Typography>
                  {user.phone && (
                    <Typography variant="caption" color="text.secondary">
                      {user.phone}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{t(`roles.${user.role}`)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    <UserStatusChip status={user.status} />
                    {user.lockedUntil && <Chip size="small" color="error" variant="outlined" label={t('teamUsers.locked')} />}
                    {user.mustChangePassword && <Chip size="small" variant="outlined" label={t('teamUsers.temporaryPassword')} />}
                  </Box>
                </TableCell>
                <TableCell>{user.lastLogin ? formatDateTime(user.lastLogin, language) : t('teamUsers.never')}</TableCell>
                <TableCell>{user.verified ? t('teamUsers.verifiedYes') : t('teamUsers.verifiedNo')}</TableCell>
                {manage && (
                  <TableCell align="right">
                    {actions.length > 0 && (
                      <IconButton aria-label={t('teamUsers.actionsFor', { name })} onClick={(event) => setMenu({ anchor: event.currentTarget, user })}>
                        <MoreVert />
                      </IconButton>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu &&
          actionsOf(menu.user).map((action) => (
            <MenuItem
              key={actionLabelKey(action)}
              onClick={() => {
                onAction(menu.user, action);
                setMenu(null);
              }}
            >
              {t(actionLabelKey(action))}
            </MenuItem>
          ))}
      </Menu>
    </TableContainer>
  );
}
