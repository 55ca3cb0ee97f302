import type { MonitoredSession } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useSnackbar } from '../../../lib/toast';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useTerminateSession } from '../api/terminate-session';

/**
 * Each sign-in opens a session, so one browser signed in many times shows many: they are
 * grouped per user and device (in the order of the newest one) to read as one place.
 */
function groupByDevice(sessions: readonly MonitoredSession[]) {
  const groups = new Map<string, { key: string; device: string; user: MonitoredSession['user']; sessions: MonitoredSession[] }>();
  for (const session of sessions) {
    const key = `${session.user.id}|${session.device}`;
    const group = groups.get(key) ?? { key, device: session.device, user: session.user, sessions: [] };
    group.sessions.push(session);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function SessionsTable({ sessions, showUser = true }: { sessions: readonly MonitoredSession[]; showUser?: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const terminate = useTerminateSession();
  const language = currentLanguage();
  const [ending, setEnding] = useState<MonitoredSession | null>(null);
  const end = (session: MonitoredSession) =>
    terminate.mutate(session.id, {
      onSuccess: () => enqueueSnackbar(t('sessions.terminated'), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
      onSettled: () => setEnding(null),
    });
  return (
    <TableContainer>
      <Table size="small" aria-label={t('sessions.tableLabel')}>
        <TableHead>
          <TableRow>
            {showUser && <TableCell>{t('sessions.user')}</TableCell>}
            <TableCell>{t('sessions.device')}</TableCell>
            <TableCell>{t('sessions.location')}</TableCell>
            <TableCell>{t('sessions.loginTime')}</TableCell>
            <TableCell>{t('sessions.duration')}</TableCell>
            <TableCell>{t('sessions.status')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.length === 0 && (
            <TableRow>
              <TableCell colSpan={showUser ? 7 : 6}>{t('sessions.empty')}</TableCell>
            </TableRow>
          )}
          {groupByDevice(sessions).map((group) => (
            <Fragment key={group.key}>
              <TableRow data-testid="session-group" sx={{ bgcolor: 'action.hover' }}>
                <TableCell colSpan={showUser ? 7 : 6}>
                  <Typography variant="subtitle2" component="span">
                    {group.device}
                  </Typography>
                  {showUser && ` · ${group.user.name}`}
                  {` · ${t('sessions.groupCount', { count: group.sessions.length })}`}
                </TableCell>
              </TableRow>
              {group.sessions.map((session) => (
                <TableRow key={session.id} hover>
                  {showUser && (
                    <TableCell>
                      {session.user.name}
                      <br />
                      <small>{session.user.email}</small>
                    </TableCell>
                  )}
                  <TableCell>{session.device}</TableCell>
                  <TableCell>
                    {session.location}
                    {session.ip ? ` (${session.ip})` : ''}
                  </TableCell>
                  <TableCell>{formatDateTime(session.loginTime, language)}</TableCell>
                  <TableCell>{formatDuration(session.durationSeconds)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`sessions.statuses.${session.status}`)} color={session.status === 'active' ? 'success' : 'default'} />
                    {session.current && <Chip size="small" label={t('sessions.current')} color="primary" variant="outlined" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      disabled={session.current || terminate.isPending || session.status === 'revoked' || session.status === 'expired'}
                      onClick={() => setEnding(session)}
                    >
                      {t('sessions.terminate')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        confirmation={
          ending && {
            title: t('sessions.confirmTitle'),
            consequence: t('sessions.confirm', {
              user: ending.user.name,
              device: ending.device,
              location: ending.ip ? `${ending.location} (${ending.ip})` : ending.location,
            }),
            confirmLabel: t('sessions.terminate'),
          }
        }
        busy={terminate.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && end(ending)}
      />
    </TableContainer>
  );
}
