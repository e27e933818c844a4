import 'server-only';
import { type Env, readVariable } from '@/lib/server/platform/environment';

/** What the environment asks of Sluice's telemetry (docs/operations.md: "Observability: OpenTelemetry and Prometheus"). */
export interface TelemetrySettings {
  /** Traces, and metrics, go to an OTLP collector: OTEL_EXPORTER_OTLP_ENDPOINT, or the signal's own endpoint, is set. */
  traces: boolean;
  otlpMetrics: boolean;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
  metricIntervalMs: number;
  /** Prompts and completions on the spans (SLUICE_OTEL_CONTENT). */
  content: boolean;
  /** The values of OTEL_EXPORTER_OTLP_HEADERS, kept out of whatever the exporters log. */
  secrets: string[];
}

/**
 * Read once, as the server starts. The SDK's exporters read the standard OTEL_* variables
 * themselves (endpoints, headers, timeouts, compression, certificates); these are the
 * ones that decide what Sluice makes.
 */
export function telemetrySettings(env: Env = process.env): TelemetrySettings {
  const endpoint = readVariable('OTEL_EXPORTER_OTLP_ENDPOINT', env);
  const headers = readVariable('OTEL_EXPORTER_OTLP_HEADERS', env);
  return {
    traces: endpoint !== undefined || readVariable('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', env) !== undefined,
    otlpMetrics: endpoint !== undefined || readVariable('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', env) !== undefined,
    protocol: readVariable('OTEL_EXPORTER_OTLP_PROTOCOL', env),
    serviceName: readVariable('OTEL_SERVICE_NAME', env),
    metricIntervalMs: readVariable('OTEL_METRIC_EXPORT_INTERVAL', env),
    content: readVariable('SLUICE_OTEL_CONTENT', env),
    secrets: (headers ?? '')
      .split(',')
      .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
      .filter((value) => value.length >= 4),
  };
}
