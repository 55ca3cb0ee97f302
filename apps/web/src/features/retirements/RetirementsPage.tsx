import { SERVER_EVENTS, canAccess, retirementTexts, signingTexts, type CreateRetirementRequest, type Retirement } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { HelpLink } from '../../components/HelpLink';
import { PageHeader } from '../../components/PageHeader';
import { WalletPickerDialog } from '../../components/WalletPickerDialog';
import { useAuthStore } from '../../lib/auth-store';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { useBrowserWallet } from '../../lib/use-browser-wallet';
import { useCompanies } from './api/companies';
import { useRetireableHoldings } from './api/holdings';
import { POLL_INTERVAL_MS, isMoving, retirementKeys, useRetirements } from './api/retirements';
import { CancelRetirementDialog } from './components/CancelRetirementDialog';
import { NewRetirementForm } from './components/NewRetirementForm';
import { RetirementDetailsDialog } from './components/RetirementDetailsDialog';
import { RetirementOutcome } from './components/RetirementOutcome';
import { RetirementStats } from './components/RetirementStats';
import { RetirementsTable } from './components/RetirementsTable';
import type { FlowState } from './retirement-flow';
import { retirementFailureText, translateRetirementMessage } from './retirement-messages';
import { useCancelRetirement, usePrepareRetirement } from './use-retirement-actions';
import { useRetirementFlow, useWalletSigner } from './use-retirement-flow';

/** docs/product.md §2 /retirements: stats, the new-retirement form with its guards, and the history. */
export default function RetirementsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const canOperate = Boolean(user && session && canAccess(user.role, session.permissions, 'retirements', 'create'));
  const browserWallet = useBrowserWallet();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const list = useRetirements({ page: page + 1, pageSize });
  // Every change of a retirement (signed, burnt by the scheduled job, cancelled) is pushed; the poll stays as the fallback.
  useRealtimeInvalidate([SERVER_EVENTS.retirementUpdate], retirementKeys.all);
  const companies = useCompanies();
  const [formCompanyId, setFormCompanyId] = useState<string | null>(null);
  const holdings = useRetireableHoldings(formCompanyId ?? user?.companyId ?? '');
  // A link may open the form prefilled (the dashboard's retire-first suggestions): holding = mint:wallet, amount in tCO2e.
  const [searchParams] = useSearchParams();
  const prefill = useMemo(() => {
    const holding = searchParams.get('holding');
    return holding ? { holding, amount: searchParams.get('amount') ?? '' } : undefined;
  }, [searchParams]);
  const { state, flow } = useRetirementFlow(browserWallet.connected);
  const [lastRequest, setLastRequest] = useState<CreateRetirementRequest | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [viewing, setViewing] = useState<Retirement | null>(null);
  const [cancelling, setCancelling] = useState<Retirement | null>(null);
  const sign = useWalletSigner(browserWallet.connected);
  const cancel = useCancelRetirement(sign);
  const prepare = usePrepareRetirement();

  const retire = (request: CreateRetirementRequest) => {
    setLastRequest(request);
    void flow.start(request);
  };
  // A finished retirement empties the form for the next one; a failed one keeps it for the retry.
  const [finishedShown, setFinishedShown] = useState<FlowState | null>(null);
  if (state.phase === 'done' && finishedShown !== state) {
    setFinishedShown(state);
    setFormKey((key) => key + 1);
  }

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        enqueueSnackbar(translateRetirementMessage(t, retirementTexts.cancelled), { variant: 'success' });
        setCancelling(null);
      },
      onError: (error) => {
        enqueueSnackbar(retirementFailureText(t, error, retirementTexts.cancelNotAllowed), { variant: 'error' });
        setCancelling(null);
      },
    });
  };

  const openInSignTool = (retirement: Retirement) =>
    prepare.mutate(retirement.id, {
      onSuccess: (transaction) => {
        if (transaction) void navigate(`/tools/sign-base64?transactionId=${encodeURIComponent(transaction.transactionId)}`);
        else enqueueSnackbar(translateRetirementMessage(t, retirementTexts.prepareNotAllowed), { variant: 'info' });
      },
      onError: (error) => enqueueSnackbar(retirementFailureText(t, error, signingTexts.signFailed), { variant: 'error' }),
    });

  // A prefilled holding can only be selected once the holdings it names are loaded.
  const formReady = companies.data && user && !(prefill && holdings.isPending);
  return (
    <Box>
      <PageHeader title={name} subtitle={t('retirements.subtitle')} actions={<HelpLink topic="retiring-and-certificates" />} />
      <RetirementStats refetchInterval={isMoving(list.data) ? POLL_INTERVAL_MS : false} />
      {(list.isError || companies.isError || holdings.isError) && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="retirements-load-failed">
          {translateRetirementMessage(t, retirementTexts.loadFailed)}
        </Alert>
      )}
      <RetirementOutcome state={state} onRetry={() => lastRequest && retire(lastRequest)} onDismiss={() => flow.reset()} />
      {canOperate &&
        (formReady ? (
          <NewRetirementForm
            key={formKey}
            companies={companies.data}
            holdings={holdings.data ?? []}
            holdingsLoading={holdings.isPending}
            onCompanyChange={setFormCompanyId}
            defaultCompanyId={user.companyId}
            connectedAddress={browserWallet.connected?.account.address ?? null}
            busy={state.phase === 'running'}
            onConnect={() => setPickerOpen(true)}
            onSubmit={retire}
            prefill={prefill}
          />
        ) : (
          !companies.isError && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 3 }} />
        ))}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('retirements.history.title')}
          </Typography>
          {list.isFetching && !list.data && <LinearProgress aria-label={t('common.loading')} />}
          {list.data && list.data.items.length === 0 && <Typography color="text.secondary">{t('retirements.history.empty')}</Typography>}
          {list.data && list.data.items.length > 0 && (
            <>
              <RetirementsTable items={list.data.items} actions={{ canOperate, onView: setViewing, onCancel: setCancelling, onPrepare: openInSignTool }} />
              <ListPagination
                total={list.data.total}
                totalCapped={list.data.totalCapped}
                page={page}
                pageSize={pageSize}
                onPageChange={setPage}
                onPageSizeChange={setPageSize}
              />
            </>
          )}
        </CardContent>
      </Card>
      <RetirementDetailsDialog retirement={viewing} onClose={() => setViewing(null)} />
      <CancelRetirementDialog retirement={cancelling} busy={cancel.isPending} onConfirm={confirmCancel} onClose={() => setCancelling(null)} />
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={browserWallet} />
    </Box>
  );
}
