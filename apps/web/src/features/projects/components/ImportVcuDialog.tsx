import { importVcuRequest, type ImportVcuRequest, type Vcu } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useImportVcu } from '../api/import-vcu';
import { importFailureText, translateImportMessage } from '../import-messages';
import { translateSerialMessage } from '../serial-messages';
import { ImportedVcuNotice } from './ImportedVcuNotice';

/** The contract's serial example (13-field current form), shown as the field's hint. */
const SERIAL_EXAMPLE = '16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0';

/** Every message of the field (the contract's English texts): the serial parser names each bad field, so there can be several. */
function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const listed = Object.values(error.types ?? {}).flatMap((value) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []));
  return listed.length > 0 ? listed : error.message ? [error.message] : [];
}

/**
 * Import a VCU block (or a sub-range of one) by its Verra serial. The contract's parser checks
 * the serial before it is sent; the server's field errors land under the field and its
 * refusals (already held, not issued) above it.
 */
export function ImportVcuDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const importing = useImportVcu();
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<Vcu | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ImportVcuRequest>({ resolver: zodResolver(importVcuRequest), criteriaMode: 'all', defaultValues: { serialNumber: '' } });
  const messages = fieldMessages(errors.serialNumber);

  const close = () => {
    setFailure(null);
    setImported(null);
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ serialNumber }) => {
    setFailure(null);
    setImported(null);
    try {
      const outcome = await importing.mutateAsync({ serialNumber: serialNumber.trim() });
      enqueueSnackbar(translateImportMessage(t, outcome.message), { variant: 'success' });
      setImported(outcome.vcu);
      reset();
    } catch (error) {
      const serverMessages = error instanceof ApiError && error.status === 400 ? error.fields?.serialNumber : undefined;
      if (serverMessages && serverMessages.length > 0)
        setError('serialNumber', { type: 'server', message: serverMessages[0], types: { server: serverMessages } });
      else setFailure(importFailureText(t, error));
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-vcu-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="import-vcu-title">{t('projects.import.title')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('projects.import.intro')}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {imported && <ImportedVcuNotice vcu={imported} />}
          <TextInput
            label={t('projects.import.serial')}
            autoComplete="off"
            spellCheck={false}
            error={messages.length > 0}
            helperText={
              messages.length > 0
                ? messages.map((message) => (
                    <Box component="span" key={message} sx={{ display: 'block' }}>
                      {translateSerialMessage(t, message)}
                    </Box>
                  ))
                : t('projects.import.serialHint', { example: SERIAL_EXAMPLE })
            }
            inputProps={{ maxLength: 200 }}
            sx={{ fontFamily: 'monospace', fontSize: 13 }}
            {...register('serialNumber')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('projects.detail.close')}</Button>
          <Button type="submit" variant="contained" disabled={importing.isPending}>
            {importing.isPending ? t('projects.import.importing') : t('projects.import.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
