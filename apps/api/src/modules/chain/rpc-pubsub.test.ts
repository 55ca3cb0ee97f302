import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { FINALIZED_AFTER_BLOCKS, openEmbeddedChain, type EmbeddedChainClient } from '@carbonledger/chain';
import { fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { JSON_RPC_ERRORS } from './json-rpc.protocol';
import { rpcRoutes } from './rpc.routes';

interface Message {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: { subscription: number; result: { context: { slot: number }; value: unknown } };
}

/**
 * The PubSub websocket's protocol with a bare client, on a chain whose blocks the test
 * produces: finalized notifications wait for 32 blocks, signature subscriptions end after
 * their notification, and unknown methods or ids are JSON-RPC errors (docs/chain.md, "PubSub websocket").
 */
describe('PubSub websocket at /rpc', () => {
  let chain: EmbeddedChainClient;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    app = Fastify({ logger: false });
    app.decorate('chain', chain);
    await app.register(rpcRoutes);
    url = `${(await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws')}/rpc`;
  });
  afterAll(async () => {
    await app.close();
    await chain.close();
  });

  async function connect() {
    const socket = new WebSocket(url);
    const messages: Message[] = [];
    const waiting: (() => void)[] = [];
    socket.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString('utf8')) as Message);
      waiting.splice(0).forEach((wake) => wake());
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let nextId = 1;
    /** The first message after `seen` that matches, waiting for it. */
    const next = async (match: (message: Message) => boolean, seen = 0): Promise<Message> => {
      for (;;) {
        const found = messages.slice(seen).find(match);
        if (found) return found;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    };
    const call = async (method: string, params: unknown[] = []) => {
      const id = nextId++;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return next((message) => message.id === id);
    };
    return { socket, messages, call, next };
  }

  const transfer = async (amount = 1_000_000n) => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount })]);
    return { recipient: recipient.address, wire };
  };

  it('notifies a finalized signature subscription only 32 blocks after the transaction landed, once', async () => {
    const client = await connect();
    const { wire } = await transfer();
    const signature = (await chain.sendAndConfirm(wire)).signature;
    const confirmed = await client.call('signatureSubscribe', [signature, { commitment: 'confirmed' }]);
    const finalized = await client.call('signatureSubscribe', [signature]);
    expect(await client.next((message) => message.params?.subscription === confirmed.result)).toMatchObject({
      method: 'signatureNotification',
      params: { result: { value: { err: null } } },
    });

    chain.advanceBlocks(Number(FINALIZED_AFTER_BLOCKS) - 1);
    const seen = client.messages.length;
    await client.call('slotSubscribe');
    expect(client.messages.slice(seen).some((message) => message.params?.subscription === finalized.result)).toBe(false);
    chain.advanceBlocks(1);
    expect(await client.next((message) => message.params?.subscription === finalized.result)).toMatchObject({ params: { result: { value: { err: null } } } });

    // A signature subscription ends with its notification, as on a validator.
    expect((await client.call('signatureUnsubscribe', [finalized.result])).error).toMatchObject({
      code: JSON_RPC_ERRORS.invalidParams,
      message: 'Invalid subscription id.',
    });
    client.socket.close();
  });

  it('notifies account changes in the requested encoding until unsubscribed', async () => {
    const client = await connect();
    const { recipient, wire } = await transfer(3_000_000n);
    const subscription = await client.call('accountSubscribe', [recipient, { commitment: 'confirmed', encoding: 'base64' }]);
    await chain.sendAndConfirm(wire);
    const notification = await client.next((message) => message.params?.subscription === subscription.result);
    expect(notification).toMatchObject({ method: 'accountNotification', params: { result: { value: { lamports: 3_000_000, data: ['', 'base64'] } } } });
    expect((await client.call('accountUnsubscribe', [subscription.result])).result).toBe(true);
    client.socket.close();
  });

  it("answers unknown methods, bad parameters and another connection's subscription with JSON-RPC errors", async () => {
    const first = await connect();
    const second = await connect();
    expect((await first.call('getBalance', ['11111111111111111111111111111111'])).error?.code).toBe(JSON_RPC_ERRORS.methodNotFound);
    expect((await first.call('accountSubscribe', ['not-an-address'])).error?.code).toBe(JSON_RPC_ERRORS.invalidParams);
    expect(
      (await first.call('logsSubscribe', [{ mentions: ['11111111111111111111111111111111', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'] }])).error?.code,
    ).toBe(JSON_RPC_ERRORS.invalidParams);
    const slot = await first.call('slotSubscribe');
    expect((await second.call('slotUnsubscribe', [slot.result])).error?.code).toBe(JSON_RPC_ERRORS.invalidParams);
    expect((await first.call('slotUnsubscribe', [slot.result])).result).toBe(true);
    first.socket.send('{not json');
    expect(await first.next((message) => message.error?.code === JSON_RPC_ERRORS.parseError)).toBeDefined();
    first.socket.close();
    second.socket.close();
  });
});
