import { create } from 'zustand';

interface ConnectedWallet {
  name: string;
  address: string;
}

interface WalletState {
  connected: ConnectedWallet | null;
  setConnected: (wallet: ConnectedWallet | null) => void;
}

/** The browser wallet the user connected (shown in the top bar). */
export const useWalletStore = create<WalletState>()((set) => ({
  connected: null,
  setConnected: (connected) => set({ connected }),
}));
