import {
  CUSTOM_ROLE_BASES,
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_GROUPS,
  createCustomRoleRequest,
  grantablePermissions,
  permissionLabel,
  updateCustomRoleRequest,
  type CustomRole,
  type CustomRoleBase,
  type Permission,
  type RolesOverview,
} from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/toast';
import type { CompanyChoice } from '../api/companies';
import { useCreateCustomRole } from '../api/create-custom-role';
import { useUpdateCustomRole } from '../api/update-custom-role';
import { roleFailureText } from '../role-errors';

interface Draft {
  companyId: string;
  name: string;
  description: string;
  baseRole: CustomRoleBase;
  permissions: Permission[];
}

function firstErrors(issues: readonly { path: readonly PropertyKey[] }[]): Set<string> {
  return new Set(issues.map((issue) => String(issue.path[0] ?? '')));
}

/**
 * Creates a custom role (company, base role, name, permissions) or edits one (name,
 * description, permissions; the base role is fixed). Only what the caller may grant can be
 * ticked; a permission someone else granted can still be taken away.
 */
export function CustomRoleDialog({
  open,
  role,
  overview,
  companies,
  defaultCompanyId,
  onClose,
}: {
  open: boolean;
  role: CustomRole | null;
  overview: RolesOverview;
  companies: readonly CompanyChoice[];
  defaultCompanyId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const language = currentLanguage();
  const create = useCreateCustomRole();
  const update = useUpdateCustomRole();
  const firstBase = overview.baseRoles[0] ?? 'VIEWER';
  const initial = (): Draft =>
    role
      ? { companyId: role.companyId, name: role.name, description: role.description, baseRole: role.baseRole, permissions: [...role.permissions] }
      : {
          companyId: defaultCompanyId,
          name: '',
          description: '',
          baseRole: firstBase,
          permissions: grantablePermissions(firstBase, overview.heldPermissions).filter((p) => DEFAULT_PERMISSIONS[firstBase].includes(p)),
        };
  // Mounted per edit by the page, so the draft starts from the role (or the defaults) each time.
  const [draft, setDraft] = useState<Draft>(initial);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);

  const grantable = grantablePermissions(draft.baseRole, overview.heldPermissions);
  const before = role?.permissions ?? [];
  const tickable = (permission: Permission) => grantable.includes(permission) || draft.permissions.includes(permission) || before.includes(permission);
  const busy = create.isPending || update.isPending;

  const toggle = (permission: Permission, on: boolean) =>
    setDraft((current) => ({
      ...current,
      permissions: on ? PERMISSIONS.filter((p) => p === permission || current.permissions.includes(p)) : current.permissions.filter((p) => p !== permission),
    }));
  const chooseBase = (baseRole: CustomRoleBase) =>
    setDraft((current) => ({
      ...current,
      baseRole,
      permissions: grantablePermissions(baseRole, overview.heldPermissions).filter((p) => DEFAULT_PERMISSIONS[baseRole].includes(p)),
    }));

  const submit = async () => {
    setFailure(null);
    const parsed = role
      ? updateCustomRoleRequest.safeParse({ name: draft.name, description: draft.description, permissions: draft.permissions })
      : createCustomRoleRequest.safeParse(draft);
    if (!parsed.success) {
      setInvalid(firstErrors(parsed.error.issues));
      return;
    }
    setInvalid(new Set());
    try {
      if (role) await update.mutateAsync({ id: role.id, change: { name: draft.name, description: draft.description, permissions: draft.permissions } });
      else await create.mutateAsync(draft);
      enqueueSnackbar(t(role ? 'teamRoles.updated' : 'teamRoles.created'), { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(roleFailureText(t, error));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{role ? t('teamRoles.editor.editTitle', { name: role.name }) : t('teamRoles.editor.createTitle')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {!role && companies.length > 1 && (
          <TextField
            select
            label={t('teamRoles.editor.company')}
            value={draft.companyId}
            onChange={(event) => setDraft({ ...draft, companyId: event.target.value })}
            error={invalid.has('companyId')}
          >
            {companies.map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={t('teamRoles.editor.name')}
          value={draft.name}
          required
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          error={invalid.has('name')}
          helperText={invalid.has('name') ? t('teamRoles.editor.nameInvalid') : undefined}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          label={t('teamRoles.editor.description')}
          value={draft.description}
          multiline
          minRows={2}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          error={invalid.has('description')}
          helperText={invalid.has('description') ? t('teamRoles.editor.descriptionInvalid') : undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <TextField
          select
          label={t('teamRoles.editor.baseRole')}
          value={draft.baseRole}
          disabled={Boolean(role)}
          onChange={(event) => chooseBase(event.target.value as CustomRoleBase)}
          helperText={role ? t('teamRoles.editor.baseRoleFixed') : t('teamRoles.editor.baseRoleHint')}
        >
          {CUSTOM_ROLE_BASES.filter((base) => base === draft.baseRole || overview.baseRoles.includes(base)).map((base) => (
            <MenuItem key={base} value={base}>
              {t(`roles.${base}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" error={invalid.has('permissions')}>
          <FormLabel component="legend">{t('teamRoles.editor.permissions', { count: draft.permissions.length })}</FormLabel>
          <FormHelperText>{t('teamRoles.editor.permissionsHint')}</FormHelperText>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mt: 1 }}>
            {PERMISSION_GROUPS.map((group) => (
              <FormGroup key={group} aria-label={t(`teamRoles.groups.${group}`)}>
                <Typography variant="subtitle2">{t(`teamRoles.groups.${group}`)}</Typography>
                {PERMISSIONS.filter((permission) => PERMISSION_CATALOGUE[permission].group === group).map((permission) => (
                  <FormControlLabel
                    key={permission}
                    control={
                      <Checkbox
                        size="small"
                        checked={draft.permissions.includes(permission)}
                        disabled={!tickable(permission)}
                        onChange={(event) => toggle(permission, event.target.checked)}
                      />
                    }
                    label={permissionLabel(permission, language)}
                    title={tickable(permission) ? permission : t('teamRoles.editor.notGrantable')}
                  />
                ))}
              </FormGroup>
            ))}
          </Box>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {role ? t('common.save') : t('teamRoles.editor.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
