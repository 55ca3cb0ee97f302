import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Runs work in the signed-in user's tenant (row-level security applies); 401 when nobody is signed in. */
    withTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

export const tenantPlugin = fp(async (app) => {
  app.decorateRequest('withTenant', function withTenant<T>(this: FastifyRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (!this.auth) return Promise.reject(new AppError('UNAUTHORIZED'));
    return app.db.withTenant(this.auth.tenantId, work);
  });
});
