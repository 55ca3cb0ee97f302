import { SERVER_EVENTS, actsForWholeTenant, type CustomRole } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { translateMessage } from '../../lib/messages';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { useCompanies } from './api/companies';
import { useDeleteCustomRole } from './api/delete-custom-role';
import { roleKeys, useRolesOverview } from './api/roles-overview';
import { AssignRoleDialog } from './components/AssignRoleDialog';
import { CustomRoleDialog } from './components/CustomRoleDialog';
import { CustomRolesTable } from './components/CustomRolesTable';
import { PermissionMatrix, fixedColumns } from './components/PermissionMatrix';
import { roleFailureText } from './role-errors';

/**
 * /team/roles (docs/product.md §6): the fixed roles' permissions as a read-only matrix, and the
 * custom roles of the caller's company (of every company for platform administrators), which
 * holders of roles:manage create, edit, assign and delete.
 */
export default function TeamRolesPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.company);
  const tenantWide = Boolean(user && actsForWholeTenant(user.role));
  const overview = useRolesOverview(undefined);
  const companies = useCompanies(tenantWide && Boolean(overview.data?.canManage));
  const remove = useDeleteCustomRole();
  const [editing, setEditing] = useState<{ role: CustomRole | null } | null>(null);
  const [assigning, setAssigning] = useState<CustomRole | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);
  // The caller's own permissions changed: what they may grant changed with them.
  useRealtimeInvalidate([SERVER_EVENTS.permissionsChanged], roleKeys.all);

  const data = overview.data;
  const companyChoices = tenantWide ? (companies.data ?? []) : company ? [{ id: company.id, name: company.name }] : [];
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => enqueueSnackbar(t('teamRoles.deleted', { name: deleting.name }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(roleFailureText(t, error), { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('teamRoles.subtitle')}
        actions={
          data?.canManage && (
            <Button variant="contained" onClick={() => setEditing({ role: null })} disabled={data.baseRoles.length === 0}>
              {t('teamRoles.newRole')}
            </Button>
          )
        }
      />
      {overview.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
              {t('teamRoles.retry')}
            </Button>
          }
        >
          {translateMessage(t, overview.error.message)}
        </Alert>
      )}
      {overview.isPending && (
        <Box aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={360} />
        </Box>
      )}
      {data && (
        <>
          <Card variant="outlined" sx={{ mb: 3 }}>
            {overview.isFetching && <LinearProgress aria-label={t('common.loading')} />}
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('teamRoles.custom.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(data.canManage ? 'teamRoles.custom.hint' : 'teamRoles.custom.readOnlyHint')}
              </Typography>
              {data.customRoles.length === 0 ? (
                <Alert severity="info">{t('teamRoles.custom.empty')}</Alert>
              ) : (
                <CustomRolesTable
                  overview={data}
                  showCompany={tenantWide}
                  onEdit={(role) => setEditing({ role })}
                  onAssign={setAssigning}
                  onDelete={setDeleting}
                />
              )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('teamRoles.fixed.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('teamRoles.fixed.hint')}
              </Typography>
              <PermissionMatrix label={t('teamRoles.fixed.matrixLabel')} columns={fixedColumns(t, data.fixedRoles)} />
            </CardContent>
          </Card>
          {editing && (
            <CustomRoleDialog
              open
              role={editing.role}
              overview={data}
              companies={companyChoices}
              defaultCompanyId={companyChoices.find((choice) => choice.id === company?.id)?.id ?? companyChoices[0]?.id ?? company?.id ?? ''}
              onClose={() => setEditing(null)}
            />
          )}
          <AssignRoleDialog role={assigning} onClose={() => setAssigning(null)} />
          <ConfirmDialog
            confirmation={
              deleting && {
                title: t('teamRoles.deleteConfirm.title', { name: deleting.name }),
                consequence: t(deleting.memberCount > 0 ? 'teamRoles.deleteConfirm.inUse' : 'teamRoles.deleteConfirm.body', { count: deleting.memberCount }),
                confirmLabel: t('teamRoles.custom.delete'),
              }
            }
            busy={remove.isPending}
            onCancel={() => setDeleting(null)}
            onConfirm={confirmDelete}
          />
        </>
      )}
    </Box>
  );
}
