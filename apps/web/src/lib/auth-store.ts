import type { AuthSession, CompanySummary, Tenant, User } from '@carbonledger/contracts';
import { create } from 'zustand';

export type AuthStatus = 'restoring' | 'authenticated' | 'unauthenticated';

export interface SignedInState {
  user: User;
  company: CompanySummary;
  tenant: Tenant;
  session: AuthSession;
}

interface AuthState {
  status: AuthStatus;
  user: User | null;
  company: CompanySummary | null;
  tenant: Tenant | null;
  session: AuthSession | null;
  signedIn: (state: SignedInState) => void;
  signedOut: () => void;
  userUpdated: (user: User) => void;
}

/** Who is signed in. The token and session keys themselves live in localStorage (SPEC §3). */
export const useAuthStore = create<AuthState>()((set) => ({
  status: 'restoring',
  user: null,
  company: null,
  tenant: null,
  session: null,
  signedIn: (state) => set({ status: 'authenticated', ...state }),
  signedOut: () => set({ status: 'unauthenticated', user: null, company: null, tenant: null, session: null }),
  userUpdated: (user) => set({ user }),
}));
