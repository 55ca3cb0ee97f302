import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { openEmbeddedChain, openRpcChain } from '@carbonledger/chain';
import { fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { createRealtimeServer, dropRealtimeConnections } from '../../plugins/realtime';
import { rpcRoutes } from './rpc.routes';

/**
 * The rpc driver's SOLANA_WS_URL against this product's own port: at /rpc it is the PubSub
 * websocket (rpc-pubsub.ts) and confirmations are woken by signatureNotifications; at a path
 * nothing serves, socket.io on the same server holds the upgrade for a second before dropping
 * it, and the driver must not make every confirmation wait for that.
 */
/** Confirms three transfers through the rpc driver, then runs `check` on their durations and the driver's warnings while the server still listens. */
async function confirmThrice(wsPath: string, check: (durations: number[], warnings: unknown[]) => Promise<void>) {
  const chain = openEmbeddedChain({ snapshotPath: null });
  const app = Fastify({ logger: false });
  app.decorate('chain', chain);
  const realtime = createRealtimeServer(app.server);
  app.addHook('preClose', async () => dropRealtimeConnections(realtime));
  await app.register(rpcRoutes);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const warnings: unknown[] = [];
    const client = openRpcChain({
      url: `${address}/rpc`,
      wsUrl: `${address.replace('http', 'ws')}${wsPath}`,
      onWebSocketUnavailable: (error) => warnings.push(error),
    });
    const payer = await fundedSigner(client);
    const durations: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const recipient = await generateKeyPairSigner();
      const wire = await signedWire(client, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]);
      const started = performance.now();
      const outcome = await client.sendAndConfirm(wire);
      durations.push(performance.now() - started);
      expect(outcome.status).toBe('confirmed');
    }
    await check(durations, warnings);
  } finally {
    await app.close();
    realtime.close().catch(() => undefined);
    await chain.close();
  }
}

describe('rpc driver with SOLANA_WS_URL on this product', () => {
  it('confirms through the PubSub websocket at /rpc without a warning', async () => {
    await confirmThrice('/rpc', async (durations, warnings) => {
      expect(Math.max(...durations)).toBeLessThan(600);
      expect(warnings).toEqual([]);
    });
  });

  it('confirms at polling speed from the first transaction and warns once when the URL does not open', async () => {
    await confirmThrice('/not-a-websocket', async (durations, warnings) => {
      // Waiting on the socket took over a second per transaction; a poll answers at once here.
      expect(Math.max(...durations)).toBeLessThan(600);
      // The failed open is learnt in the background, once.
      await expect.poll(() => warnings.length, { timeout: 5000 }).toBe(1);
    });
  });
});
