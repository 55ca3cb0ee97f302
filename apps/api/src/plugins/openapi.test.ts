import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import createClient from 'openapi-fetch';
import { format, resolveConfig } from 'prettier';
import { domainErrorCatalogue, errorCatalogue } from '@carbonledger/contracts';
import { DEMO_PASSWORD, nextClientIp } from '../modules/auth/auth.testing';
import { createTestApp, type TestApp } from '../test/test-app';
import type { paths } from './openapi-paths.generated';

/**
 * issue 17: the OpenAPI document is complete enough for a generated client. Every operation
 * says who may call it, which headers it needs and what it answers, and the server behaves as
 * it says; a client generated with openapi-typescript + openapi-fetch signs in, lists wallets,
 * previews a mint and retires credits without hand-written fixes.
 *
 * The client's types (openapi-paths.generated.ts) are checked in, so that the flow below is
 * type-checked by `npm run typecheck` against what openapi-typescript makes of the document;
 * a test regenerates them and fails when the document changed without them. After changing a
 * route's schema: `npx vitest run apps/api/src/plugins/openapi.test.ts -u`.
 */

type Parameter = { name: string; in: string; required?: boolean };
type Answer = { $ref?: string; description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  'x-public'?: boolean;
  parameters?: Parameter[];
  responses: Record<string, Answer>;
};
type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: { responses: Record<string, Answer>; schemas: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const STATE_CHANGING = ['put', 'post', 'delete', 'patch'];
const GENERATED = './openapi-paths.generated.ts';

function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation: operation as Operation, name: `${method.toUpperCase()} ${path}` })),
  );
}

const header = (operation: Operation, name: string) =>
  operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === name.toLowerCase());
const isPublic = (operation: Operation) => operation['x-public'] === true && operation.security?.length === 0;
const needsBearer = (operation: Operation) =>
  operation.security?.some((requirement) => 'bearerAuth' in requirement && Object.keys(requirement).length === 1) ?? false;
