import { z } from 'zod';
import { address as toAddress, type Signature } from '@solana/kit';
import { FINALIZED_AFTER_BLOCKS, type EmbeddedChainClient, type EmbeddedChainEvent } from '@carbonledger/chain';
import { dataSliceSchema, decimalsLookup, encodeAccount, type AccountEncoding } from './json-rpc.accounts';
import { accountFilter, programConfigSchema } from './json-rpc.reads';
import {
  addressParam,
  commitmentSchema,
  encodingSchema,
  JSON_RPC_ERRORS,
  parseParams,
  RpcFailure,
  signatureParam,
  stringifyJsonRpc,
} from './json-rpc.protocol';

/**
 * Solana's PubSub subscriptions over the embedded chain's events: signature, account, program,
 * logs, slot and root, with their unsubscribes (docs/chain.md, "PubSub websocket"). Notifications
 * at `processed` or `confirmed` go out as the transaction lands; at `finalized` (the default, as
 * on a validator) once FINALIZED_AFTER_BLOCKS blocks have passed, with what was true when it landed.
 */

/** Subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1_000;

type Commitment = z.output<typeof commitmentSchema>;

/** Where a subscription's notifications go: one websocket. */
export interface PubSubPeer {
  send(text: string): void;
}

type Kind = 'account' | 'program' | 'signature' | 'logs' | 'slot' | 'root';

interface Subscription {
  id: number;
  kind: Kind;
  peer: PubSubPeer;
  commitment: Commitment;
  /** The address (account, program, logs mention) or signature it watches; null for all. */
  target: string | null;
  encoding: AccountEncoding;
  dataSlice?: z.output<typeof dataSliceSchema>;
  passes?: ReturnType<typeof accountFilter>;
  receivedNotification?: boolean;
}

const accountConfig = z
  .object({ commitment: commitmentSchema.optional(), encoding: encodingSchema.optional(), dataSlice: dataSliceSchema.optional() })
  .loose()
  .optional();
const commitmentConfig = z.object({ commitment: commitmentSchema.optional() }).loose().optional();
const logsFilter = z.union([z.literal('all'), z.literal('allWithVotes'), z.object({ mentions: z.tuple([addressParam]) }).strict()]);

const NOTIFICATION_METHODS: Record<Kind, string> = {
  account: 'accountNotification',
  program: 'programNotification',
  signature: 'signatureNotification',
  logs: 'logsNotification',
  slot: 'slotNotification',
  root: 'rootNotification',
};

