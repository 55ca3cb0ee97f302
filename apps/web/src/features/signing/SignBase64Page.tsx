import { signingTexts, walletTexts, type SubmissionResultView } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api-client';
import { useSnackbar } from '../../lib/toast';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { TextInput } from '../../components/TextInput';
import { WalletPickerDialog } from '../../components/WalletPickerDialog';
import { useBrowserWallet } from '../../lib/use-browser-wallet';
import { failureText, translateWalletMessage } from '../../lib/wallet-messages';
import { useSigningTransaction } from './api/signing-transaction';
import { useSubmitSignedTransaction } from './api/submit-signed-transaction';
import { InstructionsTable } from './components/InstructionsTable';
import { TransactionDecodeError, decodeTransactionBase64, isSignedBy, type DecodedTransaction } from './decode-transaction';
import { canSignTransactions, explorerTransactionUrl, signTransactionBase64 } from '../../lib/sign-with-wallet';

function decodeOrError(base64: string): { decoded: DecodedTransaction | null; invalid: boolean } {
  if (base64.trim() === '') return { decoded: null, invalid: false };
  try {
    return { decoded: decodeTransactionBase64(base64), invalid: false };
  } catch (error) {
    if (error instanceof TransactionDecodeError) return { decoded: null, invalid: true };
    throw error;
  }
}

