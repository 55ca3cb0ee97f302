import type { AuditVerification } from '@carbonledger/contracts';
import { tenantIds } from './audit.repository';
import { verifyTenantAudit, type VerifyDeps } from './audit-verify.service';

/** Plain-text lines of one tenant's verification, for the terminal. */
export function formatVerification(report: AuditVerification): string[] {
  const lines = [
    `tenant ${report.tenantId}: ${report.valid ? 'intact' : 'TAMPERED'} (${report.entries} entries, head ${report.head ? `#${report.head.entryId} ${report.head.hash}` : 'none'}, issuer ${report.issuer ?? 'none'})`,
  ];
  if (report.brokenLink) lines.push(`  first broken link: entry #${report.brokenLink.entryId}: ${report.brokenLink.reason}`);
  if (report.missingTail) {
    const tail = report.missingTail;
    lines.push(
      `  ${tail.reason}: anchor ${tail.anchorSignature} recorded ${tail.anchoredEntryCount} entries up to #${tail.anchoredEntryId}, the trail holds ${tail.entriesUpToAnchor}`,
    );
  }
  for (const anchor of report.anchors) {
    const where = anchor.recorded ? '' : ' (on chain only, no row)';
    lines.push(
      `  anchor ${anchor.signature}${where}: #${anchor.entryId}, ${anchor.entryCount} entries, ${anchor.status}${anchor.problem ? ` - ${anchor.problem}` : ''}`,
    );
  }
  return lines;
}

/**
 * Verifies every tenant and writes the reports; the exit code is 1 when any trail was
 * tampered with, so a cron job or CI step fails loudly.
 */
export async function runAuditVerify(deps: VerifyDeps, write: (line: string) => void, options: { json?: boolean } = {}): Promise<number> {
  const tenants = await deps.db.asSystem((tx) => tenantIds(tx));
  const reports: AuditVerification[] = [];
  for (const tenantId of tenants) reports.push(await verifyTenantAudit(deps, tenantId));
  if (options.json) write(JSON.stringify(reports, null, 2));
  else if (reports.length === 0) write('no tenants in this database: nothing to verify');
  else for (const report of reports) formatVerification(report).forEach((line) => write(line));
  return reports.every((report) => report.valid) ? 0 : 1;
}
