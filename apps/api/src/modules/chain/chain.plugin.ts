import fp from 'fastify-plugin';
import { createDatabaseKeyring, type PlatformKeyring } from './platform-keys.service';
import { rpcRoutes } from './rpc.routes';
import { registerSubmissionTracker, requestTrackingPass } from './submissions.jobs';
import type { ChainContext } from './submissions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tenants' platform keys (issuer, freeze, retirement delegate), sealed with the master key. */
    platformKeys: PlatformKeyring;
    /** What prepareTransaction / submitTransaction / sendPlatformTransaction take. */
    chainContext: ChainContext;
  }
}

/** Platform keys, the submissions tracker and the local JSON-RPC endpoint. */
export const chainPlugin = fp(async (app) => {
  const keyring = createDatabaseKeyring(app.masterKey);
  app.decorate('platformKeys', keyring);
  app.decorate('chainContext', {
    db: app.db,
    chain: app.chain,
    keyring,
    onUndecided: () => requestTrackingPass(app, 2),
  });
  await registerSubmissionTracker(app, app.chainContext);
  await app.register(rpcRoutes);
});
