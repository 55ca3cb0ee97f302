import { OFFSET_REQUEST_STATUSES, SERVER_EVENTS, type OffsetRequestStatus } from '@carbonledger/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { currentLanguage } from '../../lib/i18n';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { offsetKeys, useOffsetRequests } from './api/offset-requests';
import { NewOffsetRequestDialog } from './components/NewOffsetRequestDialog';
import { OffsetRequestsTable } from './components/OffsetRequestsTable';
import { offsetMessage } from './offset-messages';

/**
 * docs/product.md §2 /offsets/requests: a company asks for credits to be retired on behalf of a
 * beneficiary; the request goes through the approvals and, once approved, is retired with its
 * certificate linked here. The requester's company and the platform's officers see the same statuses, live.
 */
export default function OffsetRequestsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [status, setStatus] = useState<OffsetRequestStatus | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [asking, setAsking] = useState(false);
  const user = useAuthStore((state) => state.user);
  useRealtimeInvalidate([SERVER_EVENTS.offsetRequestUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.approvalUpdate], offsetKeys.all);
  const requests = useOffsetRequests({ status: status || undefined, page: page + 1, pageSize }, useFallbackInterval(30_000, 10_000));

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('offsets.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAsking(true)}>
            {t('offsets.new')}
          </Button>
        }
      />
      <Box sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('offsets.filters.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OffsetRequestStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {OFFSET_REQUEST_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`offsets.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Card variant="outlined">
        {requests.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {requests.isError && (
          <Alert severity="error" action={<Button onClick={() => void requests.refetch()}>{t('offsets.retry')}</Button>}>
            {offsetMessage(t, requests.error.message)}
          </Alert>
        )}
        {requests.isPending && !requests.isError && <Typography sx={{ p: 3 }}>{t('offsets.loading')}</Typography>}
        {requests.data?.total === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {status ? t('offsets.noMatch') : t('offsets.empty')}
          </Typography>
        )}
        {requests.data && requests.data.total > 0 && (
          <>
            <OffsetRequestsTable list={requests.data} language={language} currentUserId={user?.id} />
            <ListPagination total={requests.data.total} page={page} pageSize={pageSize} onPageChange={setPage} onPageSizeChange={setPageSize} />
          </>
        )}
      </Card>
      <NewOffsetRequestDialog open={asking} onClose={() => setAsking(false)} onCreated={() => enqueueSnackbar(t('offsets.created'), { variant: 'success' })} />
    </Box>
  );
}
