import type { CompanyWallet } from '@carbonledger/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { walletDetailQuery } from './api/wallet-detail';

/** Copy address (clipboard + toast) and open in the explorer (the cluster-aware link the API gives). */
export function useWalletRowActions() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();

  const copy = async (wallet: CompanyWallet) => {
    try {
      await navigator.clipboard.writeText(wallet.address);
      enqueueSnackbar(t('wallets.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('wallets.copyFailed'), { variant: 'error' });
    }
  };

  const openExplorer = async (wallet: CompanyWallet) => {
    // The tab opens at once (inside the click), then follows the link once the API answered.
    const tab = window.open('about:blank', '_blank');
    try {
      const { explorerUrl } = await queryClient.fetchQuery(walletDetailQuery(wallet.id));
      if (tab) {
        tab.opener = null;
        tab.location.href = explorerUrl;
      } else {
        window.location.assign(explorerUrl);
      }
    } catch {
      tab?.close();
      enqueueSnackbar(t('wallets.detail.loadFailed'), { variant: 'error' });
    }
  };

  return { copy, openExplorer };
}
