import { FILE_CONTENT_TYPES, FILE_MAX_BYTES, fileTexts, mintingTexts } from '@carbonledger/contracts';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadLogo } from '../api/upload-logo';
import { mintFailureText, translateMintMessage } from '../mint-messages';

/**
 * The token logo: a URL typed in (the `urlInput`), or an image uploaded to the content-addressed
 * store with its progress in percent, after which the stored file's public URL fills the field.
 */
export function LogoField({ urlInput, logoUrl, onUploaded }: { urlInput: ReactNode; logoUrl: string; onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const uploadLogo = useUploadLogo(setProgress);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    // Refused here already, so a large file is not sent only to be refused.
    if (file.size > FILE_MAX_BYTES) {
      setFailure(`${translateMintMessage(t, mintingTexts.logoUploadFailed)} ${translateMintMessage(t, fileTexts.tooLarge)}`);
      return;
    }
    setProgress(0);
    uploadLogo.mutate(file, {
      onSuccess: (stored) => onUploaded(stored.url),
      onError: (error) => setFailure(`${translateMintMessage(t, mintingTexts.logoUploadFailed)} ${mintFailureText(t, error, '')}`.trim()),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1 }}>{urlInput}</Box>
        <Button
          variant="outlined"
          startIcon={<CloudUploadOutlined />}
          onClick={() => fileInput.current?.click()}
          disabled={uploadLogo.isPending}
          sx={{ mt: 1, whiteSpace: 'nowrap' }}
        >
          {t('mintWizard.logo.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={FILE_CONTENT_TYPES.join(',')}
          aria-label={t('mintWizard.logo.file')}
          data-testid="logo-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {progress !== null && (
        <Box role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={progress} aria-label={t('mintWizard.logo.progressLabel')} />
          <Typography variant="caption">{t('mintWizard.logo.uploading', { percent: progress })}</Typography>
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {logoUrl && progress === null && !failure && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="img"
            src={logoUrl}
            alt={t('mintWizard.logo.previewAlt')}
            sx={{ width: 48, height: 48, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('mintWizard.logo.hint')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
