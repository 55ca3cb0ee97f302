import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';
import { useCompanyMints } from '../api/company-mints';

/** Copies a text and says so in a toast; a refused clipboard (insecure origin, permission) says that instead. */
export function useCopy() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      enqueueSnackbar(done, { variant: 'success' });
    } catch {
      enqueueSnackbar(t('help.phantom.copyFailed'), { variant: 'error' });
    }
  };
}

/** The mint addresses of the tokens the user's company holds, read from the chain through the portfolio, each copyable. */
export function CompanyMints() {
  const { t } = useTranslation();
  const mints = useCompanyMints();
  const copy = useCopy();

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} aria-labelledby="help-company-mints-title" component="section">
      <Typography variant="subtitle1" component="h3" id="help-company-mints-title" gutterBottom>
        {t('help.phantom.mintsTitle')}
      </Typography>
      {mints.isPending && (
        <>
          <LinearProgress aria-label={t('help.phantom.mintsLoading')} />
          <Typography color="text.secondary">{t('help.phantom.mintsLoading')}</Typography>
        </>
      )}
      {mints.isError && (
        <Alert
          severity="error"
          action={
            <Button onClick={() => void mints.refetch()} disabled={mints.isFetching}>
              {t('help.phantom.retry')}
            </Button>
          }
        >
          {t('help.phantom.mintsFailed')}
        </Alert>
      )}
      {mints.data?.length === 0 && <Alert severity="info">{t('help.phantom.mintsEmpty')}</Alert>}
      {mints.data && mints.data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby="help-company-mints-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('help.phantom.token')}</TableCell>
                <TableCell>{t('help.phantom.project')}</TableCell>
                <TableCell>{t('help.phantom.vintage')}</TableCell>
                <TableCell>{t('help.phantom.mint')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mints.data.map((mint) => (
                <TableRow key={mint.mint}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {mint.symbol}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {mint.tokenName}
                    </Typography>
                    {mint.frozenSomewhere && <Chip size="small" color="warning" variant="outlined" label={t('help.phantom.frozen')} sx={{ mt: 0.5 }} />}
                  </TableCell>
                  <TableCell>{mint.projectName ?? '—'}</TableCell>
                  <TableCell>{mint.vintage ?? '—'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {mint.mint}
                    <IconButton
                      size="small"
                      aria-label={t('help.phantom.copy', { symbol: mint.symbol })}
                      onClick={() => void copy(mint.mint, t('help.phantom.copied'))}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
