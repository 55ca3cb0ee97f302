import { invoiceTexts, moneyField, moneyToMinor, PAYMENT_METHODS, type InvoiceSummary, type Language, type PaymentMethod } from '@carbonledger/contracts';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useRecordPayment } from '../api/record-payment';
import { invoiceMessage } from '../invoice-messages';

const STEPS = ['details', 'confirmation', 'processing'] as const;
type Stage = (typeof STEPS)[number] | 'success';

interface Details {
  method: PaymentMethod | '';
  amount: string;
  reference: string;
  notes: string;
}

/**
 * docs/product.md §2 payment dialog: details (method — required —, amount, reference, notes),
 * confirmation, processing, then success. The amount starts at the balance due (mark paid); a
 * smaller one is a partial payment. One Idempotency-Key per confirmation: a retried request never pays twice.
 */
export function PaymentDialog({ invoice, language, onClose }: { invoice: InvoiceSummary | null; language: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(invoice);
  const [stage, setStage] = useState<Stage>('details');
  const [details, setDetails] = useState<Details>({ method: '', amount: invoice?.balanceDue ?? '', reference: '', notes: '' });
  const [touched, setTouched] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const pay = useRecordPayment();
  if (invoice && invoice !== shown) {
    setShown(invoice);
    setStage('details');
    setDetails({ method: '', amount: invoice.balanceDue, reference: '', notes: '' });
    setTouched(false);
    setIdempotencyKey(crypto.randomUUID());
    pay.reset();
  }
  const methodMissing = details.method === '';
  const amountValid = moneyField.safeParse(details.amount).success && moneyToMinor(details.amount.trim()) > 0n;
  const error = pay.error instanceof ApiError ? pay.error : null;
  const money = (amount: string) => (shown ? formatMoney(amount, shown.currency, language) : amount);

  const confirm = () => {
    if (!shown || details.method === '') return;
    setStage('processing');
    pay.mutate(
      {
        invoiceId: shown.id,
        idempotencyKey,
        request: {
          method: details.method,
          amount: details.amount.trim(),
          ...(details.reference.trim() ? { reference: details.reference.trim() } : {}),
          ...(details.notes.trim() ? { notes: details.notes.trim() } : {}),
        },
      },
      {
        onSuccess: () => setStage('success'),
        onError: () => {
          // Another attempt is another payment decision: it gets its own key.
          setIdempotencyKey(crypto.randomUUID());
          setStage('details');
        },
      },
    );
  };
  const close = () => {
    if (stage === 'processing') return;
    onClose();
  };
  const activeStep = stage === 'success' ? STEPS.length : STEPS.indexOf(stage);
  const settled = pay.data?.invoice.status === 'paid';

  return (
    <Dialog open={invoice !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="payment-title">
      <DialogTitle id="payment-title">{t('invoices.payment.title', { number: shown?.number ?? '' })}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={activeStep} sx={{ mb: 3, mt: 1 }} alternativeLabel>
          {STEPS.map((step) => (
            <Step key={step}>
              <StepLabel>{t(`invoices.payment.steps.${step}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {stage === 'details' && shown && (
          <Stack spacing={2}>
            {error && (
              <Alert severity="error">
                {t('invoices.texts.paymentFailed')}
                {error.message !== invoiceTexts.paymentFailed ? `: ${invoiceMessage(t, error.message)}` : ''}
              </Alert>
            )}
            <Typography>{t('invoices.payment.balance', { amount: money(shown.balanceDue) })}</Typography>
            <TextField
              select
              required
              label={t('invoices.payment.method')}
              value={details.method}
              onChange={(event) => setDetails({ ...details, method: event.target.value as PaymentMethod })}
              error={touched && methodMissing}
              helperText={touched && methodMissing ? t('invoices.texts.paymentMethodRequired') : undefined}
            >
              {PAYMENT_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`invoices.methods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('invoices.payment.amount', { currency: shown.currency })}
              value={details.amount}
              onChange={(event) => setDetails({ ...details, amount: event.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!amountValid}
              helperText={amountValid ? t('invoices.payment.amountHelp') : t('invoices.form.invalidAmount')}
            />
            <TextField
              label={t('invoices.payment.reference')}
              value={details.reference}
              onChange={(event) => setDetails({ ...details, reference: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={t('invoices.payment.notes')}
              value={details.notes}
              multiline
              minRows={2}
              onChange={(event) => setDetails({ ...details, notes: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        )}
        {stage === 'confirmation' && shown && details.method !== '' && (
          <Stack spacing={1}>
            <Typography>{t('invoices.payment.confirmText')}</Typography>
            <Typography>
              <strong>{t('invoices.payment.amountLabel')}:</strong> {money(details.amount.trim())}
            </Typography>
            <Typography>
              <strong>{t('invoices.payment.method')}:</strong> {t(`invoices.methods.${details.method}`)}
            </Typography>
            {details.reference.trim() && (
              <Typography>
                <strong>{t('invoices.payment.reference')}:</strong> {details.reference.trim()}
              </Typography>
            )}
            <Alert severity={details.amount.trim() === shown.balanceDue ? 'warning' : 'info'}>
              {details.amount.trim() === shown.balanceDue ? t('invoices.payment.settles') : t('invoices.payment.partial')}
            </Alert>
          </Stack>
        )}
        {stage === 'processing' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }} role="status">
            <CircularProgress size={28} aria-label={t('invoices.payment.steps.processing')} />
            <Typography>{t('invoices.payment.processing')}</Typography>
          </Box>
        )}
        {stage === 'success' && pay.data && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
            <CheckCircleOutlined color="success" fontSize="large" />
            <Typography>
              {settled
                ? t('invoices.payment.successPaid', { amount: money(pay.data.payment.amount) })
                : t('invoices.payment.successPartial', { amount: money(pay.data.payment.amount), balance: money(pay.data.invoice.balanceDue) })}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {stage === 'details' && (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              onClick={() => {
                setTouched(true);
                if (!methodMissing && amountValid) setStage('confirmation');
              }}
            >
              {t('invoices.payment.next')}
            </Button>
          </>
        )}
        {stage === 'confirmation' && (
          <>
            <Button onClick={() => setStage('details')}>{t('invoices.payment.back')}</Button>
            <Button variant="contained" color="success" onClick={confirm}>
              {t('invoices.payment.confirm')}
            </Button>
          </>
        )}
        {stage === 'success' && (
          <Button variant="contained" onClick={close}>
            {t('invoices.payment.done')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
