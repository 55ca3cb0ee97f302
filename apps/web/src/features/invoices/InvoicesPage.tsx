import { actsForWholeTenant, canAccess, INVOICE_STATUSES, SERVER_EVENTS, type InvoiceStatus, type InvoiceSummary } from '@carbonledger/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { currentLanguage } from '../../lib/i18n';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { useDownloadInvoices } from './api/download-invoices';
import { useInvoice } from './api/invoice';
import { useInvoiceAction, type InvoiceAction } from './api/invoice-actions';
import { useInvoiceStats } from './api/invoice-stats';
import { invoiceKeys, useInvoices, type InvoiceFilter } from './api/invoices';
import { InvoiceFormDialog } from './components/InvoiceFormDialog';
import { InvoicesTable, type RowAction } from './components/InvoicesTable';
import { InvoiceSummaryCards } from './components/InvoiceSummaryCards';
import { PaymentDialog } from './components/PaymentDialog';
import { invoiceMessage } from './invoice-messages';

/**
 * docs/product.md §2 Invoices: summary cards, the list with search, status filter and
 * selection, create and edit, delete (drafts) and cancel, issue, the three-step payment dialog
 * (partial payments, mark paid), PDF and CSV/JSON export. Live on invoice_update.
 */
export default function InvoicesPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const manage = Boolean(user && session && canAccess(user.role, session.permissions, 'invoices', 'manage'));
  const chooseCompany = Boolean(user && actsForWholeTenant(user.role));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<{ editing: string | null } | null>(null);
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [asking, setAsking] = useState<{ confirmation: Confirmation; action: InvoiceAction } | null>(null);
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const filter: InvoiceFilter = { ...(deferredSearch ? { search: deferredSearch } : {}), ...(status ? { status } : {}) };

  useRealtimeInvalidate([SERVER_EVENTS.invoiceUpdate], invoiceKeys.all);
  const interval = useFallbackInterval(60_000, 15_000);
  const invoices = useInvoices({ ...filter, page: page + 1, pageSize }, interval);
  const stats = useInvoiceStats(interval);
  const editing = useInvoice(form?.editing ?? null);
  const act = useInvoiceAction();
  const download = useDownloadInvoices();

  const select = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const failed = (error: Error) => enqueueSnackbar(invoiceMessage(t, error.message), { variant: 'error' });
  const run = () => {
    if (!asking) return;
    act.mutate(asking.action, {
      onSuccess: () => {
        enqueueSnackbar(t(`invoices.done.${asking.action.kind}`), { variant: 'success' });
        if (asking.action.kind === 'delete') setSelected(new Set());
        setAsking(null);
      },
      onError: (error) => {
        failed(error);
        setAsking(null);
      },
    });
  };
  const onAction = (invoice: InvoiceSummary, action: RowAction) => {
    switch (action) {
      case 'edit':
        setForm({ editing: invoice.id });
        return;
      case 'pay':
        setPaying(invoice);
        return;
      case 'pdf':
        download.mutate({ kind: 'pdf', id: invoice.id, number: invoice.number }, { onError: failed });
        return;
      case 'issue':
        setAsking({
          action: { kind: 'issue', id: invoice.id },
          confirmation: {
            title: t('invoices.confirm.issueTitle'),
            consequence: t('invoices.confirm.issue', { number: invoice.number }),
            confirmLabel: t('invoices.actions.issue'),
            color: 'primary',
          },
        });
        return;
      case 'cancel':
        setAsking({
          action: { kind: 'cancel', id: invoice.id },
          confirmation: {
            title: t('invoices.confirm.cancelTitle'),
            consequence: t('invoices.confirm.cancel', { number: invoice.number }),
            confirmLabel: t('invoices.actions.cancel'),
          },
        });
        return;
      case 'delete':
        setAsking({
          action: { kind: 'delete', ids: [invoice.id] },
          confirmation: {
            title: t('invoices.confirm.deleteTitle'),
            consequence: t('invoices.confirm.delete', { count: 1 }),
            confirmLabel: t('invoices.actions.delete'),
          },
        });
        return;
    }
  };

  const listed = invoices.data?.items ?? [];
  const selectedIds = [...selected];
  const selectedDrafts = listed.filter((item) => selected.has(item.id)).every((item) => item.status === 'draft');

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('invoices.subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={(event) => setExportMenu(event.currentTarget)} aria-haspopup="menu">
              {t('invoices.export')}
            </Button>
            {manage && (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setForm({ editing: null })}>
                {t('invoices.new')}
              </Button>
            )}
          </Stack>
        }
      />
      <Menu anchorEl={exportMenu} open={exportMenu !== null} onClose={() => setExportMenu(null)}>
        {(['csv', 'json'] as const).map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setExportMenu(null);
              download.mutate({ kind: 'export', format, filter }, { onError: failed });
            }}
          >
            {t(`invoices.exportAs.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      {stats.isError ? (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button onClick={() => void stats.refetch()}>{t('invoices.retry')}</Button>}>
          {t('invoices.texts.loadFailed')}
        </Alert>
      ) : (
        <InvoiceSummaryCards stats={stats.data} language={language} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('invoices.filters.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          size="small"
          label={t('invoices.filters.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {INVOICE_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`invoices.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {manage && selectedIds.length > 0 && (
          <Button
            color="error"
            variant="outlined"
            disabled={!selectedDrafts}
            title={selectedDrafts ? undefined : t('invoices.texts.onlyDraftsDeleted')}
            onClick={() =>
              setAsking({
                action: { kind: 'delete', ids: selectedIds },
                confirmation: {
                  title: t('invoices.confirm.deleteTitle'),
                  consequence: t('invoices.confirm.delete', { count: selectedIds.length }),
                  confirmLabel: t('invoices.actions.delete'),
                },
              })
            }
          >
            {t('invoices.deleteSelected', { count: selectedIds.length })}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        {invoices.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {invoices.isError && (
          <Alert severity="error" action={<Button onClick={() => void invoices.refetch()}>{t('invoices.retry')}</Button>}>
            {t('invoices.texts.loadFailed')}
          </Alert>
        )}
        {invoices.isPending && !invoices.isError && <Typography sx={{ p: 3 }}>{t('invoices.loading')}</Typography>}
        {invoices.data?.total === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {filter.search || filter.status ? t('invoices.noMatch') : t('invoices.empty')}
          </Typography>
        )}
        {invoices.data && invoices.data.total > 0 && (
          <>
            <InvoicesTable items={listed} language={language} manage={manage} selected={selected} onSelect={select} onAction={onAction} />
            <ListPagination total={invoices.data.total} page={page} pageSize={pageSize} onPageChange={setPage} onPageSizeChange={setPageSize} />
          </>
        )}
      </Card>
      {form && form.editing !== null && editing.isError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setForm(null)}>
          {t('invoices.texts.loadFailed')}
        </Alert>
      )}
      <InvoiceFormDialog
        open={form !== null && (form.editing === null || editing.data !== undefined)}
        invoice={form?.editing ? (editing.data ?? null) : null}
        chooseCompany={chooseCompany}
        language={language}
        onClose={() => setForm(null)}
        onSaved={(saved, created) => {
          enqueueSnackbar(t(created ? 'invoices.done.create' : 'invoices.done.update', { number: saved.number }), { variant: 'success' });
          setForm(null);
        }}
      />
      <PaymentDialog invoice={paying} language={language} onClose={() => setPaying(null)} />
      <ConfirmDialog confirmation={asking?.confirmation ?? null} busy={act.isPending} onCancel={() => setAsking(null)} onConfirm={run} />
    </Box>
  );
}
