import type { Certificate } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { CertificateFacts } from '../../../components/CertificateFacts';

/** docs/product.md §2 Certificates viewer: every field of the certificate, with its chain references. */
export function CertificateViewerDialog({
  certificate,
  onClose,
  onDownload,
  onShowQr,
  downloading,
}: {
  certificate: Certificate | null;
  onClose: () => void;
  onDownload: (certificate: Certificate) => void;
  onShowQr: (certificate: Certificate) => void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={certificate !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="certificate-viewer-title">
      {certificate && (
        <>
          <DialogTitle id="certificate-viewer-title">{t('certificates.viewer.title', { number: certificate.number })}</DialogTitle>
          <DialogContent dividers tabIndex={0}>
            <CertificateFacts certificate={certificate} beneficiary={certificate.beneficiary} testId="certificate-fields" />
            <Box sx={{ mt: 2 }}>
              <Link href={certificate.verifyUrl} target="_blank" rel="noopener noreferrer">
                {t('certificates.viewer.verifyPage')}
              </Link>
            </Box>
          </DialogContent>
          <DialogActions>
            <Button startIcon={<QrCode2 />} onClick={() => onShowQr(certificate)}>
              {t('certificates.actions.showQr')}
            </Button>
            <Button startIcon={<FileDownloadOutlined />} onClick={() => onDownload(certificate)} disabled={downloading}>
              {t('certificates.actions.downloadPdf')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('certificates.viewer.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
