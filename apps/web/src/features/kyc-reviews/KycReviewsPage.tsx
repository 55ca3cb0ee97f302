import { KYC_CASE_STATUSES, SERVER_EVENTS, kycRiskLevelSchema, type KycQueueQuery, type KycRiskLevel, type KycSubjectType } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { kycReviewKeys, useKycQueue } from './api/kyc-queue';
import { useKycReviewCase } from './api/kyc-review-case';
import { KycCaseView } from './components/KycCaseView';
import { KycQueueTable } from './components/KycQueueTable';

type StatusFilter = NonNullable<KycQueueQuery['status']>;

/** The selected case of the queue, read on its own. */
function SelectedCase({ id }: { id: string }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const kycCase = useKycReviewCase(id);
  if (kycCase.isPending) return <Skeleton variant="rectangular" height={320} />;
  if (kycCase.isError) return <Alert severity="error">{t('kycReviews.caseLoadFailed')}</Alert>;
  return <KycCaseView kycCase={kycCase.data} currentUserId={user?.id} />;
}

/**
 * /compliance/kyc-reviews (docs/kyc.md): the officers' queue with filters (status, risk level,
 * type, company) and the case view. Submissions and decisions update it live (kyc_update).
 */
export default function KycReviewsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>('open');
  const [riskLevel, setRiskLevel] = useState<KycRiskLevel | ''>('');
  const [subjectType, setSubjectType] = useState<KycSubjectType | ''>('');
  const [search, setSearch] = useState('');
  const query: KycQueueQuery = {
    status,
    ...(riskLevel && { riskLevel }),
    ...(subjectType && { subjectType }),
    ...(search.trim() && { search: search.trim() }),
  };
  const queue = useKycQueue(query);
  useRealtimeInvalidate([SERVER_EVENTS.kycUpdate], kycReviewKeys.all);
  const selectedId = params.get('case');
  const select = (id: string) => setParams({ case: id });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={name} subtitle={t('kycReviews.subtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            <TextField
              select
              size="small"
              label={t('kycReviews.filters.status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              <MenuItem value="open">
                {t('kycReviews.filters.open', { count: (queue.data?.counts.submitted ?? 0) + (queue.data?.counts.in_review ?? 0) })}
              </MenuItem>
              {KYC_CASE_STATUSES.filter((option) => option !== 'draft').map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`kycReviews.status.${option}`)} ({queue.data?.counts[option] ?? 0})
                </MenuItem>
              ))}
              <MenuItem value="all">{t('kycReviews.filters.all')}</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label={t('kycReviews.filters.risk')}
              value={riskLevel}
              onChange={(event) => setRiskLevel(event.target.value as KycRiskLevel | '')}
            >
              <MenuItem value="">{t('kycReviews.filters.any')}</MenuItem>
              {kycRiskLevelSchema.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`kycReviews.risk.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('kycReviews.filters.type')}
              value={subjectType}
              onChange={(event) => setSubjectType(event.target.value as KycSubjectType | '')}
            >
              <MenuItem value="">{t('kycReviews.filters.any')}</MenuItem>
              {(['individual', 'business'] as const).map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`kyc.subjectTypes.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('kycReviews.filters.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Box>
          {queue.isFetching && <LinearProgress aria-label={t('kycReviews.loading')} />}
          {queue.isPending ? (
            <Skeleton variant="rectangular" height={160} />
          ) : queue.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void queue.refetch()}>
                  {t('kyc.actions.retry')}
                </Button>
              }
            >
              {t('kycReviews.loadFailed')}
            </Alert>
          ) : queue.data.items.length === 0 ? (
            <Typography color="text.secondary" data-testid="kyc-queue-empty">
              {t('kycReviews.empty')}
            </Typography>
          ) : (
            <KycQueueTable items={queue.data.items} selectedId={selectedId} onSelect={select} />
          )}
        </CardContent>
      </Card>
      {selectedId && <SelectedCase id={selectedId} />}
    </Box>
  );
}
