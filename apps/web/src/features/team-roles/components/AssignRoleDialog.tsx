import type { CustomRole, CustomRoleCandidate } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useAssignCustomRole } from '../api/assign-custom-role';
import { useRoleCandidates } from '../api/role-candidates';
import { roleFailureText } from '../role-errors';

/**
 * Who holds a custom role: the users of its company whose role is its base role, each with a
 * switch. A change applies to the user's open sessions at once.
 */
export function AssignRoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const candidates = useRoleCandidates(role?.id);
  const assign = useAssignCustomRole();

  const toggle = (candidate: CustomRoleCandidate, on: boolean) =>
    assign.mutate(
      { userId: candidate.userId, customRoleId: on ? role!.id : null },
      {
        onSuccess: () =>
          enqueueSnackbar(t(on ? 'teamRoles.assign.assigned' : 'teamRoles.assign.unassigned', { user: candidate.name, role: role!.name }), {
            variant: 'success',
          }),
        onError: (error) => enqueueSnackbar(roleFailureText(t, error), { variant: 'error' }),
      },
    );

  return (
    <Dialog open={role !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('teamRoles.assign.title', { name: role?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>{t('teamRoles.assign.hint', { role: role ? t(`roles.${role.baseRole}`) : '' })}</DialogContentText>
        {(candidates.isFetching || assign.isPending) && <LinearProgress aria-label={t('common.loading')} />}
        {candidates.isError && <Alert severity="error">{translateMessage(t, candidates.error.message)}</Alert>}
        {candidates.data?.length === 0 && <Alert severity="info">{t('teamRoles.assign.empty', { role: role ? t(`roles.${role.baseRole}`) : '' })}</Alert>}
        {candidates.data && candidates.data.length > 0 && (
          <List dense aria-label={t('teamRoles.assign.listLabel')}>
            {candidates.data.map((candidate) => (
              <ListItem
                key={candidate.userId}
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={candidate.assigned}
                    disabled={assign.isPending}
                    onChange={(event) => toggle(candidate, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('teamRoles.assign.toggle', { user: candidate.name }) } }}
                  />
                }
              >
                <ListItemText primary={candidate.name} secondary={candidate.email} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teamRoles.assign.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
