import 'server-only';
import type { SpanContext, Tracer } from '@opentelemetry/api';
import type { IdGenerator } from '@opentelemetry/sdk-trace';
import { existingSingleton, forgetSingleton, processSingleton } from '@/lib/server/platform/process-singleton';
import { redact } from '@/lib/server/platform/redact';
import { ChunkHistogram } from './chunk-histogram';
import { CHUNK_DESCRIPTION, makeInstruments, type Instruments } from './metrics';
import { CHUNK_BUCKETS, METRICS, SCHEMA_URL } from './semconv';
import { telemetrySettings, type TelemetrySettings } from './settings';

/**
 * The ids the next span takes, when Sluice chose them (a run's root, a lane, a capture:
 * lib/server/platform/telemetry/ids.ts); random otherwise. The SDK asks its generator
 * synchronously as a span starts, so a choice set just before `startSpan` is the one it
 * takes.
 */
export class ChosenIds implements IdGenerator {
  private traceId?: string;
  private spanId?: string;
  constructor(private readonly random: IdGenerator) {}

  choose(ids: { traceId?: string; spanId?: string } | undefined): void {
    this.traceId = ids?.traceId;
    this.spanId = ids?.spanId;
  }

  generateTraceId(): string {
    const id = this.traceId ?? this.random.generateTraceId();
    this.traceId = undefined;
    return id;
  }

  generateSpanId(): string {
    const id = this.spanId ?? this.random.generateSpanId();
    this.spanId = undefined;
    return id;
  }
}

export interface Traces {
  tracer: Tracer;
  ids: ChosenIds;
  /** An incoming `traceparent` (and `tracestate`) as a parent, when it is a valid one. */
  parentOf(traceparent: string | undefined, tracestate?: string): SpanContext | undefined;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface Telemetry {
  settings: TelemetrySettings;
  /** Only when a collector is set: off, no span is made, and nothing of them is on any path. */
  traces?: Traces;
  instruments: Instruments;
  /** The metrics in Prometheus's text format (GET /metrics). */
  prometheus(): Promise<string>;
  shutdown(): Promise<void>;
}

const SINGLETON = 'telemetry';

/** Sluice's telemetry, once the server started it (instrumentation.ts); undefined before that, and in unit tests. */
export function telemetry(): Telemetry | undefined {
  return existingSingleton<Telemetry>(SINGLETON);
}

/** At most one line a minute of the SDK's own complaints (a collector that is down fails every export). */
function quietLogger(secrets: string[]) {
  let last = 0;
  const say = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    const text = [message, ...args.map((a) => (a instanceof Error ? a.message : String(a)))].join(' ');
    console.error(`sluice: telemetry: ${redact(text, secrets).slice(0, 500)}`);
  };
  const silent = () => {};
  return { error: say, warn: say, info: silent, debug: silent, verbose: silent };
}

/**
 * Starts the metrics (always: GET /metrics serves them) and, with a collector set, the
 * OTLP exporters of traces and metrics. The SDK is loaded here, as the server starts,
 * never on a request's path. Nothing is registered globally: Next.js traces its own
 * spans into a global tracer provider, which Sluice leaves to it.
 */
