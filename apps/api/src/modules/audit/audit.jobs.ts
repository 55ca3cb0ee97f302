import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { anchorDueHeads, type AnchorDeps } from './audit-anchors.service';

export const AUDIT_ANCHOR_QUEUE = 'audit.anchor';

interface AnchorJobData {
  ignoreInterval?: boolean;
}

/**
 * Anchors every head that moved now, whatever the interval. Its own singleton key keeps it
 * from being swallowed by a scheduled pass waiting in the queue.
 */
export async function requestAnchorPass(app: FastifyInstance): Promise<void> {
  await app.jobs.send(AUDIT_ANCHOR_QUEUE, { ignoreInterval: true } satisfies AnchorJobData, { singletonKey: 'requested' });
}

/**
 * A pass every minute; each tenant is anchored once its oldest unanchored entry has waited
 * AUDIT_ANCHOR_INTERVAL_MINUTES, so the interval holds across restarts and nodes (the
 * 'stately' queue runs one scheduled pass at a time).
 */
export async function registerAuditAnchoring(app: FastifyInstance, deps: AnchorDeps): Promise<void> {
  if (!(await app.jobs.getQueue(AUDIT_ANCHOR_QUEUE))) {
    await app.jobs.createQueue(AUDIT_ANCHOR_QUEUE, { name: AUDIT_ANCHOR_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.schedule(AUDIT_ANCHOR_QUEUE, '* * * * *', {} satisfies AnchorJobData);
  await app.jobs.work<AnchorJobData>(AUDIT_ANCHOR_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    await anchorDueHeads(deps, { ignoreInterval: job?.data.ignoreInterval === true });
  });
}
