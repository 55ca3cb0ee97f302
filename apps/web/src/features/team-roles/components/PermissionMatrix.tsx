import { PERMISSIONS, PERMISSION_GROUPS, PERMISSION_CATALOGUE, permissionLabel, type Permission, type Role } from '@carbonledger/contracts';
import CheckIcon from '@mui/icons-material/Check';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

export interface MatrixColumn {
  key: string;
  label: string;
  permissions: readonly Permission[];
}

/** Roles × permissions, grouped as the catalogue groups them; read-only. */
export function PermissionMatrix({ columns, label }: { columns: readonly MatrixColumn[]; label: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer sx={{ maxHeight: 640 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('teamRoles.permission')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} align="center" sx={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {PERMISSION_GROUPS.map((group) => (
            <Fragment key={group}>
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                  {t(`teamRoles.groups.${group}`)}
                </TableCell>
              </TableRow>
              {PERMISSIONS.filter((permission) => PERMISSION_CATALOGUE[permission].group === group).map((permission) => (
                <TableRow key={permission} hover>
                  <TableCell component="th" scope="row">
                    {permissionLabel(permission, language)}
                  </TableCell>
                  {columns.map((column) => {
                    const held = column.permissions.includes(permission);
                    return (
                      <TableCell key={column.key} align="center" aria-label={held ? t('teamRoles.granted') : t('teamRoles.notGranted')}>
                        {held ? <CheckIcon fontSize="small" color="success" /> : <span aria-hidden>–</span>}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function fixedColumns(t: (key: string) => string, fixedRoles: readonly { role: Role; permissions: readonly Permission[] }[]): MatrixColumn[] {
  return fixedRoles.map((entry) => ({ key: entry.role, label: t(`roles.${entry.role}`), permissions: entry.permissions }));
}
