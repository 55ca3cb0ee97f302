import type { KycDocument } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKycDocumentContent } from '../api/kyc-document-content';

/**
 * A document inline: images shown in the page, PDFs opened by the browser's own viewer in a
 * new tab (the content security policy allows no framed or embedded documents).
 */
export function DocumentPreview({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  const content = useKycDocumentContent(document.id, true);
  const url = useMemo(() => (content.data ? URL.createObjectURL(content.data) : null), [content.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  if (content.isError) return <Alert severity="error">{t('kycReviews.documentLoadFailed')}</Alert>;
  if (!url) return <Skeleton variant="rectangular" height={120} />;
  if (document.contentType === 'application/pdf') {
    return (
      <Button variant="outlined" size="small" href={url} target="_blank" rel="noopener">
        {t('kycReviews.openPdf')}
      </Button>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={t('kycReviews.documentAlt', { type: t(`kyc.documentTypes.${document.documentType}`) })}
      sx={{ maxWidth: '100%', maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
