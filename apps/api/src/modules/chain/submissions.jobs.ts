import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import type { ChainContext } from './submissions.service';
import { trackSentSubmissions } from './submissions.tracker';

export const TRACK_SUBMISSIONS_QUEUE = 'chain.track-submissions';
/** Seconds between tracker passes while some submission is still undecided. */
const TRACK_AGAIN_AFTER_SECONDS = 2;

/** Asks for a tracker pass soon; the queue's 'stately' policy keeps at most one waiting. */
export async function requestTrackingPass(app: FastifyInstance, delaySeconds = 0): Promise<void> {
  await app.jobs.send(TRACK_SUBMISSIONS_QUEUE, {}, delaySeconds ? { startAfter: delaySeconds } : {});
}

/**
 * The tracker: follows every submission marked sent until the chain decides it. It starts
 * with the app, so sends a crash or restart interrupted are resumed and reconciled.
 */
export async function registerSubmissionTracker(app: FastifyInstance, context: Pick<ChainContext, 'db' | 'chain'>): Promise<void> {
  if (!(await app.jobs.getQueue(TRACK_SUBMISSIONS_QUEUE))) {
    await app.jobs.createQueue(TRACK_SUBMISSIONS_QUEUE, {
      name: TRACK_SUBMISSIONS_QUEUE,
      policy: 'stately',
      retryLimit: 3,
      expireInSeconds: ABANDONED_JOB_SECONDS,
    });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work(TRACK_SUBMISSIONS_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const undecided = await trackSentSubmissions(context);
    if (undecided > 0) await requestTrackingPass(app, TRACK_AGAIN_AFTER_SECONDS);
  });
  await requestTrackingPass(app);
}
