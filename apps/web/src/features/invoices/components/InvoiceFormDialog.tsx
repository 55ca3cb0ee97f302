import {
  CURRENCIES,
  invoiceLineInput,
  invoiceTotals,
  utcToday,
  type Invoice,
  type InvoiceCurrency,
  type InvoiceLineInput,
  type Language,
} from '@carbonledger/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useCompanies } from '../api/companies';
import { useSaveInvoice } from '../api/save-invoice';
import { invoiceMessage } from '../invoice-messages';

interface Draft {
  companyId: string;
  title: string;
  currency: InvoiceCurrency;
  issueDate: string;
  dueDate: string;
  taxRate: string;
  notes: string;
  lines: InvoiceLineInput[];
}

const EMPTY_LINE: InvoiceLineInput = { description: '', quantity: '1', unitPrice: '' };

function draftOf(invoice: Invoice | null): Draft {
  if (!invoice) return { companyId: '', title: '', currency: 'USD', issueDate: utcToday(), dueDate: '', taxRate: '0', notes: '', lines: [{ ...EMPTY_LINE }] };
  return {
    companyId: invoice.companyId,
    title: invoice.title,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    taxRate: invoice.taxRate,
    notes: invoice.notes ?? '',
    lines: invoice.lines
      .filter((line) => line.operationId === null)
      .map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice })),
  };
}

/**
 * Create or edit an invoice: company (platform administrators), title, currency, dates (due date
 * required), tax rate, notes and line items; the totals are previewed with the same exact
 * arithmetic the server stores. Lines billing an operation (the monthly accrual) are shown and kept as they are.
 */
