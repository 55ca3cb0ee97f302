import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import type { ComplianceDeps } from './compliance.deps';
import { sweepKycTokenAccounts } from './compliance.kyc-chain';

export const COMPLIANCE_KYC_SWEEP_QUEUE = 'compliance.kyc-sweep';

/**
 * The KYC token-account sweep, at start and every five minutes: a company whose KYC/AML status
 * changed while its chain step could not finish (a crash, the chain unreachable) gets its token
 * accounts frozen or thawed then (docs/architecture.md "Durability rules").
 */
export async function registerComplianceJobs(app: FastifyInstance, deps: ComplianceDeps): Promise<void> {
  if (!(await app.jobs.getQueue(COMPLIANCE_KYC_SWEEP_QUEUE))) {
    await app.jobs.createQueue(COMPLIANCE_KYC_SWEEP_QUEUE, { name: COMPLIANCE_KYC_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.schedule(COMPLIANCE_KYC_SWEEP_QUEUE, '*/5 * * * *');
  await app.jobs.work(COMPLIANCE_KYC_SWEEP_QUEUE, async () => {
    await sweepKycTokenAccounts(deps);
  });
  await app.jobs.send(COMPLIANCE_KYC_SWEEP_QUEUE, {});
}
