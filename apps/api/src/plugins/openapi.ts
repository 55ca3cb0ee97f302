import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE_PATH, API_KEY_PERMISSIONS, CSRF_TOKEN_PATTERN, apiKeyGrants } from '@carbonledger/contracts';
import { accessOf, type AccessRule } from './openapi-access';
import { ERROR_ENVELOPE, errorAnswersOf, errorEnvelopeSchema, errorResponseComponents, type ErrorFacts } from './openapi-errors';
import { JSON_RPC_PATH, jsonRpcPathItem, jsonRpcSchemas } from './openapi-rpc';

/**
 * OpenAPI 3.1 generated from the zod route schemas, completed from what each route is, so
 * that a client generated from it calls every operation without hand-written fixes:
 *
 * - operationId from method and path (`POST /api/v1/wallets/{id}/approve` → postWalletsByIdApprove),
 *   unless the route's schema sets one;
 * - security: bearerAuth on routes an auth guard protects (guards mark themselves with
 *   describeAccess), `security: []` and `x-public: true` on the others;
 * - summary and description from the route's schema; the description gets a paragraph on who
 *   may call it and the headers it needs;
 * - the x-csrf-token and Idempotency-Key request headers where the route checks them;
 * - the error envelope under every status the operation can answer (openapi-errors.ts);
 * - binary answers for routes whose schema lists `produces` media types and no 2xx schema;
 * - POST /rpc, the JSON-RPC endpoint (openapi-rpc.ts).
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,255}$';

interface OperationFacts extends ErrorFacts {
  access: AccessRule | null;
  idempotencyMode: 'required' | 'optional' | null;
  rateLimit: { max: number; timeWindow: number } | null;
  produces: readonly string[] | null;
}

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; responses: Record<string, Json> };
type Document = Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Record<string, Json> } };

function rateLimitOf(route: RouteOptions): OperationFacts['rateLimit'] {
  const limit = route.config?.rateLimit;
  return limit && typeof limit.max === 'number' && typeof limit.timeWindow === 'number' ? { max: limit.max, timeWindow: limit.timeWindow } : null;
}

function factsOf(route: RouteOptions, method: string, schema: FastifySchema): OperationFacts {
  const access = accessOf(route);
  const changes = access !== null && STATE_CHANGING.has(method);
  const idempotencyMode = changes ? (route.config?.idempotency ?? 'optional') : null;
  const consumes = schema.consumes ?? ['application/json'];
  const hasBody = Boolean(schema.body) || (schema.consumes?.length ?? 0) > 0;
  const rateLimit = rateLimitOf(route);
  return {
    access,
    guarded: access !== null,
    restricted: Boolean(access?.permission ?? access?.roles),
    csrf: changes && route.config?.csrf !== false,
    idempotency: idempotencyMode !== null,
    idempotencyMode,
    rateLimited: rateLimit !== null,
    rateLimit,
    takesInput: changes || hasBody || Boolean(schema.params ?? schema.querystring ?? schema.headers),
    hasBody,
    jsonBody: hasBody && consumes.includes('application/json'),
    namesRecord: hasBody || Boolean(schema.params),
    changesState: STATE_CHANGING.has(method),
    tags: schema.tags ?? [],
    produces: schema.produces ?? null,
  };
}

/** `POST /api/v1/wallets/{id}/approve` → `postWalletsByIdApprove`: stable while the route is. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(API_BASE_PATH, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith('{') ? ['by', ...segment.slice(1, -1).split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

const openApiPathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * What an API key may call (docs/product.md §6 API keys): the routes guarded by a permission an
 * API key permission grants, and the screens' routes that admit keys by one.
 */
const KEY_PERMISSIONS: readonly string[] = apiKeyGrants(API_KEY_PERMISSIONS);
const opensToKeys = (facts: OperationFacts) =>
  Boolean(facts.access?.apiKeyPermission ?? (facts.access?.permission && KEY_PERMISSIONS.includes(facts.access.permission)));

