import { CERTIFICATE_CHECKS, certificateNumberSchema, type CertificateVerification } from '@carbonledger/contracts';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Eco from '@mui/icons-material/EnergySavingsLeaf';
import HighlightOff from '@mui/icons-material/HighlightOff';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CertificateFacts } from '../../components/CertificateFacts';
import { LanguageSelector } from '../../components/LanguageSelector';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useCertificateVerification } from './api/verify-certificate';

function Verdict({ valid, sentence }: { valid: boolean; sentence: string }) {
  const { t } = useTranslation();
  const Icon = valid ? TaskAlt : HighlightOff;
  return (
    <Box
      role="status"
      data-testid="verification-verdict"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3, borderRadius: 2, color: 'common.white', bgcolor: valid ? 'success.dark' : 'error.dark' }}
    >
      <Icon sx={{ fontSize: 56 }} aria-hidden />
      <Box>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
          {valid ? t('verify.valid') : t('verify.notValid')}
        </Typography>
        <Typography>{sentence}</Typography>
      </Box>
    </Box>
  );
}

function VerificationResult({ verification }: { verification: CertificateVerification }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { certificate } = verification;
  return (
    <>
      <Verdict valid={verification.valid} sentence={verification.valid ? t('verify.verdictValid') : t('verify.verdictInvalid')} />
      <Box component="section" aria-labelledby="verify-checks-title">
        <Typography id="verify-checks-title" variant="h6" component="h2" sx={{ mt: 3 }}>
          {t('verify.checksTitle')}
        </Typography>
        <List dense>
          {CERTIFICATE_CHECKS.map((name) => {
            const { ok } = verification.checks[name];
            return (
              <ListItem key={name} disableGutters data-testid={`check-${name}`}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {ok ? (
                    <CheckCircleOutlined color="success" titleAccess={t('verify.passed')} />
                  ) : (
                    <CancelOutlined color="error" titleAccess={t('verify.failed')} />
                  )}
                </ListItemIcon>
                <ListItemText primary={t(`verify.checks.${name}.${ok ? 'ok' : 'failed'}`)} />
              </ListItem>
            );
          })}
        </List>
        <Typography variant="caption" color="text.secondary">
          {t('verify.checkedAt', { time: formatDateTime(verification.checkedAt, language) })}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="verify-facts-title">
        <Typography id="verify-facts-title" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {t('verify.factsTitle')}
        </Typography>
        <CertificateFacts certificate={certificate} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('verify.privacy')}
        </Typography>
      </Box>
    </>
  );
}

/**
 * The public page the certificate's QR code leads to (/verify/:number): open to everyone,
 * signed in or not, outside the signed-in frame. It re-checks the certificate against the
 * chain on every visit and says plainly whether it is valid.
 */
export default function VerifyCertificatePage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  // A number that cannot be a certificate's is answered here; the API's 400 says the same for a rule only it knows.
  const wellFormed = certificateNumberSchema.safeParse(number).success;
  const verification = useCertificateVerification(number, { enabled: wellFormed });
  const refusal = verification.error instanceof ApiError ? verification.error.status : null;
  const malformed = !wellFormed || refusal === 400;
  const notFound = refusal === 404;
  const checking = wellFormed && verification.isPending;
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 5 }, px: 2 }}>
      <Paper variant="outlined" sx={{ maxWidth: 860, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Eco sx={{ fontSize: 36, color: 'primary.main' }} aria-hidden />
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
              Carbonledger
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('layout.tagline')}
            </Typography>
          </Box>
          <LanguageSelector />
        </Box>
        <Typography variant="h4" component="h1">
          {t('verify.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('verify.intro', { number })}
        </Typography>
        {checking && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('verify.checking')}</Typography>
          </Box>
        )}
        {malformed && <Verdict valid={false} sentence={t('verify.malformed')} />}
        {notFound && <Verdict valid={false} sentence={t('verify.notFound')} />}
        {verification.isError && !notFound && !malformed && <Alert severity="error">{t('verify.loadFailed')}</Alert>}
        {verification.data && <VerificationResult verification={verification.data} />}
        {wellFormed && !verification.isPending && (
          <Button variant="outlined" sx={{ mt: 3 }} onClick={() => void verification.refetch()} disabled={verification.isFetching}>
            {t('verify.checkAgain')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