export function createSubscriptionHub(chain: EmbeddedChainClient) {
  const decimalsOf = decimalsLookup((mint) => chain.getAccountInfo(mint));
  const subscriptions = new Map<number, Subscription>();
  const byPeer = new Map<PubSubPeer, Set<number>>();
  /** Finalized notifications waiting for their block to be FINALIZED_AFTER_BLOCKS deep. */
  let deferred: { due: bigint; id: number; result: unknown }[] = [];
  let nextId = 1;
  // Events are handled one after another, so that notifications keep the chain's order.
  let queue: Promise<void> = Promise.resolve();

  const notify = (subscription: Subscription, result: unknown) => {
    if (subscription.kind === 'signature') remove(subscription.id);
    subscription.peer.send(
      stringifyJsonRpc({ jsonrpc: '2.0', method: NOTIFICATION_METHODS[subscription.kind], params: { result, subscription: subscription.id } }),
    );
  };

  /** Sends now, or at finalization for a finalized subscription. */
  const deliver = (subscription: Subscription, slot: bigint, result: unknown) => {
    if (subscription.commitment === 'finalized') deferred.push({ due: slot + FINALIZED_AFTER_BLOCKS, id: subscription.id, result });
    else notify(subscription, result);
  };

  function remove(id: number): Subscription | null {
    const subscription = subscriptions.get(id);
    if (!subscription) return null;
    subscriptions.delete(id);
    byPeer.get(subscription.peer)?.delete(id);
    return subscription;
  }

  const matching = (kind: Kind, target?: string) =>
    [...subscriptions.values()].filter((subscription) => subscription.kind === kind && (target === undefined || subscription.target === target));

  async function onTransaction(event: Extract<EmbeddedChainEvent, { type: 'transaction' }>) {
    const context = { slot: event.slot };
    for (const subscription of matching('signature', event.signature)) {
      if (subscription.receivedNotification) subscription.peer.send(receivedText(subscription.id, event.slot));
      deliver(subscription, event.slot, { context, value: { err: event.err } });
    }
    const mentioned = new Set<string>(event.accountKeys);
    for (const subscription of matching('logs')) {
      if (subscription.target === null || mentioned.has(subscription.target))
        deliver(subscription, event.slot, { context, value: { signature: event.signature, err: event.err, logs: event.logs } });
    }
    for (const account of event.written) {
      for (const subscription of matching('account', account.address)) {
        deliver(subscription, event.slot, { context, value: await encodeAccount(account, subscription.encoding, decimalsOf, subscription.dataSlice) });
      }
      for (const subscription of matching('program', account.owner)) {
        if (!subscription.passes!(account)) continue;
        const encoded = await encodeAccount(account, subscription.encoding, decimalsOf, subscription.dataSlice);
        deliver(subscription, event.slot, { context, value: { pubkey: account.address, account: encoded } });
      }
    }
  }

  function onBlock(event: Extract<EmbeddedChainEvent, { type: 'block' }>) {
    for (const subscription of matching('slot')) notify(subscription, { parent: event.parentSlot, root: event.root, slot: event.slot });
    for (const subscription of matching('root')) notify(subscription, event.root);
    const due = deferred.filter((entry) => entry.due <= event.slot);
    deferred = deferred.filter((entry) => entry.due > event.slot);
    for (const entry of due) {
      const subscription = subscriptions.get(entry.id);
      if (subscription) notify(subscription, entry.result);
    }
  }

  const stop = chain.subscribe((event) => {
    queue = queue.then(() => (event.type === 'block' ? onBlock(event) : onTransaction(event))).catch(() => undefined);
  });

  function add(peer: PubSubPeer, subscription: Omit<Subscription, 'id' | 'peer'>): Subscription {
    const owned = byPeer.get(peer) ?? new Set<number>();
    if (owned.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      throw new RpcFailure(JSON_RPC_ERRORS.invalidRequest, `Too many subscriptions on this connection (at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION})`);
    }
    const added = { ...subscription, id: nextId++, peer };
    subscriptions.set(added.id, added);
    owned.add(added.id);
    byPeer.set(peer, owned);
    return added;
  }

  /** A signature that already reached the commitment is notified at once (kit and web3.js also poll for it). */
  async function checkLanded(subscription: Subscription) {
    const [status] = await chain.getSignatureStatuses([subscription.target as Signature]);
    if (!status || !subscriptions.has(subscription.id)) return;
    const result = { context: { slot: status.slot }, value: { err: status.err } };
    if (subscription.commitment !== 'finalized' || status.confirmationStatus === 'finalized') notify(subscription, result);
    else deferred.push({ due: status.slot + FINALIZED_AFTER_BLOCKS, id: subscription.id, result });
  }

  const subscribers: Record<string, (peer: PubSubPeer, params: unknown) => Subscription> = {
    accountSubscribe: (peer, params) => {
      const [target, config] = parseParams(z.tuple([addressParam, accountConfig]), params);
      const encoding = config?.encoding ?? 'binary';
      return add(peer, { kind: 'account', commitment: config?.commitment ?? 'finalized', target: toAddress(target), encoding, dataSlice: config?.dataSlice });
    },
    programSubscribe: (peer, params) => {
      const [program, config] = parseParams(z.tuple([addressParam, programConfigSchema]), params);
      const passes = accountFilter(config?.filters);
      return add(peer, {
        kind: 'program',
        commitment: config?.commitment ?? 'finalized',
        target: toAddress(program),
        encoding: config?.encoding ?? 'binary',
        dataSlice: config?.dataSlice,
        passes,
      });
    },
    signatureSubscribe: (peer, params) => {
      const [signature, config] = parseParams(
        z.tuple([signatureParam, z.object({ commitment: commitmentSchema.optional(), enableReceivedNotification: z.boolean().optional() }).loose().optional()]),
        params,
      );
      const subscription = add(peer, {
        kind: 'signature',
        commitment: config?.commitment ?? 'finalized',
        target: signature,
        encoding: 'base64',
        receivedNotification: config?.enableReceivedNotification,
      });
      queue = queue.then(() => checkLanded(subscription)).catch(() => undefined);
      return subscription;
    },
    logsSubscribe: (peer, params) => {
      const [filter, config] = parseParams(z.tuple([logsFilter, commitmentConfig]), params);
      return add(peer, {
        kind: 'logs',
        commitment: config?.commitment ?? 'finalized',
        target: typeof filter === 'string' ? null : filter.mentions[0],
        encoding: 'base64',
      });
    },
    slotSubscribe: (peer, params) => {
      parseParams(z.tuple([]), params);
      return add(peer, { kind: 'slot', commitment: 'processed', target: null, encoding: 'base64' });
    },
    rootSubscribe: (peer, params) => {
      parseParams(z.tuple([]), params);
      return add(peer, { kind: 'root', commitment: 'processed', target: null, encoding: 'base64' });
    },
  };

  const unsubscribers = new Map<string, Kind>([
    ['accountUnsubscribe', 'account'],
    ['programUnsubscribe', 'program'],
    ['signatureUnsubscribe', 'signature'],
    ['logsUnsubscribe', 'logs'],
    ['slotUnsubscribe', 'slot'],
    ['rootUnsubscribe', 'root'],
  ]);

  return {
    /** Whether the hub answers this method. */
    knows: (method: string) => Object.hasOwn(subscribers, method) || unsubscribers.has(method),
    /** Runs a subscribe or unsubscribe call of `peer`; answers the subscription id or `true`, or throws RpcFailure. */
    call(peer: PubSubPeer, method: string, params: unknown): number | boolean {
      const kind = unsubscribers.get(method);
      if (!kind) return subscribers[method]!(peer, params).id;
      const [id] = parseParams(z.tuple([z.number().int()]), params);
      const subscription = subscriptions.get(id);
      if (!subscription || subscription.peer !== peer || subscription.kind !== kind)
        throw new RpcFailure(JSON_RPC_ERRORS.invalidParams, 'Invalid subscription id.');
      remove(id);
      return true;
    },
    /** Drops every subscription of a connection that closed. */
    forget(peer: PubSubPeer) {
      for (const id of byPeer.get(peer) ?? []) subscriptions.delete(id);
      byPeer.delete(peer);
    },
    close: stop,
  };
}

function receivedText(id: number, slot: bigint): string {
  return stringifyJsonRpc({
    jsonrpc: '2.0',
    method: 'signatureNotification',
    params: { result: { context: { slot }, value: 'receivedSignature' }, subscription: id },
  });
}

export type SubscriptionHub = ReturnType<typeof createSubscriptionHub>;
