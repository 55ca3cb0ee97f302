import { createUserRequest, grantableRoles, LANGUAGES, type CreateUserRequest, type Role } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useCompanyChoices } from '../api/companies';
import { useCreateUser } from '../api/create-user';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  companyId: string;
  temporaryPassword: string;
  sendInvitation: boolean;
  language: string;
};
type Field = Exclude<keyof Values, 'sendInvitation'>;

/**
 * docs/product.md §3 New user: first and last name, e-mail, optional phone, temporary password
 * and the send-invitation flag; the roles offered are those the creator may grant, and platform
 * administrators also pick the company.
 */
export function CreateUserDialog({
  open,
  role,
  tenantWide,
  ownCompanyId,
  onClose,
}: {
  open: boolean;
  role: Role;
  tenantWide: boolean;
  ownCompanyId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateUser();
  const companies = useCompanyChoices(open && tenantWide);
  const empty: Values = {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    role: '',
    companyId: ownCompanyId,
    temporaryPassword: '',
    sendInvitation: true,
    language: currentLanguage(),
  };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setValues(empty);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translateMessage(t, errors[name]) : undefined,
    fullWidth: true,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: CreateUserRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone.trim() === '' ? null : values.phone,
      role: values.role as Role,
      companyId: values.companyId === ownCompanyId ? undefined : values.companyId,
      temporaryPassword: values.temporaryPassword === '' ? undefined : values.temporaryPassword,
      sendInvitation: values.sendInvitation,
      language: values.language as CreateUserRequest['language'],
    };
    const parsed = createUserRequest.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.path[0] === 'role' ? t('teamUsers.form.roleRequired') : issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(request, {
      onSuccess: (created) => {
        enqueueSnackbar(
          created.invitationSent ? t('teamUsers.createdInvited', { email: created.user.email }) : t('teamUsers.created', { email: created.user.email }),
          { variant: 'success' },
        );
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.is('USER__EMAIL_TAKEN')) setErrors({ email: t('teamUsers.form.emailTaken') });
        else if (error instanceof ApiError && error.fields)
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key, messages[0]])));
        else
          setFailure(
            error instanceof ApiError && error.is('USER__ROLE_NOT_GRANTABLE') ? t('teamUsers.form.roleNotGrantable') : translateMessage(t, error.message),
          );
      },
    });
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('teamUsers.form.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          )}
          <TextField label={t('teamUsers.form.firstName')} required autoFocus {...field('firstName')} />
          <TextField label={t('teamUsers.form.lastName')} required {...field('lastName')} />
          <TextField label={t('teamUsers.form.email')} type="email" required {...field('email')} />
          <TextField label={t('teamUsers.form.phone')} {...field('phone')} />
          <TextField select label={t('teamUsers.form.role')} required {...field('role')}>
            {grantableRoles(role).map((option) => (
              <MenuItem key={option} value={option}>
                {t(`roles.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          {tenantWide ? (
            <TextField select label={t('teamUsers.form.company')} required {...field('companyId')}>
              {(companies.data ?? []).map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <span />
          )}
          <TextField
            label={t('teamUsers.form.temporaryPassword')}
            type="password"
            autoComplete="new-password"
            required={!values.sendInvitation}
            {...field('temporaryPassword')}
            helperText={errors.temporaryPassword ? translateMessage(t, errors.temporaryPassword) : t('teamUsers.form.temporaryPasswordHelp')}
          />
          <TextField select label={t('teamUsers.form.language')} {...field('language')}>
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language}>
                {t(`teamUsers.languages.${language}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={
              <Checkbox
                checked={values.sendInvitation}
                onChange={(event) => setValues({ ...values, sendInvitation: event.target.checked })}
                name="sendInvitation"
              />
            }
            label={t('teamUsers.form.sendInvitation')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('teamUsers.form.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
