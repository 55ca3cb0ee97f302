import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, userRef } from './columns';

/** Migration 0033: pg-boss queues an administrator paused (plugins/jobs.ts honours them on every node). */
export const jobQueuePauses = pgTable('job_queue_pauses', {
  queue: text('queue').primaryKey(),
  pausedBy: userRef('paused_by'),
  pausedAt: at('paused_at').notNull().defaultNow(),
});
