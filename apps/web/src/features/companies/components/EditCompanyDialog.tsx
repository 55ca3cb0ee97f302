import { updateCompanyRequest, type CompanyProfile } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyFields, companyFormErrors, companyFormOf, companyRequestOf, type CompanyFormErrors } from '../../../components/CompanyFields';
import { ApiError } from '../../../lib/api-client';
import { translateCompanyMessage } from '../../../lib/company-messages';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateCompany } from '../api/update-company';

/** A platform administrator edits a company's record; as support they may also correct its tax ID. */
export function EditCompanyDialog({ company, open, onClose }: { company: CompanyProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateCompany();
  const [values, setValues] = useState(() => companyFormOf(company));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setValues(companyFormOf(company));
    setErrors({});
    setFailure(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = companyRequestOf(values);
    const parsed = updateCompanyRequest.safeParse(changes);
    if (!parsed.success) return setErrors(companyFormErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))));
    setErrors({});
    update.mutate(
      { id: company.id, changes },
      {
        onSuccess: () => {
          enqueueSnackbar(t('companies.detail.saved'), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.is('COMPANY__TAX_ID_TAKEN')) setErrors({ taxId: error.message });
          else if (error instanceof ApiError && error.fields)
            setErrors(companyFormErrors(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path, messages[0]]))));
          else setFailure(translateCompanyMessage(t, error.message));
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('companies.detail.editTitle', { name: company.name })}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important', display: 'flex', flexDirection: 'column', gap: 2 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <CompanyFields values={values} errors={errors} onChange={setValues} disabled={update.isPending} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
