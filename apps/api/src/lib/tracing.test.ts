import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { trace, type SpanContext } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

interface Export {
  contentType: string;
  body: Buffer;
}

type Attributes = Record<string, string | number | boolean | undefined>;

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Attributes;
  status: { code?: number };
  links: { traceId: string; spanId: string }[];
  resource: Attributes;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An OTLP/HTTP collector as the exporter meets it: POST /v1/traces, answered with an empty ExportTraceServiceResponse. */
async function startReceiver(): Promise<{ url: string; exports: Export[] }> {
  const exports: Export[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const contentType = request.headers['content-type'] ?? '';
      exports.push({ contentType, body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': contentType }).end(contentType === 'application/json' ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, exports };
}

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
type KeyValues = { key: string; value: AnyValue }[] | undefined;

function attributesOf(list: KeyValues): Attributes {
  return Object.fromEntries(
    (list ?? []).map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue ?? value.doubleValue,
    ]),
  );
}

/** The spans of OTLP/JSON export requests (trace and span ids in hex, as OTLP/JSON writes them). */
function spansOf(exports: Export[]): ExportedSpan[] {
  return exports.flatMap((exported) => {
    expect(exported.contentType).toBe('application/json');
    const request = JSON.parse(exported.body.toString()) as {
      resourceSpans: {
        resource: { attributes: KeyValues };
        scopeSpans: {
          spans: (Omit<ExportedSpan, 'attributes' | 'resource' | 'links' | 'parentSpanId'> & {
            parentSpanId?: string;
            attributes: KeyValues;
            links?: { traceId: string; spanId: string }[];
          })[];
        }[];
      }[];
    };
    return request.resourceSpans.flatMap(({ resource, scopeSpans }) =>
      scopeSpans.flatMap(({ spans }) =>
        spans.map((span) => ({
          ...span,
          parentSpanId: span.parentSpanId ?? '',
          attributes: attributesOf(span.attributes),
          links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
          resource: attributesOf(resource.attributes),
        })),
      ),
    );
  });
}

/**
 * The real server as `npm start` runs it (server.ts, a temporary DATA_DIR, a free port), with an
 * ES module resolve hook ahead of tsx's that lists every @opentelemetry package the process imports.
 */
async function startServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-tracing-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const resolvedLog = path.join(dir, 'resolved.log');
  fs.writeFileSync(resolvedLog, '');
  fs.writeFileSync(
    path.join(dir, 'hook.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('@opentelemetry/')) appendFileSync(${JSON.stringify(resolvedLog)}, specifier + '\\n');
  return nextResolve(specifier, context);
}`,
  );
  fs.writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hook.mjs', import.meta.url);`);
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', path.join(dir, 'register.mjs'), 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_HOLDINGS: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/v1/health/live`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the server did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    resolvedOpenTelemetry: () => fs.readFileSync(resolvedLog, 'utf8').split('\n').filter(Boolean),
    output: () => output,
  };
}

