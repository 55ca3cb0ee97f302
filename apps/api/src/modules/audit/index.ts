/**
 * The audit module's face: its plugin (anchoring job and verification route), recordAudit that
 * every module appends its entries with, and requestAnchorPass (an explicit anchoring pass).
 */
export { auditPlugin } from './audit.plugin';
export { recordAudit, type AuditEntry } from './audit.service';
export { requestAnchorPass } from './audit.jobs';
