import type { TransactionView } from '@carbonledger/contracts';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { useSnackbar } from '../../lib/toast';
import type { TransactionFilters as Filters } from './api/transactions';
import { TransactionDetailsDialog } from './components/TransactionDetailsDialog';
import { TransactionFilters, type TransactionFilterValues } from './components/TransactionFilters';
import { TransactionsTable } from './components/TransactionsTable';
import { useLiveTransactions } from './live-transactions';

/** Typing in the search box asks the server once the user pauses, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 20, 50, 100];

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The query the filters ask for: empty choices are left out, the search is trimmed. */
export function listFilters(values: TransactionFilterValues, page: number, pageSize: number): Filters {
  const search = values.search.trim();
  return {
    ...(values.type ? { type: values.type } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(search ? { search } : {}),
    page: page + 1,
    pageSize,
  };
}

/** docs/product.md §2 /transactions (and /history): every mint, burn, received and sent transfer of the company's wallets. */
export default function TransactionsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<TransactionFilterValues>({ type: '', status: '', search: '' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<TransactionView | null>(null);
  const search = useDebounced(values.search, SEARCH_DEBOUNCE_MS);
  const transactions = useLiveTransactions(listFilters({ ...values, search }, page, pageSize));
  const data = transactions.data;
  const filtered = Boolean(values.type || values.status || search.trim());

  const changeFilters = (next: TransactionFilterValues) => {
    setValues(next);
    setPage(0);
  };
  const copyHash = async (hash: string) => {
    try {
      await navigator.clipboard.writeText(hash);
      enqueueSnackbar(t('transactions.hashCopied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('transactions.copyFailed'), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={name}
        subtitle={t('transactions.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<Refresh />} onClick={() => void transactions.refetch()} disabled={transactions.isFetching}>
            {t('transactions.refresh')}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TransactionFilters value={values} onChange={changeFilters} />
          {transactions.isFetching && <LinearProgress aria-label={t('common.loading')} />}
          {transactions.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void transactions.refetch()}>
                  {t('transactions.retry')}
                </Button>
              }
            >
              {t('transactions.loadFailed')}
            </Alert>
          )}
          {data && !data.chainAvailable && <Alert severity="warning">{t('transactions.chainUnavailable')}</Alert>}
          {data && data.items.length === 0 && <Alert severity="info">{filtered ? t('transactions.noMatches') : t('transactions.empty')}</Alert>}
          {data && data.items.length > 0 && (
            <>
              <TransactionsTable transactions={data.items} onCopyHash={(hash) => void copyHash(hash)} onDetails={setSelected} />
              <ListPagination
                total={data.total}
                totalCapped={data.totalCapped}
                page={page}
                pageSize={pageSize}
                pageSizes={PAGE_SIZES}
                onPageChange={setPage}
                onPageSizeChange={setPageSize}
              />
            </>
          )}
        </CardContent>
      </Card>
      <TransactionDetailsDialog transaction={selected} onClose={() => setSelected(null)} />
    </Box>
  );
}