/** A new database on the TEST_DATABASE_URL server for a server process, dropped after the test. */
async function freshDatabaseUrl(serverUrl: string): Promise<string> {
  const name = `cl_tracing_${hex(6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CONSUMER = 5;
const STATUS_ERROR = 2;

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('exports a span per request in the envelope trace, per job, and per PostgreSQL query inside them (OTLP/JSON)', { timeout: 90_000 }, async () => {
    const receiver = await startReceiver();
    let activeInHandler: SpanContext | undefined;
    const { app, close } = await createTestApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'carbonledger-test' },
      // The span a handler sees active is the one its queries nest under (instrumentation-pg reads the same context).
      routes: async (probe) => {
        probe.post('/tracing-probe', async () => {
          activeInHandler = trace.getActiveSpan()?.spanContext();
          return {};
        });
        probe.get('/tracing-probe/fail', async () => {
          throw new Error('probe failure');
        });
      },
    });
    cleanups.push(close);

    const ownTrace = hex(16);
    const live = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-trace-id': ownTrace } });
    const liveBody = live.json<{ traceId: string; requestId: string }>();
    expect(liveBody.traceId).toBe(ownTrace);

    // A caller that traces sends only traceparent: the envelope takes its trace, the span its parent.
    const callerTrace = hex(16);
    const callerSpan = hex(8);
    const joined = await app.inject({ method: 'GET', url: '/api/v1/health/live', headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` } });
    expect(joined.json<{ traceId: string }>().traceId).toBe(callerTrace);

    // x-trace-id names the trace; a traceparent of another trace is linked, not a parent.
    const browserTrace = hex(16);
    const gatewayTrace = hex(16);
    const gatewaySpan = hex(8);
    await app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-trace-id': browserTrace, traceparent: `00-${gatewayTrace}-${gatewaySpan}-01` },
    });

    const missingTrace = hex(16);
    expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: { 'x-trace-id': missingTrace } })).statusCode).toBe(404);
    const failingTrace = hex(16);
    expect((await app.inject({ method: 'GET', url: '/tracing-probe/fail', headers: { 'x-trace-id': failingTrace } })).statusCode).toBe(500);
    const postTrace = hex(16);
    await app.inject({ method: 'POST', url: '/tracing-probe', headers: { 'x-trace-id': postTrace }, payload: { some: 'body' } });

    let jobHandled: (active: SpanContext | undefined) => void = () => undefined;
    const activeInJob = new Promise<SpanContext | undefined>((resolve) => (jobHandled = resolve));
    await app.jobs.createQueue('tracing.probe');
    await app.jobs.work('tracing.probe', { pollingIntervalSeconds: 0.5 }, async () => jobHandled(trace.getActiveSpan()?.spanContext()));
    const jobId = await app.jobs.send('tracing.probe', {});
    const jobSpan = await activeInJob;

    // Closing the app flushes what the batch processor still holds.
    await close();
    const spans = spansOf(receiver.exports);
    const byTrace = (traceId: string) => spans.filter((span) => span.traceId === traceId && span.kind === SPAN_KIND_SERVER);

    const [health] = byTrace(ownTrace);
    expect(health).toMatchObject({
      name: 'GET /api/v1/health',
      parentSpanId: '',
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/api/v1/health',
        'url.path': '/api/v1/health',
        'http.response.status_code': live.statusCode,
        'carbonledger.request_id': liveBody.requestId,
      },
      resource: { 'service.name': 'carbonledger-test', 'carbonledger.role': 'all', 'telemetry.sdk.language': 'nodejs' },
    });
    expect(byTrace(callerTrace)).toMatchObject([{ name: 'GET /api/v1/health/live', parentSpanId: callerSpan }]);
    expect(byTrace(browserTrace)).toMatchObject([{ parentSpanId: '', links: [{ traceId: gatewayTrace, spanId: gatewaySpan }] }]);
    expect(byTrace(missingTrace)).toMatchObject([{ name: 'GET', attributes: { 'http.response.status_code': 404, 'url.path': '/api/v1/no-such-route' } }]);
    expect(byTrace(missingTrace)[0]?.attributes['http.route']).toBeUndefined();
    expect(byTrace(failingTrace)).toMatchObject([{ attributes: { 'http.response.status_code': 500, 'error.type': '500' }, status: { code: STATUS_ERROR } }]);
    const [post] = byTrace(postTrace);
    expect(activeInHandler).toMatchObject({ traceId: postTrace, spanId: post?.spanId });

    expect(spans.filter((span) => span.kind === SPAN_KIND_CONSUMER && span.attributes['messaging.message.id'] === jobId)).toMatchObject([
      {
        name: 'process tracing.probe',
        spanId: jobSpan?.spanId,
        parentSpanId: '',
        attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': 'tracing.probe' },
      },
    ]);

    if (process.env.TEST_DATABASE_URL) {
      // The health check's database ping, inside the request's span.
      expect(spans.filter((span) => span.parentSpanId === health?.spanId && span.attributes['db.system.name'] === 'postgresql').length).toBeGreaterThan(0);
    }
  });

  it('sends OTLP/protobuf unless OTEL_EXPORTER_OTLP_PROTOCOL asks for JSON, as service carbonledger-api', { timeout: 90_000 }, async () => {
    const receiver = await startReceiver();
    const { app, close } = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    cleanups.push(close);
    const traceId = hex(16);
    await app.inject({ method: 'GET', url: '/api/v1/health/live', headers: { 'x-trace-id': traceId } });
    await close();
    // Protobuf holds the trace id as its 16 bytes and strings as they are.
    const request = Buffer.concat(receiver.exports.map((exported) => exported.body));
    expect(new Set(receiver.exports.map((exported) => exported.contentType))).toEqual(new Set(['application/x-protobuf']));
    expect(request.includes(Buffer.from(traceId, 'hex'))).toBe(true);
    for (const text of ['GET /api/v1/health/live', 'http.route', 'carbonledger-api']) expect(request.includes(Buffer.from(text))).toBe(true);
  });

  it('the server process sends its spans when SIGTERM flushes them, and loads OpenTelemetry for it', { timeout: 150_000 }, async () => {
    const receiver = await startReceiver();
    const databaseUrl = process.env.TEST_DATABASE_URL ? await freshDatabaseUrl(process.env.TEST_DATABASE_URL) : undefined;
    const server = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // A batch every 10 minutes: whatever arrives was sent by the shutdown.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const liveTrace = hex(16);
    const live = await fetch(`${server.baseUrl}/api/v1/health/live`, { headers: { 'x-trace-id': liveTrace } });
    expect(((await live.json()) as { traceId: string }).traceId).toBe(liveTrace);
    // A body read from the socket, then queries: they still belong to the request.
    const signInTrace = hex(16);
    const signIn = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trace-id': signInTrace },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' }),
    });
    expect(signIn.status).toBe(401);
    // A client that goes away in the middle of its body gets no answer; its span ends all the same.
    const abortedTrace = hex(16);
    const client = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-trace-id: ${abortedTrace}\r\n\r\n{`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.destroy();
    expect(receiver.exports).toEqual([]);

    expect(await server.stop()).toBe(0);
    const spans = spansOf(receiver.exports);
    expect(spans.filter((span) => span.traceId === liveTrace)).toMatchObject([
      {
        name: 'GET /api/v1/health/live',
        kind: SPAN_KIND_SERVER,
        attributes: { 'http.route': '/api/v1/health/live', 'http.response.status_code': 200 },
        resource: { 'service.name': 'carbonledger-api', 'carbonledger.role': 'all' },
      },
    ]);
    const signInSpan = spans.find((span) => span.traceId === signInTrace && span.kind === SPAN_KIND_SERVER);
    expect(signInSpan).toMatchObject({ name: 'POST /api/v1/auth/login', attributes: { 'http.response.status_code': 401 } });
    expect(spans.filter((span) => span.traceId === abortedTrace)).toMatchObject([{ name: 'POST /api/v1/auth/login', attributes: { 'error.type': 'aborted' } }]);
    if (databaseUrl) {
      const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
      expect(queries.filter((span) => span.parentSpanId === signInSpan?.spanId).length).toBeGreaterThan(0);
      expect(JSON.stringify(queries)).not.toContain('not-the-password');
    }
    expect(server.resolvedOpenTelemetry()).toContain('@opentelemetry/sdk-trace-node');
  });

  it('without OTEL_EXPORTER_OTLP_ENDPOINT the server process imports no OpenTelemetry package', { timeout: 150_000 }, async () => {
    // The other OTEL_* variables alone change nothing.
    const server = await startServer({ OTEL_SERVICE_NAME: 'carbonledger-untraced', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    expect((await fetch(`${server.baseUrl}/api/v1/health/live`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.resolvedOpenTelemetry()).toEqual([]);
  });
});