function accessText(facts: OperationFacts): string {
  const { access } = facts;
  const lines: string[] = [];
  if (!access) lines.push('Public: no sign-in needed.');
  else if (access.permission) lines.push(`Needs a signed-in session (Bearer access token) allowed \`${access.permission}\`; others get 403.`);
  else if (access.roles)
    lines.push(
      `Needs a signed-in session (Bearer access token) of one of the roles ${access.roles.join(', ')}${access.screen ? ` (those of the ${access.screen} screen)` : ''}; others get 403.`,
    );
  else lines.push('Needs a signed-in session (Bearer access token).');
  if (access?.apiKeyPermission) lines.push(`An API key granted \`${access.apiKeyPermission}\` may call it too.`);
  if (facts.csrf)
    lines.push(
      "Send the session's CSRF token in `x-csrf-token` (from the sign-in answer's `x-csrf-token` header, any signed-in answer's, or GET /api/v1/auth/csrf-token); without it 403 `CSRF_TOKEN_MISMATCH`.",
    );
  if (facts.idempotencyMode === 'required')
    lines.push('`Idempotency-Key` is required (else 400): a retry with the same key and body gets the first answer again, and never runs the operation twice.');
  if (facts.idempotencyMode === 'optional')
    lines.push('An `Idempotency-Key` makes retries safe: a retry with the same key and body gets the first answer again for 24 hours.');
  if (facts.rateLimit) lines.push(`At most ${facts.rateLimit.max} requests per ${facts.rateLimit.timeWindow / 1000} s per client IP (429 beyond).`);
  return lines.join(' ');
}

function headerParameters(facts: OperationFacts): Json[] {
  const parameters: Json[] = [];
  if (facts.csrf) {
    parameters.push({
      name: 'x-csrf-token',
      in: 'header',
      required: true,
      description: "The session's CSRF token",
      schema: { type: 'string', pattern: CSRF_TOKEN_PATTERN.source },
    });
  }
  if (facts.idempotencyMode) {
    const description = 'A key of your choice (e.g. a UUID) per intended operation; reuse it only to retry the same request';
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: facts.idempotencyMode === 'required',
      description,
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
    });
  }
  return parameters;
}

const SUCCESS_TEXTS: Readonly<Record<string, string>> = { 200: 'OK', 201: 'Created', 202: 'Accepted: the work goes on in the background', 204: 'No content' };

/** Adds what the generated part lacks to one operation. */
function completeOperation(operation: Operation, facts: OperationFacts): void {
  const parameters = headerParameters(facts);
  if (parameters.length) operation.parameters = [...(operation.parameters ?? []), ...parameters];
  for (const [status, answer] of Object.entries(operation.responses)) {
    if (answer.description === 'Default Response') answer.description = SUCCESS_TEXTS[status] ?? 'OK';
  }
  const success = operation.responses['200'];
  if (facts.produces && success && !success.content) {
    success.content = Object.fromEntries(facts.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  }
  operation.responses = { ...operation.responses, ...errorAnswersOf(facts) };
}

export const openapiPlugin = fp(async (app) => {
  const operations = new Map<string, OperationFacts>();

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Carbonledger API',
        description:
          'Enterprise Carbon Credits Management. Sign in with POST /api/v1/auth/login; send the access token as `Authorization: Bearer …` and, on state-changing requests, the CSRF token as `x-csrf-token`. Every answer is the envelope `{ success, data, message, timestamp, requestId, traceId }`; failures carry `error.code` (generic) and `error.reason` (the business failure).',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'An API key (clk_live_… or clk_test_…), also accepted as `Authorization: Bearer clk_…`; only on the operations that list it.',
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const { url } = transformed;
      const schema = transformed.schema ?? {};
      if (schema.hide) return transformed;
      const method = [input.route.method].flat()[0]!.toUpperCase();
      const path = openApiPathOf(url);
      const facts = factsOf(input.route, method, input.schema ?? {});
      operations.set(`${method} ${path}`, facts);
      const description = [schema.description, accessText(facts)].filter(Boolean).join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          operationId: schema.operationId ?? operationIdOf(method, path),
          // Routes give their own summary (a test holds them to it); this only keeps the document valid meanwhile.
          summary: schema.summary ?? `${method} ${path}`,
          description,
          security: facts.access ? [{ bearerAuth: [] }, ...(opensToKeys(facts) ? [{ apiKey: [] }] : [])] : [],
          ...(facts.access ? {} : { 'x-public': true }),
        },
      };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('The document is OpenAPI 3');
      const document = input.openapiObject as Document;
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const facts = operations.get(`${method.toUpperCase()} ${path}`);
          if (facts) completeOperation(operation, facts);
        }
      }
      document.components.schemas = { ...document.components.schemas, [ERROR_ENVELOPE]: errorEnvelopeSchema() };
      document.components.responses = errorResponseComponents();
      if (app.hasRoute({ method: 'POST', url: JSON_RPC_PATH })) {
        document.paths[JSON_RPC_PATH] = jsonRpcPathItem() as unknown as Record<string, Operation>;
        document.components.schemas = { ...document.components.schemas, ...jsonRpcSchemas };
      }
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/reference` });
  app.get(`${API_BASE_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
