import {
  BLOCKCHAIN_SETTINGS_PERMISSION,
  apiEnvelope,
  blockchainSettingsSchema,
  blockchainSettingsTexts,
  updateBlockchainSettingsRequest,
} from '@carbonledger/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf, originOf } from '../../plugins/auth';
import { readBlockchainSettings, updateBlockchainSettings, type ChainSettingsDeps } from './chain-settings.service';

/** Settings → Blockchain (docs/product.md §2, §6 `settings:blockchain`, §9). */
export const chainSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ChainSettingsDeps = {
    db: app.db,
    chain: app.chain,
    keyring: app.platformKeys,
    network: {
      cluster: app.config.solanaCluster,
      rpcConfigured: app.config.solanaRpcUrl !== undefined,
      explorerUrl: app.config.solanaExplorerUrl,
      commitment: app.config.solanaCommitment,
    },
  };
  const guard = app.requirePermission(BLOCKCHAIN_SETTINGS_PERMISSION);

  app.get(
    '/settings/blockchain',
    {
      onRequest: guard,
      schema: {
        tags: ['settings'],
        summary: 'Blockchain settings: network, priority fee, slippage, platform key balances',
        description:
          'The cluster, explorer and commitment come from the deployment configuration and are read-only. Reading also raises a security alert for a platform key whose balance fell below the threshold (once per fall).',
        response: { 200: apiEnvelope(blockchainSettingsSchema) },
      },
    },
    async (request) => ok(request, await readBlockchainSettings(deps, actorOf(request), originOf(request))),
  );

  app.put(
    '/settings/blockchain',
    {
      onRequest: guard,
      schema: {
        tags: ['settings'],
        summary: 'Change the priority-fee policy, slippage tolerance or low-balance threshold',
        description: 'Each setting that changes gets its own audit entry. The next mint preview prices its transaction with the new priority fee.',
        body: updateBlockchainSettingsRequest,
        response: { 200: apiEnvelope(blockchainSettingsSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateBlockchainSettings(deps, actor, request.body);
      return ok(request, await readBlockchainSettings(deps, actor, originOf(request)), blockchainSettingsTexts.saved);
    },
  );
};
