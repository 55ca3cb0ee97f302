import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { users } from './db/schema';
import { hashPassword } from './lib/passwords';
import { DEMO_PASSWORD, signInAs, type SignedIn } from './modules/auth/auth.testing';
import { createRegistryTenant } from './modules/registry/registry.testing';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Every operation of the OpenAPI document this server serves, called by a signed-in
 * administrator (with the CSRF token) with bodies, path parameters and queries derived from its
 * own schemas and then spoiled: NUL and other control characters, 1 MB strings, wrong types,
 * other companies' and other tenants' ids. Whatever is sent, the answer is never a server error
 * (≥ 500): bad input is the caller's problem and says so with a 4xx.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };
type FuzzedRequest = { url: string; query: Record<string, string>; body: unknown };

/** Runs per operation: about 250 operations × 25 generated requests (NUL, 1 MB, out-of-range values) take about a minute on two cores. */
const RUNS_PER_OPERATION = 25;
const ONE_MEGABYTE = 'x'.repeat(1024 * 1024);

function hostileStrings(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      'Verde\u0000Energia',
      '\u0007\u001b[31m',
      'line\r\nbreak',
      '\u202Eevil',
      '\uD800',
      "'; DROP TABLE users; --",
      '%_\\',
      '../../etc/passwd',
      '',
      ' ',
    ),
    fc.string({ maxLength: 40 }).map((text) => `${text}\u0000`),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constant(ONE_MEGABYTE),
  );
}

function wrongTypes(): fc.Arbitrary<unknown> {
  return fc.constantFrom(null, 0, -1, 1e308, true, [], {}, [null], { $gt: '' }, '1e999', 'NaN');
}