export async function startTelemetry(env: Record<string, string | undefined> = process.env): Promise<Telemetry> {
  const running = telemetry();
  if (running) return running;
  const settings = telemetrySettings(env);
  const api = await import('@opentelemetry/api');
  api.diag.setLogger(quietLogger(settings.secrets), api.DiagLogLevel.WARN);
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = await import('@opentelemetry/resources');
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': settings.serviceName }))
    .merge(detectResources({ detectors: [envDetector] }));

  const metrics = await import('@opentelemetry/sdk-metrics');
  const { MeterProvider, PeriodicExportingMetricReader } = metrics;
  const chunkGaps = new ChunkHistogram(CHUNK_BUCKETS);
  // The histogram kept by hand (chunk-histogram.ts), read by every reader beside the SDK's own.
  const chunks: import('@opentelemetry/sdk-metrics').MetricProducer = {
    collect: async () => {
      const points = chunkGaps.points();
      const metric: import('@opentelemetry/sdk-metrics').HistogramMetricData = {
        descriptor: {
          name: METRICS.timePerOutputChunk,
          description: CHUNK_DESCRIPTION,
          unit: 's',
          valueType: api.ValueType.DOUBLE,
        },
        aggregationTemporality: metrics.AggregationTemporality.CUMULATIVE,
        dataPointType: metrics.DataPointType.HISTOGRAM,
        dataPoints: points,
      };
      const scopeMetrics = points.length ? [{ scope: { name: 'sluice', schemaUrl: SCHEMA_URL }, metrics: [metric] }] : [];
      return { resourceMetrics: { resource, scopeMetrics }, errors: [] };
    },
  };
  const { PrometheusExporter, PrometheusSerializer } = await import('@opentelemetry/exporter-prometheus');
  const prometheus = new PrometheusExporter({ preventServerStart: true, metricProducers: [chunks] });
  const serializer = new PrometheusSerializer(undefined, false, undefined, false, true);
  const readers = [prometheus as import('@opentelemetry/sdk-metrics').IMetricReader];
  if (settings.otlpMetrics) {
    const { OTLPMetricExporter } =
      settings.protocol === 'http/json'
        ? await import('@opentelemetry/exporter-metrics-otlp-http')
        : await import('@opentelemetry/exporter-metrics-otlp-proto');
    const interval = settings.metricIntervalMs;
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        metricProducers: [chunks],
        exportIntervalMillis: interval,
        exportTimeoutMillis: Math.min(30_000, interval),
      }),
    );
  }
  const meterProvider = new MeterProvider({ resource, readers });
  const meter = meterProvider.getMeter('sluice', undefined, { schemaUrl: SCHEMA_URL });

  const traces = settings.traces ? await startTraces(resource, settings) : undefined;
  const state: Telemetry = {
    settings,
    traces,
    instruments: makeInstruments(meter, chunkGaps),
    async prometheus() {
      const { resourceMetrics } = await prometheus.collect();
      return serializer.serialize(resourceMetrics);
    },
    async shutdown() {
      await Promise.allSettled([traces?.shutdown(), meterProvider.shutdown()]);
    },
  };
  return processSingleton(SINGLETON, () => state);
}

async function startTraces(resource: import('@opentelemetry/resources').Resource, settings: TelemetrySettings): Promise<Traces> {
  const api = await import('@opentelemetry/api');
  const { BatchSpanProcessor, RandomIdGenerator, TracerProvider } = await import('@opentelemetry/sdk-trace');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { OTLPTraceExporter } =
    settings.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  const ids = new ChosenIds(new RandomIdGenerator());
  const provider = new TracerProvider({
    resource,
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const propagator = new W3CTraceContextPropagator();
  return {
    tracer: provider.getTracer('sluice', undefined, { schemaUrl: SCHEMA_URL }),
    ids,
    parentOf(traceparent, tracestate) {
      if (!traceparent) return undefined;
      const carrier = { traceparent, ...(tracestate ? { tracestate } : {}) };
      const context = propagator.extract(api.ROOT_CONTEXT, carrier, api.defaultTextMapGetter);
      const parent = api.trace.getSpanContext(context);
      return parent && api.isSpanContextValid(parent) ? parent : undefined;
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** Sends what is pending (spans, metrics) and stops: the server is stopping. At most `withinMs`. */
export async function stopTelemetry(withinMs: number): Promise<void> {
  const running = telemetry();
  if (!running) return;
  forgetSingleton(SINGLETON);
  await Promise.race([running.shutdown(), new Promise((resolve) => setTimeout(resolve, withinMs).unref())]);
  (await import('@opentelemetry/api')).diag.disable();
}
