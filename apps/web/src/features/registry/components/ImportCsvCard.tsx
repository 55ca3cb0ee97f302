import { REGISTRY_CSV_MAX_BYTES, actsForWholeTenant, type RegistryImport } from '@carbonledger/contracts';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';
import { useSnackbar } from '../../../lib/toast';
import { useCompanies } from '../api/companies';
import { useImportRegistryCsv } from '../api/import-registry-csv';
import { importFailureMessage } from '../registry-messages';
import { ImportReport } from './ImportReport';

/**
 * Import of a Verra registry CSV export: the file is checked by the server (UTF-8 text, the
 * export's columns, at most 2 MB) and every line answered in the report below.
 */
export function ImportCsvCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const inputId = useId();
  const user = useAuthStore((state) => state.user);
  const tenantWide = user ? actsForWholeTenant(user.role) : false;
  const companies = useCompanies(tenantWide);
  const [companyId, setCompanyId] = useState('');
  const importing = useImportRegistryCsv();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<RegistryImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tooLarge = file !== null && file.size > REGISTRY_CSV_MAX_BYTES;

  const submit = () => {
    if (!file || tooLarge) return;
    setFailure(null);
    setReport(null);
    setProgress(0);
    importing.mutate(
      { file, companyId: companyId || undefined, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setReport(result);
          enqueueSnackbar(t('registry.import.done'), { variant: 'success' });
        },
        onError: (error) => setFailure(importFailureMessage(t, error)),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader title={t('registry.import.title')} subheader={t('registry.import.subtitle')} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {tenantWide && (
            <TextField
              select
              size="small"
              label={t('registry.import.company')}
              value={companyId || user?.companyId || ''}
              onChange={(event) => setCompanyId(event.target.value === user?.companyId ? '' : event.target.value)}
              sx={{ minWidth: 240 }}
              disabled={!companies.data}
            >
              {(companies.data ?? []).map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
            {t('registry.import.choose')}
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('registry.import.fileLabel')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setFailure(null);
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file ? file.name : t('registry.import.noFile')}
          </Typography>
          <Button variant="contained" onClick={submit} disabled={!file || tooLarge || importing.isPending}>
            {importing.isPending ? t('registry.import.importing') : t('registry.import.submit')}
          </Button>
        </Box>
        {tooLarge && <Alert severity="error">{t('registry.texts.csvTooLarge')}</Alert>}
        {importing.isPending && <LinearProgress variant="determinate" value={progress} aria-label={t('registry.import.uploading')} />}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {report && <ImportReport report={report} />}
      </CardContent>
    </Card>
  );
}
