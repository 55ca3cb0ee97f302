import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { openEmbeddedChain, openRpcChain } from '@carbonledger/chain';
import { fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { createRealtimeServer, dropRealtimeConnections } from '../../plugins/realtime';
import { rpcRoutes } from './rpc.routes';

/**
 * SOLANA_WS_URL pointed at this product's own port, as an operator might: /rpc is HTTP only,
 * and socket.io on the same server holds a foreign upgrade request for a second before
 * dropping it. The driver must not make every confirmation wait for that.
 */
describe('rpc driver with a WebSocket URL that does not open', () => {
  it('confirms at polling speed from the first transaction and warns once', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null });
    const app = Fastify({ logger: false });
    app.decorate('chain', chain);
    const realtime = createRealtimeServer(app.server);
    app.addHook('preClose', async () => dropRealtimeConnections(realtime));
    await app.register(rpcRoutes);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const warnings: unknown[] = [];
      const client = openRpcChain({ url: `${address}/rpc`, wsUrl: `${address.replace('http', 'ws')}/rpc`, onWebSocketUnavailable: (error) => warnings.push(error) });
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
      // Waiting on the socket took over a second per transaction; a poll answers at once here.
      expect(Math.max(...durations)).toBeLessThan(600);
      // The failed open is learnt in the background, once.
      await expect.poll(() => warnings.length, { timeout: 5000 }).toBe(1);
    } finally {
      await app.close();
      realtime.close().catch(() => undefined);
      await chain.close();
    }
  });
});
