import type { CustomRole, RolesOverview } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The custom roles in scope; the actions show for roles on a base role the caller may manage. */
export function CustomRolesTable({
  overview,
  showCompany,
  onEdit,
  onAssign,
  onDelete,
}: {
  overview: RolesOverview;
  showCompany: boolean;
  onEdit: (role: CustomRole) => void;
  onAssign: (role: CustomRole) => void;
  onDelete: (role: CustomRole) => void;
}) {
  const { t } = useTranslation();
  const manageable = (role: CustomRole) => overview.canManage && overview.baseRoles.includes(role.baseRole);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('teamRoles.custom.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('teamRoles.custom.name')}</TableCell>
            {showCompany && <TableCell>{t('teamRoles.custom.company')}</TableCell>}
            <TableCell>{t('teamRoles.custom.baseRole')}</TableCell>
            <TableCell align="right">{t('teamRoles.custom.permissions')}</TableCell>
            <TableCell align="right">{t('teamRoles.custom.members')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overview.customRoles.map((role) => (
            <TableRow key={role.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {role.name}
                </Typography>
                {role.description && (
                  <Typography variant="caption" color="text.secondary">
                    {role.description}
                  </Typography>
                )}
              </TableCell>
              {showCompany && <TableCell>{role.companyName}</TableCell>}
              <TableCell>
                <Chip size="small" label={t(`roles.${role.baseRole}`)} />
              </TableCell>
              <TableCell align="right">{role.permissions.length}</TableCell>
              <TableCell align="right">{role.memberCount}</TableCell>
              <TableCell align="right">
                {manageable(role) && (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" onClick={() => onAssign(role)} aria-label={t('teamRoles.custom.assignOne', { name: role.name })}>
                      {t('teamRoles.custom.assign')}
                    </Button>
                    <Button size="small" onClick={() => onEdit(role)} aria-label={t('teamRoles.custom.editOne', { name: role.name })}>
                      {t('teamRoles.custom.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(role)} aria-label={t('teamRoles.custom.deleteOne', { name: role.name })}>
                      {t('teamRoles.custom.delete')}
                    </Button>
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
