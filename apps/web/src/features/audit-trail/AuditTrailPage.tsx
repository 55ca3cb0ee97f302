import { actsForWholeTenant, hasPermission, SERVER_EVENTS, type AuditTrailFilters } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/AccessDenied';
import { PagedListCard } from '../../components/PagedListCard';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { auditTrailKeys, useAuditTrail } from './api/audit-trail';
import { useAuditTrailFacets } from './api/audit-trail-facets';
import { useAuditVerification } from './api/audit-verification';
import { useExportAuditTrail } from './api/export-audit-trail';
import { AuditFiltersBar, NO_AUDIT_FILTERS, type AuditFilterValues } from './components/AuditFiltersBar';
import { AuditTrailTable } from './components/AuditTrailTable';
import { ChainVerificationCard } from './components/ChainVerificationCard';

/** A local day's first or last instant, as the API filters on instants. */
function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function toFilters(values: AuditFilterValues): AuditTrailFilters {
  return {
    q: values.q.trim() || undefined,
    actorId: values.actorId || undefined,
    action: values.action || undefined,
    resourceType: values.resourceType || undefined,
    resourceId: values.resourceId.trim() || undefined,
    from: dayBound(values.fromDay, 'start'),
    to: dayBound(values.toDay, 'end'),
  };
}

/**
 * docs/product.md §2 /audit-trail: the hash-chained audit log, searchable and filtered by actor,
 * action, entity and time, each entry in words, the verifier's result on top and a CSV export
 * of the filtered rows. Open to every signed-in user; its entries to holders of audit:read.
 */
export default function AuditTrailPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const canRead = useAuthStore((state) => hasPermission(state.session?.permissions ?? [], 'audit:read'));
  const canVerify = useAuthStore((state) => (state.user ? actsForWholeTenant(state.user.role) : false));
  const [values, setValues] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filters = toFilters(values);
  useRealtimeInvalidate(
    [SERVER_EVENTS.activityUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.approvalUpdate, SERVER_EVENTS.offsetRequestUpdate],
    [...auditTrailKeys.all, 'list'],
  );
  const trail = useAuditTrail({ filters, page: page + 1, pageSize }, useFallbackInterval(60_000, 15_000), canRead);
  const facets = useAuditTrailFacets(canRead);
  const verification = useAuditVerification(canRead && canVerify);
  const exporting = useExportAuditTrail();

  if (!canRead) return <AccessDenied />;
  const brokenAt = verification.data?.brokenLink ? BigInt(verification.data.brokenLink.entryId) : null;

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('auditTrail.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            disabled={exporting.isPending}
            onClick={() =>
              exporting.mutate({ filters, language }, { onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }) })
            }
          >
            {t('auditTrail.exportCsv')}
          </Button>
        }
      />
      <ChainVerificationCard verification={verification} allowed={canVerify} />
      <AuditFiltersBar
        values={values}
        facets={facets.data}
        language={language}
        onChange={(next) => {
          setValues(next);
          setPage(0);
        }}
      />
      <PagedListCard
        query={trail}
        texts={{ loading: t('auditTrail.loading'), empty: t('auditTrail.empty'), retry: t('auditTrail.retry') }}
        pager={{ page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize }}
      >
        {(list) => <AuditTrailTable list={list} language={language} brokenAt={brokenAt} />}
      </PagedListCard>
    </Box>
  );
}
