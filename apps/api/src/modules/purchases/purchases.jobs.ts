import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { sweepPurchaseOrders } from './purchases.lifecycle';
import type { PurchaseDeps } from './purchases.context';

export const PURCHASE_SWEEP_QUEUE = 'purchases.sweep';

/** Asks for a sweep soon; what the paid handler calls (its transaction commits first: the job reads the committed order). */
export function nudgeSweep(app: FastifyInstance): () => void {
  return () => {
    setTimeout(() => {
      app.jobs.send(PURCHASE_SWEEP_QUEUE, {}).catch((error: unknown) => app.log.warn({ err: error }, 'purchase sweep could not be queued'));
    }, 50);
  };
}

/**
 * The purchase sweep, every minute and on each payment: quotes and unpaid orders past their
 * time expire (units released, invoice voided), paid orders are delivered. Stately (one pass at
 * a time) and idempotent: every step locks its order and looks at its status first.
 */
export async function registerPurchaseJobs(app: FastifyInstance, deps: PurchaseDeps): Promise<void> {
  if (!(await app.jobs.getQueue(PURCHASE_SWEEP_QUEUE)))
    await app.jobs.createQueue(PURCHASE_SWEEP_QUEUE, { name: PURCHASE_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  if (app.config.role === 'api') return;
  await app.jobs.schedule(PURCHASE_SWEEP_QUEUE, '* * * * *');
  await app.jobs.work(PURCHASE_SWEEP_QUEUE, async () => {
    await sweepPurchaseOrders(deps);
  });
  await app.jobs.send(PURCHASE_SWEEP_QUEUE, {});
}
