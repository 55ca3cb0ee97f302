import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';
import { ListPagination, type ListPaginationProps } from './ListPagination';

/**
 * A list the server pages, in its four states: loading (the list's own words), failed (the
 * server's message and a retry), empty (the list's own words) and filled (the rows, then the
 * pager). A refetch in the background shows as a thin bar above whatever is shown.
 */
export function PagedListCard<List extends { total: number; totalCapped?: boolean }>({
  query,
  texts,
  pager,
  children,
}: {
  query: UseQueryResult<List, Error>;
  texts: { loading: string; empty: string; retry: string };
  pager: Omit<ListPaginationProps, 'total' | 'totalCapped'>;
  children: (list: List) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      {query.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError && (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{texts.retry}</Button>}>
          {translateMessage(t, query.error.message)}
        </Alert>
      )}
      {query.isPending && !query.isError && <Typography sx={{ p: 3 }}>{texts.loading}</Typography>}
      {query.data?.total === 0 && (
        <Typography sx={{ p: 3 }} color="text.secondary">
          {texts.empty}
        </Typography>
      )}
      {query.data && query.data.total > 0 && (
        <>
          {children(query.data)}
          <ListPagination total={query.data.total} totalCapped={query.data.totalCapped} {...pager} />
        </>
      )}
    </Card>
  );
}
