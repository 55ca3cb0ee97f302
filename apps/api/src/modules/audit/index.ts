export { auditPlugin } from './audit.plugin';
export { recordAudit, type AuditEntry } from './audit.service';
export { requestAnchorPass } from './audit.jobs';
