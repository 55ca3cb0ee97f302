import type { Certificate } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCertificateQr } from '../api/certificate-qr';

/** The QR code printed on the PDF: it leads to the public verification page. */
export function CertificateQrDialog({ certificate, onClose }: { certificate: Certificate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qr = useCertificateQr(certificate?.id ?? null);
  return (
    <Dialog open={certificate !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="certificate-qr-title">
      {certificate && (
        <>
          <DialogTitle id="certificate-qr-title">{t('certificates.qr.title', { number: certificate.number })}</DialogTitle>
          <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            {qr.isPending && <CircularProgress aria-label={t('common.loading')} />}
            {qr.isError && <Alert severity="error">{t('certificates.qr.loadFailed')}</Alert>}
            {qr.data && <Box component="img" src={qr.data} alt={t('certificates.qr.alt', { url: certificate.verifyUrl })} sx={{ width: 240, height: 240 }} />}
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('certificates.qr.hint')}
            </Typography>
            <Link href={certificate.verifyUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
              {certificate.verifyUrl}
            </Link>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('certificates.viewer.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
