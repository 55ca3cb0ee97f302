import {
  APPROVAL_OPERATION_TYPES,
  APPROVAL_HISTORY_DAYS,
  SERVER_EVENTS,
  actsForWholeTenant,
  approvalPrioritySchema,
  approvalStatusSchema,
  type ApprovalListQuery,
  type ApprovalOperationType,
  type ApprovalWorkflow,
} from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { approvalKeys, useApprovals } from './api/approvals';
import { useDelegationMatrix } from './api/delegation-matrix';
import { ApprovalsTable } from './components/ApprovalsTable';
import { DecisionDialog, type DecisionAction } from './components/DecisionDialog';
import { DelegationMatrix } from './components/DelegationMatrix';

const TABS = ['pending', 'all', 'matrix'] as const;
type TabName = (typeof TABS)[number];
type Status = NonNullable<ApprovalListQuery['status']>;
type Priority = NonNullable<ApprovalListQuery['priority']>;

/** Pending or All Workflows: the list with its loading, error and empty states, and the decision dialog. */
function WorkflowList({ query, emptyKey }: { query: ApprovalListQuery; emptyKey: string }) {
  const { t } = useTranslation();
  const list = useApprovals(query);
  const [deciding, setDeciding] = useState<{ workflow: ApprovalWorkflow; action: DecisionAction } | null>(null);
  if (list.isPending) return <Skeleton variant="rectangular" height={240} />;
  if (list.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('approvals.retry')}</Button>}>
        {t('approvals.loadFailed')}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {list.isFetching && <LinearProgress aria-label={t('approvals.loading')} />}
      {list.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t(emptyKey)}
        </Typography>
      ) : (
        <ApprovalsTable items={list.data} onDecide={(workflow, action) => setDeciding({ workflow, action })} />
      )}
      {deciding && <DecisionDialog workflow={deciding.workflow} action={deciding.action} onClose={() => setDeciding(null)} />}
    </Box>
  );
}

function AllWorkflows() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | ''>('');
  const [type, setType] = useState<ApprovalOperationType | ''>('');
  const [priority, setPriority] = useState<Priority | ''>('');
  const [search, setSearch] = useState('');
  const query: ApprovalListQuery = {
    view: 'all',
    ...(status && { status }),
    ...(type && { type }),
    ...(priority && { priority }),
    ...(search.trim() && { search: search.trim() }),
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('approvals.historyWindow', { days: APPROVAL_HISTORY_DAYS })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <TextField select size="small" label={t('approvals.filters.status')} value={status} onChange={(event) => setStatus(event.target.value as Status | '')}>
          <MenuItem value="">{t('approvals.filters.any')}</MenuItem>
          {approvalStatusSchema.options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`approvals.status.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('approvals.filters.type')}
          value={type}
          onChange={(event) => setType(event.target.value as ApprovalOperationType | '')}
        >
          <MenuItem value="">{t('approvals.filters.any')}</MenuItem>
          {APPROVAL_OPERATION_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`approvals.types.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('approvals.filters.priority')}
          value={priority}
          onChange={(event) => setPriority(event.target.value as Priority | '')}
        >
          <MenuItem value="">{t('approvals.filters.any')}</MenuItem>
          {approvalPrioritySchema.options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`approvals.priority.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('approvals.filters.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Box>
      <WorkflowList query={query} emptyKey="approvals.emptyAll" />
    </Box>
  );
}

function MatrixTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const matrix = useDelegationMatrix();
  if (matrix.isPending) return <Skeleton variant="rectangular" height={240} />;
  if (matrix.isError) return <Alert severity="error">{t('approvals.matrix.loadFailed')}</Alert>;
  return <DelegationMatrix entries={matrix.data} editable={editable} />;
}

/**
 * /approvals (docs/product.md §2 Approval Management, docs/approvals.md): Pending, All Workflows
 * (30 days, filters) and the Delegation Matrix (edited by ADMIN and SUPER_ADMIN). Requests and
 * decisions update it live (approval_update).
 */
export default function ApprovalsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const role = useAuthStore((state) => state.user?.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = TABS.includes(requested as TabName) ? (requested as TabName) : 'pending';
  useRealtimeInvalidate([SERVER_EVENTS.approvalUpdate], approvalKeys.all);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader title={name} subtitle={t('approvals.subtitle')} />
      <Tabs value={tab} onChange={(_, value: TabName) => setParams(value === 'pending' ? {} : { tab: value })} aria-label={t('approvals.tabsLabel')}>
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`approvals.tabs.${value}`)} id={`approvals-tab-${value}`} aria-controls={`approvals-panel-${value}`} />
        ))}
      </Tabs>
      <Card variant="outlined">
        <CardContent role="tabpanel" id={`approvals-panel-${tab}`} aria-labelledby={`approvals-tab-${tab}`}>
          {tab === 'pending' && <WorkflowList query={{ view: 'pending' }} emptyKey="approvals.emptyPending" />}
          {tab === 'all' && <AllWorkflows />}
          {tab === 'matrix' && <MatrixTab editable={role ? actsForWholeTenant(role) : false} />}
        </CardContent>
      </Card>
    </Box>
  );
}
