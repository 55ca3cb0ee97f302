/**
 * The security module's face: security events and alerts, their realtime feed, and the
 * company scoping other modules apply to what they record about users.
 */
export { securityRoutes } from './security.routes';
export { securityFeedPlugin, publishSecurityNotices } from './security-feed';
export { listEvents, openAlertsSummary, raiseSecurityAlert, recordSecurityEvent, type AlertInput, type SecurityEventInput } from './security.service';
export { usersOfCompany } from './security.repository';
export type { RequestOrigin, SecurityNotice } from '../../lib/request-origin';
