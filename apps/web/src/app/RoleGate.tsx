import { canOpenRoute } from '@carbonledger/contracts';
import type { ReactNode } from 'react';
import { AccessDenied } from '../components/AccessDenied';
import { useAuthStore } from '../lib/auth-store';

/** docs/product.md §6: a route with required roles shows Access Denied to everyone else. */
export default function RoleGate({ path, children }: { path: string; children: ReactNode }) {
  const role = useAuthStore((state) => state.user?.role);
  if (!role || !canOpenRoute(role, path)) return <AccessDenied />;
  return children;
}
