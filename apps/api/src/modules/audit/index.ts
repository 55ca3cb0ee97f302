/**
 * The audit module's face: its plugin (anchoring job and verification route), recordAudit that
 * every module appends its entries with, requestAnchorPass (an explicit anchoring pass), and
 * the reading of the log that the audit trail and the team activity log share.
 */
export { auditPlugin } from './audit.plugin';
export { recordAudit, type AuditEntry } from './audit.service';
export { requestAnchorPass } from './audit.jobs';
export {
  actorOfRow,
  auditLogCsv,
  auditLogFacets,
  auditLogPage,
  auditLogRowPages,
  dayBound,
  detailsOf,
  type AuditLogNarrowing,
  type AuditLogRow,
} from './audit-log.reading';
