import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { IdGenerator } from '@opentelemetry/sdk-trace-node';
import type { AppConfig } from '../config';

export type TracingSettings = NonNullable<AppConfig['tracing']>;

export interface TracedRequest {
  method: string;
  /** The path without its query, which may carry tokens. */
  path: string;
  /** The route template (`/api/v1/retirements/:id`); none when nothing matched. */
  route: string | undefined;
  headers: IncomingHttpHeaders;
  /** The envelope's traceId (plugins/request-context.ts), which becomes the span's trace. */
  traceId: string;
  requestId: string;
  clientAddress: string;
}

export interface RequestSpan {
  /** Runs `next` with this span active, so that what it starts (hooks, handler, queries) nests under it. */
  activate(next: () => void): void;
  /** Once per request; without a status code, the client went away before the answer. */
  end(statusCode?: number): void;
}

export interface Tracing {
  startRequest(request: TracedRequest): RequestSpan;
  /** Runs one pg-boss handler call (one job, or a batch) in a span of its own trace. */
  traceJob<T>(queue: string, jobIds: readonly string[], handle: () => Promise<T>): Promise<T>;
  /** Sends what is still buffered, then releases everything it registered. */
  shutdown(): Promise<void>;
}

/** Scope name of the spans this code makes (the pg spans carry the instrumentation's own). */
const TRACER_NAME = '@carbonledger/api';
const ROLE_ATTRIBUTE = 'carbonledger.role';
const REQUEST_ID_ATTRIBUTE = 'carbonledger.request_id';

/**
 * Root spans take the envelope's trace id instead of a random one. The SDK asks for a trace id
 * only when a span has no parent, synchronously inside startSpan, so the id is set just around
 * that call.
 */
class EnvelopeTraceIds implements IdGenerator {
  private next: string | undefined;

  constructor(private readonly random: IdGenerator) {}

  startingTrace<T>(traceId: string, start: () => T): T {
    this.next = traceId;
    try {
      return start();
    } finally {
      this.next = undefined;
    }
  }