/** docs/product.md §7 /tools/sign-base64: a prepared transaction, decoded, signed by the connected wallet, submitted. */
export default function SignBase64Page({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const transactionId = params.get('transactionId');
  const prepared = useSigningTransaction(transactionId);
  const submit = useSubmitSignedTransaction();
  const browserWallet = useBrowserWallet();
  const [idInput, setIdInput] = useState(transactionId ?? '');
  const [base64, setBase64] = useState('');
  const [signedBase64, setSignedBase64] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SubmissionResultView | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);

  // A newly loaded prepared transaction resets the tool; refetches of the same one do not.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  if (prepared.data && prepared.data.transactionId !== loadedId) {
    setLoadedId(prepared.data.transactionId);
    setBase64(prepared.data.unsignedTxBase64);
    setSignedBase64(null);
    setResult(null);
  }

  // Once signed, the signed bytes are shown, so the wallet's signature reads as present.
  const { decoded, invalid } = useMemo(() => decodeOrError(signedBase64 ?? base64), [signedBase64, base64]);
  const connected = browserWallet.connected;
  const requiredSigner = prepared.data?.requiredSigner ?? decoded?.feePayer ?? null;
  const wrongWallet = Boolean(connected && requiredSigner && connected.account.address !== requiredSigner);
  const signed = signedBase64 !== null;
  const done = result?.status === 'confirmed' || prepared.data?.status === 'confirmed';
  const confirmedSignature = result?.status === 'confirmed' ? result.signature : prepared.data?.status === 'confirmed' ? prepared.data.signature : null;

  const load = () => {
    const id = idInput.trim();
    setFailure(null);
    setParams(id ? { transactionId: id } : {});
  };

  const sign = async () => {
    setFailure(null);
    if (!connected) {
      setFailure(translateWalletMessage(t, walletTexts.notConnected));
      return;
    }
    setSigning(true);
    try {
      const signedTx = await signTransactionBase64(connected.wallet, connected.account, base64);
      if (!isSignedBy(decodeTransactionBase64(signedTx), connected.account.address)) throw new Error('not signed');
      setSignedBase64(signedTx);
      enqueueSnackbar(t('signing.signed'), { variant: 'success' });
    } catch {
      setFailure(translateWalletMessage(t, signingTexts.signFailed));
    } finally {
      setSigning(false);
    }
  };

  const send = () => {
    if (!transactionId || !signedBase64) return;
    setFailure(null);
    submit.mutate(
      { transactionId, signedTxBase64: signedBase64 },
      {
        onSuccess: (outcome) => {
          setResult(outcome);
          if (outcome.status === 'confirmed') enqueueSnackbar(translateWalletMessage(t, signingTexts.submitted), { variant: 'success' });
          else if (outcome.status === 'failed' || outcome.status === 'expired')
            setFailure(`${translateWalletMessage(t, signingTexts.submitFailed)} ${outcome.error ?? ''}`.trim());
        },
        onError: (error) => setFailure(failureText(t, error, signingTexts.submitFailed)),
      },
    );
  };

  const activeStep = done ? 4 : signed ? 3 : decoded ? 1 : 0;
  const submitHint = !transactionId
    ? translateWalletMessage(t, signingTexts.needsTransactionId)
    : !signed
      ? translateWalletMessage(t, signingTexts.mustSignBeforeSubmit)
      : null;

  return (
    <Box>
      <PageHeader title={name} subtitle={t('signing.subtitle')} />
      <Stepper activeStep={activeStep} sx={{ mb: 3 }} alternativeLabel>
        {(['load', 'review', 'sign', 'submit'] as const).map((step) => (
          <Step key={step}>
            <StepLabel>{t(`signing.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box component="form" onSubmit={(event) => (event.preventDefault(), load())} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextInput label={t('signing.transactionId')} value={idInput} onChange={(event) => setIdInput(event.target.value)} />
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>
              {t('signing.load')}
            </Button>
          </Box>
          {!transactionId && <Alert severity="info">{translateWalletMessage(t, signingTexts.needsTransactionId)}</Alert>}
          {prepared.isFetching && <LinearProgress aria-label={t('common.loading')} />}
          {prepared.isError && (
            <Alert severity="error">
              {prepared.error instanceof ApiError && prepared.error.status === 404
                ? t('signing.notFound', { id: transactionId })
                : failureText(t, prepared.error, signingTexts.needsTransactionId)}
            </Alert>
          )}
          {prepared.data && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip label={t('signing.kind', { kind: prepared.data.kind })} />
              <Chip
                color={
                  prepared.data.status === 'confirmed'
                    ? 'success'
                    : prepared.data.status === 'failed' || prepared.data.status === 'expired'
                      ? 'error'
                      : 'default'
                }
                label={t(`signing.status.${prepared.data.status}`)}
              />
              {prepared.data.requiredSigner && (
                <Typography variant="body2">
                  {t('signing.requiredSigner')} <code>{prepared.data.requiredSigner}</code>
                </Typography>
              )}
            </Box>
          )}
          <TextInput
            label={t('signing.base64')}
            multiline
            minRows={3}
            maxRows={8}
            value={base64}
            onChange={(event) => {
              setBase64(event.target.value);
              setSignedBase64(null);
              setResult(null);
            }}
            error={invalid}
            helperText={invalid ? t('signing.invalidTransaction') : t('signing.base64Hint')}
            inputProps={{ spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } }}
          />
        </CardContent>
      </Card>

      {decoded && (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('signing.decoded.title')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1, mb: 2 }}>
              <Typography variant="body2">
                {t('signing.decoded.feePayer')} <code>{decoded.feePayer}</code>
              </Typography>
              <Typography variant="body2">
                {t('signing.decoded.version')} {decoded.version}
              </Typography>
              <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}>
                {t('signing.decoded.signatures')}{' '}
                {decoded.signatures.map((signature) => (
                  <Chip
                    key={signature.address}
                    size="small"
                    sx={{ mr: 0.5 }}
                    color={signature.signed ? 'success' : 'default'}
                    label={`${signature.address.slice(0, 8)}… ${signature.signed ? t('signing.decoded.present') : t('signing.decoded.missing')}`}
                  />
                ))}
              </Typography>
            </Box>
            <InstructionsTable local={decoded.instructions} server={prepared.data?.instructions} />
          </CardContent>
        </Card>
      )}

      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {connected ? (
            <Typography variant="body2">
              {t('signing.connectedWith', { wallet: connected.wallet.name })} <code data-testid="connected-address">{connected.account.address}</code>
            </Typography>
          ) : (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => setPickerOpen(true)}>
                  {t('wallets.browser.connect')}
                </Button>
              }
            >
              {translateWalletMessage(t, walletTexts.notConnected)}
            </Alert>
          )}
          {connected && !canSignTransactions(connected.wallet) && (
            <Alert severity="warning">{t('signing.cannotSign', { wallet: connected.wallet.name })}</Alert>
          )}
          {wrongWallet && <Alert severity="warning">{t('signing.wrongWallet', { address: requiredSigner })}</Alert>}
          {signedBase64 && (
            <TextInput
              label={t('signing.signedBase64')}
              multiline
              minRows={2}
              maxRows={6}
              value={signedBase64}
              readOnly
              inputProps={{ style: { fontFamily: 'monospace', fontSize: 12 } }}
            />
          )}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void sign()} disabled={!decoded || !connected || signing || done}>
              {signing ? t('signing.signing') : t('signing.sign')}
            </Button>
            <Button variant="contained" color="success" onClick={send} disabled={!signed || !transactionId || submit.isPending || done}>
              {submit.isPending ? t('signing.submitting') : t('signing.submit')}
            </Button>
            {submitHint && !done && (
              <Typography variant="body2" color="text.secondary" data-testid="submit-hint">
                {submitHint}
              </Typography>
            )}
          </Box>
          {result && result.status === 'sent' && <Alert severity="info">{t('signing.pending')}</Alert>}
          {confirmedSignature && (
            <Alert severity="success" data-testid="submission-confirmed">
              {t('signing.confirmed')}{' '}
              <Box component="code" sx={{ wordBreak: 'break-all' }}>
                {confirmedSignature}
              </Box>{' '}
              <Link href={explorerTransactionUrl(confirmedSignature, browserWallet.embeddedChain)} target="_blank" rel="noopener noreferrer">
                {t('signing.viewInExplorer')} <OpenInNew sx={{ fontSize: 14, verticalAlign: 'middle' }} />
              </Link>
            </Alert>
          )}
        </CardContent>
      </Card>
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={browserWallet} />
    </Box>
  );
}
