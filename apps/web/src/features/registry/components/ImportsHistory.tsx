import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRegistryImports } from '../api/registry-imports';
import { registryMessage } from '../registry-messages';

/** The latest imports: when, which file, for which company, and what came of its lines. */
export function ImportsHistory() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const imports = useRegistryImports();
  return (
    <Card variant="outlined">
      <CardHeader title={t('registry.history.title')} />
      {imports.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {imports.isError && (
        <Alert severity="error" action={<Button onClick={() => void imports.refetch()}>{t('registry.retry')}</Button>}>
          {registryMessage(t, imports.error.message)}
        </Alert>
      )}
      {imports.data?.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('registry.history.empty')}
        </Typography>
      )}
      {imports.data && imports.data.length > 0 && (
        <Table size="small" aria-label={t('registry.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('registry.history.when')}</TableCell>
              <TableCell>{t('registry.history.file')}</TableCell>
              <TableCell>{t('registry.history.company')}</TableCell>
              <TableCell align="right">{t('registry.import.outcomes.imported')}</TableCell>
              <TableCell align="right">{t('registry.import.outcomes.retired')}</TableCell>
              <TableCell align="right">{t('registry.import.outcomes.unchanged')}</TableCell>
              <TableCell align="right">{t('registry.import.outcomes.invalid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{formatDateTime(entry.createdAt, language)}</TableCell>
                <TableCell>{entry.fileName ?? '—'}</TableCell>
                <TableCell>{entry.companyName}</TableCell>
                <TableCell align="right">{entry.counts.imported}</TableCell>
                <TableCell align="right">{entry.counts.retired}</TableCell>
                <TableCell align="right">{entry.counts.unchanged}</TableCell>
                <TableCell align="right">{entry.counts.invalid}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
