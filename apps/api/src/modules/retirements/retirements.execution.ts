import { retirementTexts } from '@carbonledger/contracts';
import { audit, publish, type RetirementDeps } from './retirements.context';
import { announceFailure, markFailed, runRetirement } from './retirements.lifecycle';
import * as repository from './retirements.repository';

/**
 * Runs a scheduled retirement whose time has come (the job at scheduledFor, or the sweep
 * after a restart): scheduled → processing under the row lock, so it runs once, then the
 * delegate burns with the certificate. The company's KYC/AML approval is checked again at
 * that moment: one withdrawn since the scheduling fails the retirement without a burn.
 */
export async function executeScheduledRetirement(deps: RetirementDeps, tenantId: string, id: string): Promise<repository.RetirementRow | undefined> {
  const claimed = await deps.context.db.withTenant(tenantId, async (tx) => {
    const row = await repository.findRetirementForUpdate(tx, id);
    if (!row) return undefined;
    if (row.status !== 'scheduled' || !row.scheduledFor || row.scheduledFor.getTime() > Date.now()) return { row, refusedNow: false };
    const started = await repository.updateRetirement(tx, id, { status: 'processing' });
    await audit(tx, started, 'retirement.execution_started', null, { scheduledFor: row.scheduledFor.toISOString() });
    const company = await repository.findCompany(tx, row.companyId);
    if (company?.kycStatus === 'approved') return { row: started, refusedNow: false };
    return { row: await markFailed(tx, started, retirementTexts.kycRequired), refusedNow: true };
  });
  if (!claimed) return undefined;
  if (claimed.refusedNow) return announceFailure(deps, claimed.row);
  if (claimed.row.status !== 'processing') return claimed.row;
  await publish(deps, tenantId, id);
  return runRetirement(deps, tenantId, id);
}

/** Scheduled retirements whose time has passed (missed while the server was down) and runs that lost their runner. */
export async function sweepRetirements(deps: RetirementDeps, log: { warn(details: object, message: string): void }): Promise<number> {
  const due = await deps.context.db.asSystem((tx) => repository.dueRetirements(tx, new Date()));
  for (const retirement of due) {
    const run =
      retirement.status === 'scheduled'
        ? executeScheduledRetirement(deps, retirement.tenantId, retirement.id)
        : runRetirement(deps, retirement.tenantId, retirement.id);
    await run.catch((error: unknown) => log.warn({ err: error, retirementId: retirement.id }, 'retirement not finished yet'));
  }
  return due.length;
}