  generateTraceId(): string {
    return this.next ?? this.random.generateTraceId();
  }

  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

/**
 * OpenTelemetry traces over OTLP/HTTP, with OTEL_EXPORTER_OTLP_ENDPOINT only: every
 * OpenTelemetry package is imported here, on demand, so that a start without it loads none.
 * What the settings do not name (headers, timeout, compression, sampler, batch sizes, resource
 * attributes) the SDK reads from the standard OTEL_* variables itself.
 */
export async function startTracing(settings: TracingSettings, role: AppConfig['role'], log: FastifyBaseLogger): Promise<Tracing> {
  const [otel, sdk, resources, semconv, { PgInstrumentation }, { default: pg }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/instrumentation-pg'),
    import('pg'),
    settings.protocol === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);

  // The SDK reports a failed export (collector down, refused) through its diagnostic logger, silent unless one is set.
  const warn = (message: string, ...args: unknown[]) => log.warn(args.length > 0 ? { args } : {}, `tracing: ${message}`);
  const quiet = () => undefined;
  otel.diag.setLogger({ error: warn, warn, info: quiet, debug: quiet, verbose: quiet }, otel.DiagLogLevel.WARN);

  const ids = new EnvelopeTraceIds(new sdk.RandomIdGenerator());
  const provider = new sdk.NodeTracerProvider({
    resource: resources
      .defaultResource()
      .merge(
        resources.detectResources({
          detectors: [resources.envDetector, resources.hostDetector, resources.processDetector, resources.serviceInstanceIdDetector],
        }),
      )
      .merge(resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: settings.serviceName, [ROLE_ATTRIBUTE]: role })),
    idGenerator: ids,
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  });
  // The global context manager is what carries the active span across awaits to the pg instrumentation.
  provider.register();
  const tracer = provider.getTracer(TRACER_NAME);

  // pg is already loaded (an ES module import, which require hooks never see), so its prototypes are
  // patched directly through the module definitions the instrumentation offers bundlers (an experimental
  // API: tracing.test.ts checks the query spans on PostgreSQL); disabled, it installs no module hooks.
  // Queries outside a request or job (pg-boss polling every second) would each be a trace: they make no span.
  const pgInstrumentation = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  pgInstrumentation.setTracerProvider(provider);
  const pgDefinitions = pgInstrumentation.getModuleDefinitions().filter((definition) => definition.name === 'pg');
  for (const definition of pgDefinitions) definition.patch?.(pg);

  return {
    startRequest(request) {
      const upstream = otel.propagation.extract(otel.ROOT_CONTEXT, request.headers);
      const upstreamSpan = otel.trace.getSpanContext(upstream);
      // The caller's span (a W3C traceparent) is the parent when it belongs to the envelope's trace;
      // from another trace (an x-trace-id that differs) it is linked, so that both can be followed.
      const parent = upstreamSpan?.traceId === request.traceId ? upstream : otel.ROOT_CONTEXT;
      const span = ids.startingTrace(request.traceId, () =>
        tracer.startSpan(
          request.route ? `${request.method} ${request.route}` : request.method,
          {
            kind: otel.SpanKind.SERVER,
            attributes: {
              [semconv.ATTR_HTTP_REQUEST_METHOD]: request.method,
              [semconv.ATTR_URL_PATH]: request.path,
              ...(request.route ? { [semconv.ATTR_HTTP_ROUTE]: request.route } : {}),
              [semconv.ATTR_CLIENT_ADDRESS]: request.clientAddress,
              ...(request.headers['user-agent'] ? { [semconv.ATTR_USER_AGENT_ORIGINAL]: request.headers['user-agent'] } : {}),
              [REQUEST_ID_ATTRIBUTE]: request.requestId,
            },
            links: upstreamSpan && parent === otel.ROOT_CONTEXT ? [{ context: upstreamSpan }] : [],
          },
          parent,
        ),
      );
      const active = otel.trace.setSpan(parent, span);
      return {
        activate: (next) => otel.context.with(active, next),
        end(statusCode) {
          if (statusCode === undefined) {
            span.setAttribute(semconv.ATTR_ERROR_TYPE, 'aborted');
          } else {
            span.setAttribute(semconv.ATTR_HTTP_RESPONSE_STATUS_CODE, statusCode);
            // HTTP server semantics: a 4xx is the client's doing, only a 5xx marks the server's span failed.
            if (statusCode >= 500) {
              span.setAttribute(semconv.ATTR_ERROR_TYPE, String(statusCode));
              span.setStatus({ code: otel.SpanStatusCode.ERROR });
            }
          }
          span.end();
        },
      };
    },

    traceJob(queue, jobIds, handle) {
      // Messaging semantic conventions (still incubating, hence spelled out): pg-boss is the system, the queue the destination.
      const attributes = {
        'messaging.system': 'pg-boss',
        'messaging.operation.type': 'process',
        'messaging.destination.name': queue,
        ...(jobIds.length === 1 ? { 'messaging.message.id': jobIds[0] } : { 'messaging.batch.message_count': jobIds.length }),
      };
      return tracer.startActiveSpan(`process ${queue}`, { kind: otel.SpanKind.CONSUMER, attributes }, otel.ROOT_CONTEXT, async (span) => {
        try {
          return await handle();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: otel.SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },

    async shutdown() {
      for (const definition of pgDefinitions) definition.unpatch?.(pg);
      try {
        // Rejects when the last export fails (collector gone): the spans are lost, the caller logs it.
        await provider.shutdown();
      } finally {
        // Released, so that a later start in the same process (tests) can register its own.
        otel.trace.disable();
        otel.context.disable();
        otel.propagation.disable();
        otel.diag.disable();
      }
    },
  };
}