describe('fuzzing every OpenAPI operation', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let ids: string[];
  let adminPasswordHash: string;
  let platformCompanyId: string;
  let tenantId: string;

  /** A fresh administrator of the demo tenant, for when an operation ended or locked the current one's session. */
  async function freshAdmin(): Promise<SignedIn> {
    const email = `fuzz-${randomUUID().slice(0, 8)}@demo.test`;
    await harness.app.db.asSystem((tx) =>
      tx.insert(users).values({
        tenantId,
        companyId: platformCompanyId,
        email,
        passwordHash: adminPasswordHash,
        role: 'ADMIN',
        firstName: 'Fuzz',
        lastName: 'Admin',
        status: 'active',
        verified: true,
      }),
    );
    return signInAs(harness.app, email);
  }

  async function stillSignedIn(who: SignedIn): Promise<boolean> {
    return (
      (await harness.app.inject({ method: 'GET', url: '/api/v1/sessions/mine', headers: { authorization: who.headers.authorization! } })).statusCode === 200
    );
  }

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin@demo.test');
    tenantId = admin.result.tenant.id;
    platformCompanyId = admin.result.company.id;
    adminPasswordHash = await hashPassword(DEMO_PASSWORD);
    const verde = await signInAs(harness.app, 'companyadmin@demo.test');
    const otherTenant = await createRegistryTenant(harness.app.db, 'fuzzbeta', 'ADMIN');
    // Ids of other companies and tenants, so that every id-shaped field also tries to reach across.
    ids = [
      verde.result.company.id,
      verde.result.user.id,
      otherTenant.companyId,
      otherTenant.userId,
      otherTenant.tenantId,
      '00000000-0000-0000-0000-000000000000',
    ];
  });
  afterAll(() => harness.close());

  function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    return resolve(document, document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  }

  /** A value the schema accepts (or nearly), or a spoiled one. */
  function valueOf(document: OpenApiDocument, raw: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: validish(document, raw ?? {}, depth) },
      { weight: 1, arbitrary: hostileStrings() },
      { weight: 1, arbitrary: wrongTypes() },
    );
  }

  function validish(document: OpenApiDocument, raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const schema = resolve(document, raw);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (options?.length) return fc.oneof(...options.map((option) => validish(document, option, depth)));
    const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        if (depth > 3) return fc.constant({});
        const properties = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        const record = Object.fromEntries(properties.map(([name, property]) => [name, valueOf(document, property, depth + 1)]));
        return fc.record(record, { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) });
      }
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(valueOf(document, schema.items, depth + 1), { maxLength: 3 });
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 10_000, Number.MAX_SAFE_INTEGER) });
      case 'number':
        return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 10_000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringOf(schema);
      default:
        return fc.anything({ maxDepth: 1 });
    }
  }

  function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-fA-F]{8}')) return fc.oneof(fc.constantFrom(...ids), fc.uuid());
    if (schema.format === 'date-time')
      return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('9999-12-31') }).map((date) => date.toISOString());
    if (schema.format === 'email') return fc.emailAddress();
    const shaped = schema.pattern
      ? fc.stringMatching(new RegExp(schema.pattern))
      : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    // The shape the contract expects, with a NUL byte slipped in.
    return fc.oneof(
      shaped,
      shaped.map((text) => `${text.slice(0, 1)}\u0000${text.slice(1)}`),
    );
  }

  function requestsFor(document: OpenApiDocument, path: string, operation: Operation): fc.Arbitrary<FuzzedRequest> {
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const scalar = (schema: JsonSchema | undefined) =>
      fc.oneof({ weight: 3, arbitrary: validish(document, schema ?? {}, 0) }, { weight: 1, arbitrary: hostileStrings() }).map(String);
    const pathValues = fc.tuple(...pathParameters.map((parameter) => scalar(parameter.schema)));
    const query = fc.record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, scalar(parameter.schema)])), { requiredKeys: [] });
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const body = bodySchema ? valueOf(document, bodySchema) : fc.constant(undefined);
    return fc.record({ pathValues, query, body }).map(({ pathValues: values, query: chosen, body: payload }) => ({
      url: pathParameters.reduce((url, parameter, index) => url.replace(`{${parameter.name}}`, encodeURIComponent(values[index] ?? '')), path),
      query: chosen as Record<string, string>,
      body: payload,
    }));
  }

  it('refuses NUL bytes in profile, wallet, retirement and mint texts with 400 and the field named', async () => {
    const nul = 'Verde\u0000Energia';
    const send = (method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method, url, headers: { ...admin.headers, 'idempotency-key': randomUUID() }, payload });
    const cases = [
      {
        method: 'PATCH',
        url: '/api/v1/auth/profile',
        payload: { firstName: nul, lastName: nul, phone: nul, jobTitle: nul, bio: nul, department: nul },
        fields: ['firstName', 'lastName', 'phone', 'jobTitle', 'bio', 'department'],
      },
      { method: 'POST', url: '/api/v1/wallets/managed', payload: { name: nul }, fields: ['name'] },
      { method: 'POST', url: `/api/v1/wallets/${ids[0]}/reject`, payload: { reason: nul }, fields: ['reason'] },
      {
        method: 'POST',
        url: '/api/v1/retirements',
        payload: {
          companyId: ids[0],
          walletAddress: 'So11111111111111111111111111111111111111112',
          tokenMint: 'So11111111111111111111111111111111111111112',
          amount: 1,
          reason: 'other',
          location: { country: 'BR' },
          memo: nul,
          beneficiaryName: nul,
        },
        fields: ['memo', 'beneficiaryName'],
      },
      {
        method: 'POST',
        url: '/api/v1/minting/preview',
        payload: { projectId: '3107', quantity: 1, tokenName: 'Wind', symbol: 'WND', walletId: ids[0], description: nul },
        fields: ['description'],
      },
    ] as const;
    for (const { method, url, payload, fields } of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fields).sort(), url).toEqual([...fields].sort());
    }
  });

  it('answers no fuzzed request with a server error', async () => {
    const document = (await harness.app.inject({ url: '/api/v1/openapi.json' })).json<OpenApiDocument>();
    // A server-sent events stream answers for as long as its session lasts, so an injected request never ends;
    // webhooks.integrations.test.ts drives it with a real client.
    const streams = (operation: Operation) => Object.values(operation.responses ?? {}).some((answer) => 'text/event-stream' in (answer.content ?? {}));
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => !streams(operation))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const failures: string[] = [];

    for (const { method, path, operation } of operations) {
      await fc
        .assert(
          fc.asyncProperty(requestsFor(document, path, operation), async (request) => {
            const response = await harness.app.inject({
              method: method as 'GET',
              url: request.url,
              query: request.query,
              headers: { ...admin.headers, 'idempotency-key': randomUUID(), 'x-forwarded-for': '10.99.0.1' },
              ...(request.body === undefined
                ? {}
                : {
                    payload: JSON.stringify(request.body),
                    headers: { ...admin.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
                  }),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${method} ${request.url}?${new URLSearchParams(request.query).toString()} ${JSON.stringify(request.body)?.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            }
            return response.statusCode < 500;
          }),
          { numRuns: RUNS_PER_OPERATION, seed: 20_250_212, endOnFailure: true },
        )
        .catch(() => undefined);
      // Logout, a password change or a disabled account end the session: go on as another administrator.
      if (!(await stillSignedIn(admin))) admin = await freshAdmin();
    }
    expect(failures).toEqual([]);
    // Every operation of the API is driven in turn: the time grows with the API, it is no budget.
  }, 600_000);
});
