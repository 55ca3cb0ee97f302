import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { mailDepsOf, type MailDeps } from '../mail';

/** What the users services need from the app (docs/architecture.md "A module's anatomy"). */
export interface UsersDeps {
  db: Database;
  mail: MailDeps;
  /** Links in e-mails point at the web app here (`/invite/:token`, `/reset-password/:token`). */
  publicBaseUrl: string;
  /** Mail sent after an answer (password reset) reports its failures here. */
  log: FastifyBaseLogger;
}

export function usersDepsOf(app: FastifyInstance): UsersDeps {
  return { db: app.db, mail: mailDepsOf(app), publicBaseUrl: app.publicBaseUrl, log: app.log };
}
