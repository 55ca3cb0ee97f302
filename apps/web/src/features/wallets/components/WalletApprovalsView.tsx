import { canAccess, walletTexts, type CompanyWallet, type CompanyWalletStatus } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';
import { REASONED_DECISIONS, useWalletDecision, type WalletDecision } from '../api/wallet-decision';
import { useWallets } from '../api/wallets';
import { useWalletRowActions } from '../use-wallet-row-actions';
import { failureText, translateWalletMessage } from '../../../lib/wallet-messages';
import { CompanyWalletsTable } from './CompanyWalletsTable';
import { DecisionDialog } from './DecisionDialog';
import { ConfirmDialog, type Confirmation } from '../../../components/ConfirmDialog';
import { WalletDetailDialog } from './WalletDetailDialog';

const FILTERS = ['pending', 'active', 'approved', 'suspended', 'revoked', 'rejected'] as const satisfies readonly CompanyWalletStatus[];

/** Which decisions the docs/wallets.md transitions allow from each status. */
const DECISIONS_BY_STATUS: Record<CompanyWalletStatus, readonly WalletDecision[]> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  approved: ['suspend', 'revoke'],
  active: ['suspend', 'revoke'],
  suspended: ['reactivate', 'revoke'],
  revoked: [],
};

const DONE_TEXTS: Record<WalletDecision, string> = {
  approve: walletTexts.approved,
  reject: walletTexts.rejected,
  suspend: walletTexts.suspended,
  revoke: walletTexts.revoked,
  reactivate: walletTexts.reactivated,
};

/** docs/product.md §6: wallets of every company awaiting (or past) an administrator's decision. */
export function WalletApprovalsView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const canDecide = Boolean(user && session && canAccess(user.role, session.permissions, 'wallets', 'approve'));
  const [status, setStatus] = useState<CompanyWalletStatus>('pending');
  const wallets = useWallets({ status });
  const decide = useWalletDecision();
  const { copy, openExplorer } = useWalletRowActions();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ wallet: CompanyWallet; decision: WalletDecision } | null>(null);
  const reasoned = asking && REASONED_DECISIONS.includes(asking.decision) ? asking : null;
  const confirmation: Confirmation | null =
    asking && !reasoned
      ? {
          title: t(`wallets.decisions.${asking.decision}Title`),
          consequence: t(`wallets.decisions.${asking.decision}Confirm`, {
            wallet: asking.wallet.name ? `${asking.wallet.name} (${asking.wallet.address})` : asking.wallet.address,
            company: asking.wallet.companyName,
          }),
          confirmLabel: t(`wallets.decisions.${asking.decision}`),
          color: 'success',
        }
      : null;

  const run = (wallet: CompanyWallet, decision: WalletDecision, reason?: string) =>
    decide.mutate(
      { id: wallet.id, decision, reason },
      {
        onSuccess: (decided) => {
          // An approval whose token accounts could not be opened on chain leaves the wallet approved, not active.
          const chainPending = decision === 'approve' && decided.status !== 'active';
          enqueueSnackbar(translateWalletMessage(t, chainPending ? walletTexts.approvedChainPending : DONE_TEXTS[decision]), {
            variant: chainPending ? 'warning' : 'success',
          });
          setAsking(null);
        },
        onError: (error) => enqueueSnackbar(failureText(t, error, t('wallets.decisions.failed')), { variant: 'error' }),
      },
    );

  return (
    <Card variant="outlined">
      <Tabs
        value={status}
        onChange={(_event, value: CompanyWalletStatus) => setStatus(value)}
        variant="scrollable"
        aria-label={t('wallets.approvals.filter')}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {FILTERS.map((filter) => (
          <Tab key={filter} value={filter} label={t(`wallets.filters.${filter}`)} />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>
        {wallets.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {wallets.isError && <Alert severity="error">{t('wallets.loadFailed')}</Alert>}
        {wallets.data && wallets.data.length === 0 && <Alert severity="info">{t('wallets.approvals.empty')}</Alert>}
        {wallets.data && wallets.data.length > 0 && (
          <CompanyWalletsTable
            showCompany
            wallets={wallets.data}
            actions={{
              onCopy: (wallet) => void copy(wallet),
              onExplorer: (wallet) => void openExplorer(wallet),
              onDetails: (wallet) => setDetailId(wallet.id),
              extra: canDecide
                ? (wallet) =>
                    DECISIONS_BY_STATUS[wallet.status].map((decision) => (
                      <Button
                        key={decision}
                        size="small"
                        color={decision === 'approve' || decision === 'reactivate' ? 'success' : 'error'}
                        disabled={decide.isPending}
                        onClick={() => setAsking({ wallet, decision })}
                      >
                        {t(`wallets.decisions.${decision}`)}
                      </Button>
                    ))
                : undefined,
            }}
          />
        )}
      </Box>
      <WalletDetailDialog walletId={detailId} onClose={() => setDetailId(null)} canVerify={false} />
      <DecisionDialog
        target={reasoned}
        busy={decide.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => reasoned && run(reasoned.wallet, reasoned.decision, reason)}
      />
      <ConfirmDialog
        confirmation={confirmation}
        busy={decide.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && run(asking.wallet, asking.decision)}
      />
    </Card>
  );
}
