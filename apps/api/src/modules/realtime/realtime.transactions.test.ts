import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  REALTIME,
  SERVER_EVENTS,
  transactionListSchema,
  transactionsInitialPayload,
  transactionTexts,
  transactionUpdatePayload,
  unsubscribeEvent,
  type ExecuteMintResult,
  type MintPreview,
  type TransactionUpdatePayload,
} from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approvedWallet, freeSubranges, importSerials } from '../minting/minting.testing';
import { createRegistryTenant, WIND_PROJECT } from '../registry/registry.testing';
import { createRetirement, retireBody, retirementFixture } from '../retirements/retirements.testing';

/** docs/product.md §7 transactions feed: subscribe_transactions → transactions_initial, then transaction_update per recorded mint or burn. */
describe('realtime transactions feed', () => {
  let harness: TestApp;
  let baseUrl: string;
  let companyAdmin: SignedIn;
  let platformAdmin: SignedIn;
  let otherCompanyAdmin: SignedIn;
  let otherTenantAdmin: SignedIn;
  let walletId: string;
  const sockets: Socket[] = [];

  function open(who: SignedIn): Promise<Socket> {
    const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token: who.token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, () => resolve(socket)));
  }
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
  /** Every transaction_update the socket receives from now on. */
  function collectUpdates(socket: Socket): TransactionUpdatePayload[] {
    const received: TransactionUpdatePayload[] = [];
    socket.on(SERVER_EVENTS.transactionUpdate, (payload: unknown) => received.push(transactionUpdatePayload.parse(payload)));
    return received;
  }
  async function subscribed(who: SignedIn, filters?: Record<string, unknown>): Promise<Socket> {
    const socket = await open(who);
    const initial = next(socket, SERVER_EVENTS.transactionsInitial);
    socket.emit(CLIENT_EVENTS.subscribeTransactions, filters ? { filters } : undefined);
    await initial;
    return socket;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  async function mint(quantity: string): Promise<ExecuteMintResult['operation']> {
    const preview = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: companyAdmin.headers,
      payload: { projectId: WIND_PROJECT, vintage: 2023, quantity, tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const execution = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/execute',
      headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { previewId: (preview.json().data as MintPreview).previewId },
    });
    expect(execution.statusCode, execution.body).toBe(200);
    return (execution.json().data as ExecuteMintResult).operation;
  }

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    platformAdmin = await signInAs(harness.app, 'admin@demo.test');
    otherCompanyAdmin = (await onboardCompanyForTests(harness.app, platformAdmin, 'Azul Logistica Ltda', { email: 'admin@azul.test' })).companyAdmin;
    // An administrator of another tenant sees the whole of their own tenant, and nothing of this one.
    otherTenantAdmin = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'feedbeta', 'ADMIN')).email);

    walletId = (await approvedWallet(harness.app, companyAdmin, platformAdmin, 'Verde treasury')).wallet.id;
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    await importSerials(harness.app, actor, await freeSubranges(harness.app, companyAdmin, WIND_PROJECT, 1, 100n));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await harness.close();
  });

  it('pushes a completed mint to its company and the tenant administrators, and to no other company or tenant', async () => {
    const ownCompany = collectUpdates(await subscribed(companyAdmin));
    const administrators = collectUpdates(await subscribed(platformAdmin));
    const otherCompany = collectUpdates(await subscribed(otherCompanyAdmin));
    const otherTenant = collectUpdates(await subscribed(otherTenantAdmin));
    const notSubscribed = collectUpdates(await open(companyAdmin));
    const leaving = await subscribed(companyAdmin);
    const afterLeaving = collectUpdates(leaving);
    leaving.emit(unsubscribeEvent('transactions'));

    const operation = await mint('40');
    await expect.poll(() => ownCompany.map((update) => update.id)).toContain(`mint-${operation.id}`);
    await expect.poll(() => administrators.map((update) => update.id)).toContain(`mint-${operation.id}`);
    expect(ownCompany.find((update) => update.id === `mint-${operation.id}`)).toMatchObject({
      type: 'mint',
      status: 'completed',
      amount: '40',
      tokenSymbol: 'TXW23',
      hash: operation.signature,
      to: operation.walletAddress,
    });
    await settle();
    expect(otherCompany).toEqual([]);
    expect(otherTenant).toEqual([]);
    expect(notSubscribed).toEqual([]);
    expect(afterLeaving).toEqual([]);
  });

  it('answers subscribe_transactions with the page GET /transactions gives for the same filters', async () => {
    const socket = await open(companyAdmin);
    const initial = next<unknown>(socket, SERVER_EVENTS.transactionsInitial);
    socket.emit(CLIENT_EVENTS.subscribeTransactions, { filters: { type: 'mint', pageSize: 5 } });
    const fromSocket = transactionsInitialPayload.parse(await initial);

    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/transactions?type=mint&pageSize=5',
      headers: { authorization: companyAdmin.headers.authorization! },
    });
    expect(fromSocket).toEqual(transactionListSchema.parse(response.json().data));
    expect(fromSocket).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(fromSocket.items[0]).toMatchObject({ type: 'mint', status: 'completed', amount: '40' });

    // Another company's list is the administrators' alone.
    const other = await open(otherCompanyAdmin);
    const otherInitial = next<unknown>(other, SERVER_EVENTS.transactionsInitial);
    other.emit(CLIENT_EVENTS.subscribeTransactions, {});
    expect(transactionsInitialPayload.parse(await otherInitial)).toMatchObject({ items: [], total: 0 });
    const administrator = await open(platformAdmin);
    const companyList = next<unknown>(administrator, SERVER_EVENTS.transactionsInitial);
    administrator.emit(CLIENT_EVENTS.subscribeTransactions, { filters: { companyId: companyAdmin.result.company.id } });
    expect(transactionsInitialPayload.parse(await companyList).total).toBe(1);
  });

  it('answers bad filters, or a company the user may not see, with an error and no subscription', async () => {
    const listener = collectUpdates(await subscribed(companyAdmin));
    const badFilters = await open(companyAdmin);
    const badUpdates = collectUpdates(badFilters);
    let initialSent = false;
    badFilters.on(SERVER_EVENTS.transactionsInitial, () => (initialSent = true));
    const refusal = next<{ message: string }>(badFilters, SERVER_EVENTS.error);
    badFilters.emit(CLIENT_EVENTS.subscribeTransactions, { filters: { status: 'done', pageSize: 500 } });
    const { message } = await refusal;
    expect(message).toContain(transactionTexts.invalidFilters);
    expect(message).toContain('filters.status');
    expect(message).toContain('filters.pageSize');

    const snooping = await open(otherCompanyAdmin);
    const snoopingUpdates = collectUpdates(snooping);
    const denied = next<{ message: string }>(snooping, SERVER_EVENTS.error);
    snooping.emit(CLIENT_EVENTS.subscribeTransactions, { filters: { companyId: companyAdmin.result.company.id } });
    expect((await denied).message).toBe('Access denied. Insufficient permissions.');

    // A second mint reaches the subscriber, not the refused sockets.
    const operation = await mint('10');
    await expect.poll(() => listener.map((update) => update.id)).toContain(`mint-${operation.id}`);
    await settle();
    expect(initialSent).toBe(false);
    expect(badUpdates).toEqual([]);
    expect(snoopingUpdates).toEqual([]);
  });

  it('pushes a completed retirement as a burn, and its retirement_update, to its company and the tenant administrators only', async () => {
    const fixture = await retirementFixture(harness.app, companyAdmin, platformAdmin, { externalTokens: 5, managedTokens: 20 });
    const ownCompanySocket = await subscribed(companyAdmin);
    const administratorsSocket = await subscribed(platformAdmin);
    const otherCompanySocket = await subscribed(otherCompanyAdmin);
    const ownCompany = collectUpdates(ownCompanySocket);
    const administrators = collectUpdates(administratorsSocket);
    const otherCompany = collectUpdates(otherCompanySocket);
    const retirementUpdates = (socket: Socket) => {
      const ids: string[] = [];
      socket.on(SERVER_EVENTS.retirementUpdate, (view: { id: string }) => ids.push(view.id));
      return ids;
    };
    const [ownRetirements, administratorRetirements, otherRetirements] = [ownCompanySocket, administratorsSocket, otherCompanySocket].map(retirementUpdates);

    const { retirement } = await createRetirement(
      harness.app,
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 15 }),
    );
    expect(retirement.status).toBe('completed');
    const burn = `burn-${retirement.id}`;
    await expect
      .poll(() => ownCompany.find((update) => update.id === burn && update.status === 'completed'))
      .toMatchObject({
        type: 'burn',
        amount: '15',
        hash: retirement.signature,
        certificateId: retirement.certificateId,
      });
    await expect.poll(() => administrators.some((update) => update.id === burn && update.status === 'completed')).toBe(true);
    expect(ownRetirements).toContain(retirement.id);
    expect(administratorRetirements).toContain(retirement.id);
    await settle();
    expect(otherCompany).toEqual([]);
    // The retirement itself (beneficiary, amounts) is no business of another company of the tenant either.
    expect(otherRetirements).toEqual([]);
  });
});
