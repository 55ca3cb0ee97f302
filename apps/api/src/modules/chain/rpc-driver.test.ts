import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner } from '@solana/kit';
import { openEmbeddedChain, openRpcChain, type EmbeddedChainClient } from '@carbonledger/chain';
import { describeChainClient, fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { getTransferSolInstruction } from '@solana-program/system';
import { rpcRoutes } from './rpc.routes';
import { decideSubmission } from './submissions.tracker';

/** The embedded chain served by the real /rpc routes on 127.0.0.1 with a random port. */
async function serveEmbeddedChain(options: { beforeRequest?: (app: FastifyInstance) => void } = {}) {
  const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
  const app = Fastify({ logger: false });
  app.decorate('chain', chain);
  options.beforeRequest?.(app);
  await app.register(rpcRoutes);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    chain,
    url: `${address}/rpc`,
    close: async () => {
      await app.close();
      await chain.close();
    },
  };
}

describeChainClient('rpc driver through the local /rpc endpoint', async () => {
  let served: Awaited<ReturnType<typeof serveEmbeddedChain>>;
  let embedded: EmbeddedChainClient;
  return {
    async open() {
      served = await serveEmbeddedChain();
      embedded = served.chain;
      return openRpcChain({ url: served.url, pollIntervalMs: 20, resendIntervalMs: 100 });
    },
    advanceBlocks: (count) => embedded.advanceBlocks(count),
    close: () => served.close(),
  };
});

describe('rpc driver without a reachable WebSocket', () => {
  it('still confirms by polling when the signature subscription cannot be opened', async () => {
    const served = await serveEmbeddedChain();
    try {
      const chain = openRpcChain({ url: served.url, wsUrl: 'ws://127.0.0.1:9', pollIntervalMs: 20 });
      const payer = await fundedSigner(chain);
      const recipient = await generateKeyPairSigner();
      const outcome = await chain.sendAndConfirm(
        await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]),
      );
      expect(outcome.status).toBe('confirmed');
    } finally {
      await served.close();
    }
  });
});

describe('rpc driver with SOLANA_COMMITMENT=finalized', () => {
  it('answers confirmed only once the transaction is finalized, and says at which commitment', async () => {
    const served = await serveEmbeddedChain();
    try {
      const chain = openRpcChain({ url: served.url, pollIntervalMs: 20, finality: 'finalized' });
      const payer = await fundedSigner(chain);
      const recipient = await generateKeyPairSigner();
      const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]);
      // Landed and voted on, not yet rooted: the product does not call it confirmed yet.
      expect(await chain.sendAndConfirm(wire, { timeoutMs: 300 })).toMatchObject({ status: 'pending' });
      served.chain.advanceBlocks(32);
      expect(await chain.sendAndConfirm(wire, { timeoutMs: 2_000 })).toMatchObject({ status: 'confirmed', commitment: 'finalized' });
    } finally {
      await served.close();
    }
  });

  it('leaves a sent submission undecided for the tracker until it is finalized, then records that commitment', async () => {
    const served = await serveEmbeddedChain();
    try {
      const chain = openRpcChain({ url: served.url, pollIntervalMs: 20, finality: 'finalized' });
      const payer = await fundedSigner(chain);
      const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: payer.address, amount: 1n })]);
      const signature = await chain.sendTransaction(wire);
      const row = { signature, signedTxBase64: wire, lastValidBlockHeight: (await chain.getBlockHeight()) + 150n };
      expect(await decideSubmission(chain, row)).toBeNull();
      served.chain.advanceBlocks(32);
      expect(await decideSubmission(chain, row)).toEqual({ status: 'confirmed', error: null, commitment: 'finalized' });
    } finally {
      await served.close();
    }
  });
});

describe('rpc driver back-off', () => {
  let served: Awaited<ReturnType<typeof serveEmbeddedChain>>;
  let refusalsLeft = 0;
  let requests = 0;
  beforeAll(async () => {
    served = await serveEmbeddedChain({
      beforeRequest: (app) =>
        app.addHook('onRequest', async (_request, reply) => {
          requests++;
          if (refusalsLeft > 0) {
            refusalsLeft--;
            await reply.status(429).header('retry-after', '0').send('Too Many Requests');
          }
        }),
    });
  });
  afterAll(() => served.close());

  it('waits and retries when the node answers 429, then succeeds', async () => {
    const chain = openRpcChain({ url: served.url, rateLimitBackoffMs: 5 });
    const wallet = await generateKeyPairSigner();
    refusalsLeft = 3;
    requests = 0;
    expect(await chain.getBalance(wallet.address)).toBe(0n);
    expect(requests).toBe(4);
  });

  it('gives up after the configured number of retries', async () => {
    const chain = openRpcChain({ url: served.url, rateLimitBackoffMs: 1, rateLimitRetries: 2 });
    refusalsLeft = 5;
    await expect(chain.getSlot()).rejects.toThrow(/429/);
    refusalsLeft = 0;
  });
});
