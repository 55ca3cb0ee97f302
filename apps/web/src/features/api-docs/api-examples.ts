import type { OpenApiDocument } from './api/openapi-document';

/** An operation an API key may call, as the OpenAPI document describes it (security lists apiKey). */
export interface KeyOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  /** A JSON body built from the request schema's required fields, or null without a body. */
  body: unknown;
  /** Money-like operations require an Idempotency-Key header (its parameter is in the document). */
  idempotent: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
}

interface OperationObject {
  operationId?: string;
  summary?: string;
  security?: Record<string, unknown>[];
  parameters?: { name?: string; in?: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A placeholder value of a schema: what a reader replaces, of the right type so the example parses. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return Object.fromEntries(required.filter((name) => properties[name]).map((name) => [name, exampleOf(properties[name], depth + 1)]));
    }
    case 'array':
      return schema.minItems ? [exampleOf(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      if (schema.format === 'date') return '1970-01-01';
      return '…';
    default:
      return null;
  }
}

/** The operations of the document an API key opens, in the document's order. */
export function keyOperations(document: OpenApiDocument): KeyOperation[] {
  const found: KeyOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation?.security?.some((requirement) => 'apiKey' in requirement)) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        summary: operation.summary ?? '',
        body: schema ? exampleOf(schema) : null,
        idempotent: (operation.parameters ?? []).some(
          (parameter) => parameter.in === 'header' && parameter.name?.toLowerCase() === 'idempotency-key' && parameter.required === true,
        ),
      });
    }
  }
  return found;
}

/** `{id}` path parameters become `<id>`: visibly a placeholder, and no shell or curl glob reads it. */
const urlOf = (origin: string, path: string) => `${origin}${path.replace(/\{(\w+)\}/g, '<$1>')}`;

export function curlExample(operation: KeyOperation, origin: string): string {
  const lines = [`curl -sS -X ${operation.method} "${urlOf(origin, operation.path)}"`, `  -H "Authorization: Bearer $CARBONLEDGER_API_KEY"`];
  if (operation.idempotent) lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
  if (operation.body !== null) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(operation.body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

export function fetchExample(operation: KeyOperation, origin: string): string {
  const headers = [`    Authorization: \`Bearer \${process.env.CARBONLEDGER_API_KEY}\`,`];
  if (operation.idempotent) headers.push(`    'Idempotency-Key': crypto.randomUUID(),`);
  if (operation.body !== null) headers.push(`    'Content-Type': 'application/json',`);
  const body = operation.body === null ? '' : `\n  body: JSON.stringify(${JSON.stringify(operation.body, null, 2).replace(/\n/g, '\n  ')}),`;
  return `const response = await fetch('${urlOf(origin, operation.path)}', {
  method: '${operation.method}',
  headers: {
${headers.join('\n')}
  },${body}
});
if (response.status === 429) {
  // Past a rate limit: wait Retry-After seconds, then try again.
  const retryAfter = Number(response.headers.get('Retry-After') ?? '60');
  throw new Error(\`Rate limited, retry in \${retryAfter} s\`);
}
console.log('Calls left in this window:', response.headers.get('RateLimit-Remaining'));
const envelope = await response.json();
if (!envelope.success) throw new Error(\`\${envelope.error.code}: \${envelope.message}\`);
console.log(envelope.data);`;
}