/** A concrete URL for a path template: ids that exist nowhere. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('the OpenAPI document', () => {
  let harness: TestApp;
  let document: Document;
  let operations: ReturnType<typeof operationsOf>;

  beforeAll(async () => {
    harness = await createTestApp({ env: { SEED_DEMO_HOLDINGS: 'true' } });
    document = (await harness.app.inject({ url: '/api/v1/openapi.json' })).json<Document>();
    operations = operationsOf(document);
  });
  afterAll(() => harness.close());

  async function signIn(email: string) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-forwarded-for': nextClientIp() },
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json<{ data: { tokens: { accessToken: string } } }>().data.tokens.accessToken}` };
  }

  it('validates and dereferences with swagger-parser', async () => {
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect(Object.keys(api.paths ?? {}).length).toBeGreaterThan(80);
    await expect(SwaggerParser.dereference(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a unique camelCase operationId, its own summary and a description', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { name, method, path, operation } of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      // The transform's stand-in when a route gives no summary: routes must say what they do.
      expect(operation.summary, `${name} needs schema.summary in its route`).not.toBe(`${method.toUpperCase()} ${path}`);
      expect(operation.summary?.length, name).toBeGreaterThan(10);
      expect(operation.description?.length, name).toBeGreaterThan(20);
    }
    expect(document.paths['/api/v1/wallets/{id}/approve']?.post).toMatchObject({ operationId: 'postWalletsByIdApprove' });
  });

  it('applies bearerAuth to every guarded operation and marks the others public, as the server behaves without a token', async () => {
    for (const { name, method, path, operation } of operations) {
      if (path === '/rpc') continue;
      expect(isPublic(operation) !== needsBearer(operation), `${name}: bearerAuth or the public marker`).toBe(true);
      const response = await harness.app.inject({ method: method.toUpperCase() as 'GET', url: urlOf(path), headers: { 'x-forwarded-for': nextClientIp() } });
      const code = response.statusCode === 401 ? response.json<{ error: { code: string } }>().error.code : null;
      if (needsBearer(operation)) expect([response.statusCode, code], name).toEqual([401, 'UNAUTHORIZED']);
      else expect(code, `${name} is marked public but asks for a session`).not.toBe('UNAUTHORIZED');
    }
    expect(document.paths['/api/v1/auth/login']?.post).toMatchObject({ security: [], 'x-public': true });
  });

  it('declares x-csrf-token on state-changing session operations; a session request without it gets 403 CSRF_TOKEN_MISMATCH', async () => {
    const session = await signIn('admin@demo.test');
    const checked = operations.filter(
      ({ method, operation }) => STATE_CHANGING.includes(method) && needsBearer(operation) && header(operation, 'x-csrf-token'),
    );
    expect(checked.length).toBeGreaterThan(40);
    for (const { name, method, path, operation } of checked) {
      expect(header(operation, 'x-csrf-token')?.required, name).toBe(true);
      const response = await harness.app.inject({ method: method.toUpperCase() as 'POST', url: urlOf(path), headers: session });
      expect([response.statusCode, response.json<{ error?: { code: string } }>().error?.code], name).toEqual([403, 'CSRF_TOKEN_MISMATCH']);
      expect(operation.responses['403']?.description, name).toContain('CSRF_TOKEN_MISMATCH');
    }
    // Exempt routes (refresh travels without the page's token) declare none, and the server asks none.
    const refresh = document.paths['/api/v1/auth/refresh']?.post as Operation;
    expect(header(refresh, 'x-csrf-token')).toBeUndefined();
    expect((await harness.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: session })).statusCode).not.toBe(403);
  });

  it('declares Idempotency-Key on state-changing session operations, required on the money-like ones', () => {
    const required = operations.filter(({ operation }) => header(operation, 'Idempotency-Key')?.required).map(({ name }) => name);
    expect(required).toEqual(
      expect.arrayContaining([
        'POST /api/v1/minting/execute',
        'POST /api/v1/minting/batches',
        'POST /api/v1/retirements',
        'POST /api/v1/retirements/{id}/submit',
      ]),
    );
    for (const { name, method, path, operation } of operations) {
      if (path === '/rpc') continue;
      if (STATE_CHANGING.includes(method) && needsBearer(operation)) expect(header(operation, 'Idempotency-Key'), name).toBeDefined();
      if (isPublic(operation)) expect(header(operation, 'Idempotency-Key'), name).toBeUndefined();
    }
    expect((document.paths['/api/v1/retirements']?.post as Operation).description).toContain('`Idempotency-Key` is required');
  });

  it('declares the error envelope under every status an operation can answer, with its codes and business failures', () => {
    const statuses = new Set(Object.values(errorCatalogue).map(({ status }) => String(status)));
    for (const { name, path, operation } of operations) {
      if (path === '/rpc') continue;
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        name,
      ).toEqual(expect.arrayContaining(['500', '503']));
      for (const [status, answer] of errors) {
        expect(statuses.has(status), `${name} ${status}`).toBe(true);
        expect(document.components.responses[answer.$ref!.replace('#/components/responses/', '')], `${name} ${status}`).toBeDefined();
        expect(answer.description, `${name} ${status}`).toMatch(/error\.code: `[A-Z_]+`/);
      }
      if (needsBearer(operation)) expect(operation.responses['401']?.description, name).toContain('`UNAUTHORIZED`');
      if (operation.parameters?.length || (operation as { requestBody?: unknown }).requestBody) expect(operation.responses['400'], name).toBeDefined();
    }
    const execute = document.paths['/api/v1/minting/execute']?.post as Operation;
    expect(execute.responses['409']?.description).toContain('`MINTING__PREVIEW_EXPIRED`');
    expect(execute.responses['422']?.description).toContain('`IDEMPOTENCY_KEY_REUSED`');
    expect(document.components.responses.Forbidden?.content?.['application/json']?.schema).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, {}],
    });
    // Every area's business failures are declared by some operation, so a new domain-errors file without its tag shows here.
    const described = operations.map(({ operation }) => Object.values(operation.responses).map((answer) => answer.description ?? '')).join('\n');
    const areas = new Set(Object.keys(domainErrorCatalogue).map((reason) => reason.split('__')[0]!));
    for (const area of areas) expect(described, `no operation declares the ${area}__ failures`).toContain(`\`${area}__`);
  });

  it('gives every operation a 2xx answer with a media type, binary ones included', () => {
    for (const { name, operation } of operations) {
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(
        success.some(([, answer]) => Object.keys(answer.content ?? {}).length > 0),
        name,
      ).toBe(true);
    }
    const binary = (path: string) => (document.paths[path]?.get as Operation).responses['200']?.content;
    expect(binary('/api/v1/files/{cid}')).toEqual(
      Object.fromEntries(['image/png', 'image/jpeg', 'image/webp', 'image/gif'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    );
    expect(Object.keys(binary('/api/v1/certificates/{id}/pdf') ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(binary('/api/v1/certificates/{id}/qr') ?? {})).toEqual(['image/png', 'image/svg+xml']);
  });

  it('describes POST /rpc as one JSON-RPC 2.0 operation at the server root', async () => {
    const item = document.paths['/rpc'] as { servers: { url: string }[]; post: Operation & { requestBody: unknown } };
    expect(item.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(item.post).toMatchObject({ operationId: 'solanaJsonRpc', security: [{}, { bearerAuth: [] }] });
    expect(document.components.schemas).toHaveProperty('JsonRpcRequest');
    const answer = await harness.app.inject({ method: 'POST', url: '/rpc', payload: { jsonrpc: '2.0', id: 1, method: 'getHealth' } });
    expect(answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  });

  it('generates the checked-in client types with openapi-typescript, every operation in them', async () => {
    const generated = astToString(await openapiTS(structuredClone(document) as never));
    for (const { operation } of operations) expect(generated).toContain(`    ${operation.operationId}: {`);
    const file = new URL(GENERATED, import.meta.url).pathname;
    const banner = [
      '/* eslint-disable -- generated by openapi.test.ts with openapi-typescript from /api/v1/openapi.json; to regenerate: npx vitest run apps/api/src/plugins/openapi.test.ts -u */',
      '',
    ].join('\n');
    const formatted = await format(banner + generated, { ...(await resolveConfig(file)), filepath: file });
    await expect(formatted).toMatchFileSnapshot(GENERATED);
  });

  describe('through a generated client on a real port', () => {
    let baseUrl: string;

    beforeAll(async () => {
      await harness.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    });

    it('signs in, lists wallets, previews a mint and retires credits', async () => {
      const anonymous = createClient<paths>({ baseUrl });
      const login = await anonymous.POST('/api/v1/auth/login', { body: { email: 'companyadmin@demo.test', password: DEMO_PASSWORD } });
      expect(login.response.status, JSON.stringify(login.error)).toBe(200);
      const csrf = login.response.headers.get('x-csrf-token')!;
      const { tokens, company } = login.data!.data;
      const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${tokens.accessToken}` } });

      const wallets = await client.GET('/api/v1/wallets', { params: { query: {} } });
      const treasury = wallets.data!.data.find((wallet) => wallet.type === 'platform_managed' && wallet.status === 'active');
      expect(treasury, JSON.stringify(wallets.data)).toBeDefined();

      const preview = await client.POST('/api/v1/minting/preview', {
        params: { header: { 'x-csrf-token': csrf } },
        body: { projectId: '3107', quantity: 10, tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId: treasury!.id },
      });
      expect(preview.response.status, JSON.stringify(preview.error)).toBe(200);
      expect(preview.data!.data).toMatchObject({ previewId: expect.any(String) as string, quantity: '10' });

      const portfolio = await client.GET('/api/v1/portfolio', { params: { query: {} } });
      const holding = portfolio.data!.data.holdings.find((item) => item.walletId === treasury!.id)!;
      const body = {
        companyId: company.id,
        walletAddress: treasury!.address,
        tokenMint: holding.mint,
        amount: 5,
        reason: 'voluntary_offset' as const,
        location: { country: 'BR' },
        beneficiaryName: 'Verde Energia S.A.',
      };
      // Idempotency-Key is required here: the generated types say so, and the server refuses without it.
      const unkeyed = await fetch(`${baseUrl}/api/v1/retirements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}`, 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
      expect(unkeyed.status).toBe(400);
      const retired = await client.POST('/api/v1/retirements', { params: { header: { 'x-csrf-token': csrf, 'Idempotency-Key': randomUUID() } }, body });
      expect(retired.response.status, JSON.stringify(retired.error)).toBe(201);
      const id = retired.data!.data.retirement.id;

      let status = retired.data!.data.retirement.status;
      for (let attempt = 0; attempt < 120 && status !== 'completed' && status !== 'failed'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await client.GET('/api/v1/retirements/{id}', { params: { path: { id } } })).data!.data.status;
      }
      expect(status).toBe('completed');

      const refused = await client.GET('/api/v1/retirements/{id}', { params: { path: { id: randomUUID() } } });
      expect(refused.error).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    });
  });
});
