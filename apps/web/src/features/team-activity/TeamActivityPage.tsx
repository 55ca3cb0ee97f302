import { SERVER_EVENTS, type ActivityFilters } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListCard } from '../../components/PagedListCard';
import { PageHeader } from '../../components/PageHeader';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { activityKeys, useActivity } from './api/activity';
import { useActivityFacets } from './api/activity-facets';
import { useExportActivity } from './api/export-activity';
import { ActivityFiltersBar, NO_FILTERS, type ActivityFilterValues } from './components/ActivityFiltersBar';
import { ActivityTable } from './components/ActivityTable';

/** A local day's first or last instant, as the API filters on instants. */
function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function toFilters(values: ActivityFilterValues): ActivityFilters {
  return {
    userId: values.userId || undefined,
    actionType: values.actionType || undefined,
    resourceType: values.resourceType || undefined,
    from: dayBound(values.fromDay, 'start'),
    to: dayBound(values.toDay, 'end'),
  };
}

/** docs/product.md §2 /team/activity: who did what, when and from where, with filters, paging and a CSV export. */
export default function TeamActivityPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [values, setValues] = useState<ActivityFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const filters = toFilters(values);
  // New entries arrive by activity_update (and the features' own events); a slower poll is the safety net.
  useRealtimeInvalidate(
    [SERVER_EVENTS.activityUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.mintingJobUpdate, SERVER_EVENTS.approvalUpdate, SERVER_EVENTS.securityAlert],
    activityKeys.all,
  );
  const activity = useActivity({ filters, page: page + 1, pageSize }, useFallbackInterval(60_000, 15_000));
  const facets = useActivityFacets();
  const exporting = useExportActivity();

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('teamActivity.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            disabled={exporting.isPending}
            onClick={() =>
              exporting.mutate({ filters, language }, { onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }) })
            }
          >
            {t('teamActivity.exportCsv')}
          </Button>
        }
      />
      <ActivityFiltersBar
        values={values}
        facets={facets.data}
        language={language}
        onChange={(next) => {
          setValues(next);
          setPage(0);
        }}
      />
      <PagedListCard
        query={activity}
        texts={{ loading: t('teamActivity.loading'), empty: t('teamActivity.empty'), retry: t('teamActivity.retry') }}
        pager={{ page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize }}
      >
        {(list) => <ActivityTable list={list} language={language} />}
      </PagedListCard>
    </Box>
  );
}
