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
  /** The last session ended without the user signing out (revoked elsewhere, timed out): the sign-in screen says so. */
  sessionExpired: boolean;
  signedIn: (state: SignedInState) => void;
  signedOut: (reason?: 'expired') => void;
  userUpdated: (user: User) => void;
  /** The tenant's branding changed (Settings → Company): the theme follows at once. */
  tenantUpdated: (tenant: Tenant) => void;
}

/** Who is signed in. The token and session keys themselves live in localStorage (docs/product.md §3). */
export const useAuthStore = create<AuthState>()((set) => ({
  status: 'restoring',
  user: null,
  company: null,
  tenant: null,
  session: null,
  sessionExpired: false,
  signedIn: (state) => set({ status: 'authenticated', sessionExpired: false, ...state }),
  signedOut: (reason) => set({ status: 'unauthenticated', user: null, company: null, tenant: null, session: null, sessionExpired: reason === 'expired' }),
  userUpdated: (user) => set({ user }),
  tenantUpdated: (tenant) => set({ tenant }),
}));
