import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signTransactionBase64 } from '../../lib/sign-with-wallet';
import type { BrowserWallet } from '../../lib/use-browser-wallet';
import { createRetirement } from './api/create-retirement';
import { prepareRetirement } from './api/prepare-retirement';
import { fetchRetirement } from './api/retirement';
import { retirementKeys } from './api/retirements';
import { submitRetirement } from './api/submit-retirement';
import { createRetirementFlow, type FlowState, type RetirementFlow } from './retirement-flow';

/** Signs with whichever wallet is connected when the transaction arrives. */
export function useWalletSigner(connected: BrowserWallet['connected']) {
  const current = useRef(connected);
  useEffect(() => {
    current.current = connected;
  }, [connected]);
  return useCallback((unsignedTxBase64: string) => {
    const wallet = current.current;
    if (!wallet) return Promise.reject(new Error('No wallet connected'));
    return signTransactionBase64(wallet.wallet, wallet.account, unsignedTxBase64);
  }, []);
}

/** The new-retirement flow wired to the API and the connected wallet; lists and stats refresh when it ends. */
export function useRetirementFlow(connected: BrowserWallet['connected']): { state: FlowState; flow: RetirementFlow } {
  const queryClient = useQueryClient();
  const sign = useWalletSigner(connected);
  const [state, setState] = useState<FlowState>({ phase: 'idle' });
  const [flow] = useState(() =>
    createRetirementFlow(
      { create: createRetirement, prepare: prepareRetirement, get: fetchRetirement, submit: submitRetirement, sign, newKey: () => crypto.randomUUID() },
      (next) => {
        setState(next);
        if (next.phase === 'done' || next.phase === 'failed') void queryClient.invalidateQueries({ queryKey: retirementKeys.all });
      },
    ),
  );
  return { state, flow };
}
