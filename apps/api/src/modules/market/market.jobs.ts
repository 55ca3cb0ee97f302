import { SERVER_EVENTS, type MarketUpdatePayload } from '@carbonledger/contracts';
import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import type { RealtimeGateway } from '../realtime';
import type { MarketState } from './market.analysis';

export const MARKET_REFRESH_QUEUE = 'market.refresh';

/**
 * Reads the price source again; when the series changed (a new price landed), the model is
 * refitted and the widgets hear market_update twice: the price, then the forecast. Safe to run
 * twice: an unchanged series is neither refitted nor announced.
 */
export async function refreshMarket(state: MarketState, live: Pick<RealtimeGateway, 'emitToMembers'>, now: () => Date = () => new Date()): Promise<boolean> {
  const { analysis, previous } = await state.refresh();
  if (previous === analysis) return false;
  const latestDate = analysis.daily.at(-1)?.date ?? null;
  if (previous) live.emitToMembers(SERVER_EVENTS.marketUpdate, { kind: 'price', latestDate, at: now().toISOString() } satisfies MarketUpdatePayload);
  live.emitToMembers(SERVER_EVENTS.marketUpdate, { kind: 'forecast', latestDate, at: now().toISOString() } satisfies MarketUpdatePayload);
  return true;
}

/**
 * The refresh every hour on worker nodes (docs/architecture.md "Jobs"). Nothing runs at start:
 * the first request of a process fits the model, so a process (or a test app) that nobody asks
 * about the market spends no time on it.
 */
export async function registerMarketJobs(app: FastifyInstance, state: MarketState): Promise<void> {
  if (!(await app.jobs.getQueue(MARKET_REFRESH_QUEUE))) {
    await app.jobs.createQueue(MARKET_REFRESH_QUEUE, { name: MARKET_REFRESH_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.schedule(MARKET_REFRESH_QUEUE, '17 * * * *');
  await app.jobs.work(MARKET_REFRESH_QUEUE, async () => {
    await refreshMarket(state, app.live);
  });
}
