import { KYC_DOCUMENT_CATEGORIES, KYC_DOCUMENT_MAX_BYTES, KYC_DOCUMENT_TYPES, type KycCase, type KycDocument } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';
import { fetchKycDocumentContent } from '../api/kyc-document-content';
import { useRemoveKycDocument } from '../api/remove-kyc-document';
import { useUploadKycDocument } from '../api/upload-kyc-document';
import { kycFailureText } from '../kyc-form';

type DocumentType = KycDocument['documentType'];
type Category = KycDocument['category'];

const STATUS_COLOURS = { uploaded: 'default', accepted: 'success', rejected: 'error' } as const;

/** Opens a document the server decrypted in a new tab (a PDF or an image the browser shows itself). */
export async function openDocument(document: Pick<KycDocument, 'id'>) {
  const url = URL.createObjectURL(await fetchKycDocumentContent(document.id));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The case's documents (type, category, notes, status) and the upload of a new one: PDF, JPEG or PNG, at most 10 MB. */
export function DocumentsStep({ kycCase, editable, onBack, onContinue }: { kycCase: KycCase; editable: boolean; onBack: () => void; onContinue: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadKycDocument();
  const remove = useRemoveKycDocument();
  const [documentType, setDocumentType] = useState<DocumentType>(kycCase.subjectType === 'business' ? 'certificate_of_incorporation' : 'passport');
  const [category, setCategory] = useState<Category>(kycCase.subjectType === 'business' ? 'corporate' : 'identity');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (!file) return setError(t('kyc.documents.chooseFile'));
    // Checked again by the server from the bytes; this only spares a doomed upload.
    if (file.size > KYC_DOCUMENT_MAX_BYTES) return setError(t('kyc.errors.KYC__DOCUMENT_TOO_LARGE'));
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, documentType, category, notes: notes.trim() || undefined, onProgress: setProgress },
      {
        onSuccess: () => {
          enqueueSnackbar(t('kyc.documents.uploaded'), { variant: 'success' });
          setFile(null);
          setNotes('');
        },
        onError: (failure) => setError(kycFailureText(t, failure)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const view = (document: KycDocument) =>
    void openDocument(document).catch((failure: unknown) => enqueueSnackbar(kycFailureText(t, failure), { variant: 'error' }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {kycCase.documents.length === 0 ? (
        <Typography color="text.secondary">{t('kyc.documents.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('kyc.documents.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('kyc.documents.type')}</TableCell>
              <TableCell>{t('kyc.documents.category')}</TableCell>
              <TableCell>{t('kyc.documents.file')}</TableCell>
              <TableCell>{t('kyc.documents.notes')}</TableCell>
              <TableCell>{t('kyc.documents.status')}</TableCell>
              <TableCell align="right">{t('kyc.documents.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {kycCase.documents.map((document) => (
              <TableRow key={document.id} data-testid={`kyc-document-${document.id}`}>
                <TableCell>{t(`kyc.documentTypes.${document.documentType}`)}</TableCell>
                <TableCell>{t(`kyc.categories.${document.category}`)}</TableCell>
                <TableCell>{document.originalName ?? '—'}</TableCell>
                <TableCell>{document.notes ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOURS[document.status]} label={t(`kyc.documentStatus.${document.status}`)} />
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => view(document)}>
                    {t('kyc.documents.open')}
                  </Button>
                  {editable && (
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(document.id, { onError: (failure) => enqueueSnackbar(kycFailureText(t, failure), { variant: 'error' }) })}
                    >
                      {t('kyc.documents.remove')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editable && (
        <Box sx={{ display: 'grid', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="subtitle2">{t('kyc.documents.add')}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField select label={t('kyc.documents.type')} value={documentType} onChange={(event) => setDocumentType(event.target.value as DocumentType)}>
              {KYC_DOCUMENT_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`kyc.documentTypes.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('kyc.documents.category')} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
              {KYC_DOCUMENT_CATEGORIES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`kyc.categories.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            label={t('kyc.documents.notes')}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component="label">
              {t('kyc.documents.choose')}
              <input
                hidden
                type="file"
                accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
                aria-label={t('kyc.documents.fileInput')}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2">{file ? file.name : t('kyc.documents.noFile')}</Typography>
            <Button variant="contained" onClick={send} disabled={upload.isPending}>
              {t('kyc.documents.upload')}
            </Button>
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('kyc.documents.rules')}
          </Typography>
          {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={t('kyc.documents.progress')} />}
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onBack}>{t('kyc.actions.back')}</Button>
        <Button variant="contained" onClick={onContinue}>
          {t('kyc.actions.continue')}
        </Button>
      </Box>
    </Box>
  );
}