export function InvoiceFormDialog({
  open,
  invoice,
  chooseCompany,
  language,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The invoice being edited, or null for a new one. */
  invoice: Invoice | null;
  chooseCompany: boolean;
  language: Language;
  onClose: () => void;
  onSaved: (saved: Invoice, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const [shownFor, setShownFor] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [draft, setDraft] = useState<Draft>(() => draftOf(invoice));
  const [tried, setTried] = useState(false);
  const save = useSaveInvoice();
  const companies = useCompanies(open && chooseCompany);
  if (open && (shownFor.open !== open || shownFor.id !== (invoice?.id ?? null))) {
    setShownFor({ open, id: invoice?.id ?? null });
    setDraft(draftOf(invoice));
    setTried(false);
    save.reset();
  }
  if (!open && shownFor.open) setShownFor({ open: false, id: null });

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => error?.fields?.[name]?.map((message) => invoiceMessage(t, message)).join(' ');
  const validLines = draft.lines.map((line) => invoiceLineInput.safeParse(line).success);
  const taxValid = /^\d{1,3}(\.\d{1,2})?$/.test(draft.taxRate.trim()) && Number(draft.taxRate) <= 100;
  const operationLines = invoice?.lines.filter((line) => line.operationId !== null) ?? [];
  const preview = validLines.every(Boolean) && taxValid ? invoiceTotals([...operationLines, ...draft.lines], draft.taxRate.trim()) : null;
  const dueMissing = draft.dueDate === '';
  const money = (amount: string) => formatMoney(amount, draft.currency, language);
  const setLine = (index: number, change: Partial<InvoiceLineInput>) =>
    setDraft({ ...draft, lines: draft.lines.map((line, position) => (position === index ? { ...line, ...change } : line)) });

  const submit = (status: 'draft' | 'pending') => {
    setTried(true);
    if (dueMissing || !preview || draft.title.trim() === '' || draft.lines.length + operationLines.length === 0) return;
    const common = {
      ...(chooseCompany && draft.companyId ? { companyId: draft.companyId } : {}),
      title: draft.title.trim(),
      currency: draft.currency,
      issueDate: draft.issueDate,
      dueDate: draft.dueDate,
      taxRate: draft.taxRate.trim(),
      ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
      lines: draft.lines.map((line) => ({ description: line.description.trim(), quantity: line.quantity.trim(), unitPrice: line.unitPrice.trim() })),
    };
    save.mutate(invoice ? { id: invoice.id, request: common } : { id: null, request: { ...common, status } }, {
      onSuccess: (saved) => onSaved(saved, invoice === null),
    });
  };

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="invoice-form-title">
      <DialogTitle id="invoice-form-title">{invoice ? t('invoices.form.editTitle', { number: invoice.number }) : t('invoices.form.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{invoiceMessage(t, error.message)}</Alert>}
          {chooseCompany && (
            <TextField
              select
              label={t('invoices.form.company')}
              value={draft.companyId}
              onChange={(event) => setDraft({ ...draft, companyId: event.target.value })}
              helperText={fieldError('companyId') ?? t('invoices.form.companyHelp')}
              error={Boolean(fieldError('companyId'))}
            >
              {(companies.data ?? []).map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('invoices.form.title')}
            required
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={(tried && draft.title.trim() === '') || Boolean(fieldError('title'))}
            helperText={fieldError('title')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('invoices.form.currency')}
              value={draft.currency}
              onChange={(event) => setDraft({ ...draft, currency: event.target.value as InvoiceCurrency })}
              sx={{ minWidth: 120 }}
            >
              {CURRENCIES.map((currency) => (
                <MenuItem key={currency} value={currency}>
                  {currency}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('invoices.form.issueDate')}
              required
              value={draft.issueDate}
              onChange={(event) => setDraft({ ...draft, issueDate: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={t('invoices.form.dueDate')}
              required
              value={draft.dueDate}
              onChange={(event) => setDraft({ ...draft, dueDate: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={(tried && dueMissing) || Boolean(fieldError('dueDate'))}
              helperText={tried && dueMissing ? t('invoices.texts.dueDateRequired') : fieldError('dueDate')}
            />
            <TextField
              label={t('invoices.form.taxRate')}
              value={draft.taxRate}
              onChange={(event) => setDraft({ ...draft, taxRate: event.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!taxValid}
              helperText={taxValid ? undefined : t('invoices.form.invalidTaxRate')}
              sx={{ maxWidth: 140 }}
            />
          </Stack>
          <Typography variant="subtitle1" component="h2">
            {t('invoices.form.lines')}
          </Typography>
          {operationLines.map((line) => (
            <Typography key={line.id} variant="body2" color="text.secondary">
              {line.description} · {line.quantity} × {money(line.unitPrice)} = {money(line.amount)}
            </Typography>
          ))}
          {draft.lines.map((line, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('invoices.form.description')}
                value={line.description}
                onChange={(event) => setLine(index, { description: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 300 } }}
                error={tried && !validLines[index]}
                sx={{ flex: 3 }}
              />
              <TextField
                label={t('invoices.form.quantity')}
                value={line.quantity}
                onChange={(event) => setLine(index, { quantity: event.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={tried && !validLines[index]}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t('invoices.form.unitPrice')}
                value={line.unitPrice}
                onChange={(event) => setLine(index, { unitPrice: event.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={tried && !validLines[index]}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={t('invoices.form.removeLine', { line: index + 1 })}
                onClick={() => setDraft({ ...draft, lines: draft.lines.filter((_, position) => position !== index) })}
                disabled={draft.lines.length + operationLines.length <= 1}
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          ))}
          {tried && !validLines.every(Boolean) && <Alert severity="warning">{t('invoices.form.invalidLines')}</Alert>}
          <Box>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => setDraft({ ...draft, lines: [...draft.lines, { ...EMPTY_LINE }] })}
              disabled={draft.lines.length >= 100}
            >
              {t('invoices.form.addLine')}
            </Button>
          </Box>
          <TextField
            label={t('invoices.form.notes')}
            value={draft.notes}
            multiline
            minRows={2}
            onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {preview && (
            <Box aria-live="polite" sx={{ textAlign: 'right' }}>
              <Typography variant="body2">{t('invoices.form.subtotal', { amount: money(preview.amount) })}</Typography>
              <Typography variant="body2">{t('invoices.form.tax', { amount: money(preview.taxAmount) })}</Typography>
              <Typography variant="subtitle1" component="p">
                {t('invoices.form.total', { amount: money(preview.totalAmount) })}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        {invoice ? (
          <Button variant="contained" onClick={() => submit('draft')} disabled={save.isPending}>
            {t('invoices.form.save')}
          </Button>
        ) : (
          <>
            <Button onClick={() => submit('draft')} disabled={save.isPending}>
              {t('invoices.form.saveDraft')}
            </Button>
            <Button variant="contained" onClick={() => submit('pending')} disabled={save.isPending}>
              {t('invoices.form.createAndIssue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
