import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { WEBHOOK_DELIVER_QUEUE, type DeliveryJob, type WebhookDeps } from './webhooks.deps';
import { deliverMessage } from './webhooks.delivery';
import { dispatchPendingEvents, requeueOverdueMessages } from './webhooks.dispatch';

const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep';

/**
 * The delivery queue (one job per attempt; retries are scheduled by the delivery itself, from
 * the configured schedule, so pg-boss's own retry is only for a worker that died mid-job), the
 * minute sweep for attempts whose job was lost, and on worker nodes the outbox dispatcher:
 * a short poll, because the outbox row is written inside other modules' transactions, where
 * no job can be sent (PGlite has one connection; pg-boss sends on its own).
 */
export async function registerWebhookJobs(app: FastifyInstance, deps: WebhookDeps): Promise<void> {
  if (!(await app.jobs.getQueue(WEBHOOK_DELIVER_QUEUE))) {
    await app.jobs.createQueue(WEBHOOK_DELIVER_QUEUE, {
      name: WEBHOOK_DELIVER_QUEUE,
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: ABANDONED_JOB_SECONDS,
    });
  }
  if (!(await app.jobs.getQueue(WEBHOOK_SWEEP_QUEUE))) {
    await app.jobs.createQueue(WEBHOOK_SWEEP_QUEUE, { name: WEBHOOK_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work<DeliveryJob>(WEBHOOK_DELIVER_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    // One receiver's failure is not another's: a job whose bookkeeping failed is found again by the sweep.
    const results = await Promise.allSettled(jobs.map((job) => deliverMessage(deps, job.data)));
    for (const result of results) if (result.status === 'rejected') app.log.error({ err: result.reason }, 'webhooks: a delivery attempt failed');
  });
  await app.jobs.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *');
  await app.jobs.work(WEBHOOK_SWEEP_QUEUE, async () => {
    await requeueOverdueMessages(deps);
  });

  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    dispatchPendingEvents(deps)
      .catch((error: unknown) => app.log.error({ err: error }, 'webhooks: dispatching the outbox failed (tried again on the next pass)'))
      .finally(() => {
        running = false;
      });
  }, app.config.webhookDispatchIntervalMs);
  timer.unref();
  // Before the database closes: a pass must not start on a closing pool.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
  });
}
