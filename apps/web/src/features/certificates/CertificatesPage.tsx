import type { Certificate } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Search from '@mui/icons-material/Search';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { HelpLink } from '../../components/HelpLink';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api-client';
import { formatTokenAmount } from '../../lib/chain-format';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/toast';
import { useCertificate } from './api/certificate';
import { useDownloadCertificatePdf } from './api/certificate-pdf';
import { useCertificates } from './api/certificates';
import { CertificateQrDialog } from './components/CertificateQrDialog';
import { CertificateViewerDialog } from './components/CertificateViewerDialog';

/** docs/product.md §2 /certificates: searchable list of burn certificates with view, download PDF and show QR. */
export default function CertificatesPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useCertificates({ search: deferredSearch || undefined, page: page + 1, pageSize });
  const [viewing, setViewing] = useState<Certificate | null>(null);
  // A link to one certificate (/certificates?id=…, e.g. from a finished retirement) opens its viewer.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id');
  const linked = useCertificate(linkedId);
  const shown = viewing ?? (linkedId ? (linked.data ?? null) : null);
  const closeViewer = () => {
    setViewing(null);
    if (linkedId) setSearchParams({}, { replace: true });
  };
  const [showingQr, setShowingQr] = useState<Certificate | null>(null);
  const download = useDownloadCertificatePdf();

  const downloadPdf = (certificate: Certificate) =>
    download.mutate(certificate, {
      onError: (error) => enqueueSnackbar(`${t('certificates.downloadFailed')} ${translateMessage(t, error.message)}`, { variant: 'error' }),
    });

  return (
    <Box>
      <PageHeader title={name} subtitle={t('certificates.subtitle')} actions={<HelpLink topic="verification" />} />
      {linked.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="certificate-link-failed" onClose={closeViewer}>
          {linked.error instanceof ApiError && linked.error.status === 404 ? t('verify.notFound') : t('certificates.loadFailed')}
        </Alert>
      )}
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          label={t('certificates.search')}
          placeholder={t('certificates.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          size="small"
          fullWidth
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
      </Card>
      <Card variant="outlined">
        {list.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {list.isError && (
          <Alert severity="error" data-testid="certificates-load-failed">
            {t('certificates.loadFailed')}
          </Alert>
        )}
        {list.data && list.data.items.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="certificates-empty">
            {deferredSearch ? t('certificates.noMatch') : t('certificates.empty')}
          </Typography>
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <TableContainer>
              <Table size="small" aria-label={name}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('certificates.fields.number')}</TableCell>
                    <TableCell>{t('certificates.fields.projectName')}</TableCell>
                    <TableCell align="right">{t('certificates.fields.amount')}</TableCell>
                    <TableCell>{t('certificates.fields.beneficiary')}</TableCell>
                    <TableCell>{t('certificates.fields.date')}</TableCell>
                    <TableCell align="right">{t('common.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.items.map((certificate) => (
                    <TableRow key={certificate.id} hover data-testid={`certificate-${certificate.number}`}>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{certificate.number}</TableCell>
                      <TableCell>
                        {certificate.projectName}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {certificate.standard} · {certificate.vintage}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {t('certificates.tonnes', { amount: formatTokenAmount(certificate.amount, certificate.decimals) })}
                      </TableCell>
                      <TableCell>{certificate.beneficiary}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(certificate.date, language)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('certificates.actions.view')}>
                          <IconButton aria-label={t('certificates.actionLabels.view', { number: certificate.number })} onClick={() => setViewing(certificate)}>
                            <VisibilityOutlined />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('certificates.actions.downloadPdf')}>
                          <span>
                            <IconButton
                              aria-label={t('certificates.actionLabels.downloadPdf', { number: certificate.number })}
                              onClick={() => downloadPdf(certificate)}
                              disabled={download.isPending && download.variables?.id === certificate.id}
                            >
                              <FileDownloadOutlined />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={t('certificates.actions.showQr')}>
                          <IconButton
                            aria-label={t('certificates.actionLabels.showQr', { number: certificate.number })}
                            onClick={() => setShowingQr(certificate)}
                          >
                            <QrCode2 />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={list.data.total}
              totalCapped={list.data.totalCapped}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
            />
          </>
        )}
      </Card>
      <CertificateViewerDialog
        certificate={shown}
        onClose={closeViewer}
        onDownload={downloadPdf}
        onShowQr={(certificate) => {
          closeViewer();
          setShowingQr(certificate);
        }}
        downloading={download.isPending}
      />
      <CertificateQrDialog certificate={showingQr} onClose={() => setShowingQr(null)} />
    </Box>
  );
}
