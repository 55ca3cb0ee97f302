import { SERVER_EVENTS } from '@carbonledger/contracts';
import { reloadSession } from '../features/auth/session';
import { certificateKeys } from '../features/certificates/api/certificates';
import { companyKeys } from '../features/companies/api/companies';
import { complianceKeys } from '../lib/compliance-profile';
import { portfolioKeys } from '../features/portfolio/api/portfolio';
import { walletKeys } from '../features/wallets/api/wallets';
import { appRealtime, useRealtimeEvent, useRealtimeInvalidate, type RealtimeClient } from '../lib/realtime';

/**
 * A live event changes what every screen showing its object displays, not only the bell: the
 * queries of those screens are marked stale (and what is on screen is read again). Screens
 * that follow an event themselves (retirements, transactions, minting jobs) keep doing so.
 */
export function LiveRefresh({ client = appRealtime() }: { client?: RealtimeClient }) {
  // Registered, approved, rejected, suspended, revoked, made primary, removed: every wallet list and picker.
  useRealtimeInvalidate([SERVER_EVENTS.approvalUpdate], walletKeys.all, client);
  // A retirement burns tokens and issues a certificate: holdings, certificates and the dashboard change.
  // Every minted chunk of a batch job adds to the holdings.
  useRealtimeInvalidate([SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.mintingJobUpdate], portfolioKeys.all, client);
  useRealtimeInvalidate([SERVER_EVENTS.retirementUpdate], certificateKeys.all, client);
  useRealtimeInvalidate([SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.mintingJobUpdate], ['dashboard'], client);
  // A company's record or KYC status changed, or one of its wallets (the companies list counts them): company screens and Settings → Company.
  useRealtimeInvalidate([SERVER_EVENTS.companyUpdate, SERVER_EVENTS.approvalUpdate], companyKeys.all, client);
  // Limits, volume, KYC status and token accounts: /compliance and Settings → Compliance.
  useRealtimeInvalidate(
    [SERVER_EVENTS.companyUpdate, SERVER_EVENTS.kycUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.mintingJobUpdate, SERVER_EVENTS.transactionUpdate],
    complianceKeys.all,
    client,
  );
  // The user's permissions changed (docs/product.md §6): the session is read again so menus and buttons follow.
  useRealtimeEvent(SERVER_EVENTS.permissionsChanged, () => void reloadSession(), client);
  return null;
}
