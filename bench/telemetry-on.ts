import { createServer } from 'node:http';
import { listen } from '@/lib/simulator/serve-fetch';
import { median, type Metric } from './report';

/**
 * Telemetry on, for the relay and proxy benches: a collector that takes every OTLP export
 * and drops it (on loopback, answering at once), and the environment that points a Sluice
 * at it, with metrics sent every second and prompts on the spans: the most work telemetry
 * can ask of a reply, so its cost is stated at its worst. The same server without it is
 * telemetry off: no tracer at all.
 */
export async function startTelemetrySink(): Promise<{ env: Record<string, string>; exports: () => number; stop: () => void }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  const origin = await listen(server);
  return {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: origin, OTEL_METRIC_EXPORT_INTERVAL: '1000', SLUICE_OTEL_CONTENT: '1' },
    exports: () => exports,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * A figure with telemetry on against the same figure off, in turns: the target is within
 * 0.1 ms of off. `again`: the figure of a second server with telemetry off, timed in the
 * same turns: what two processes differ by with nothing between them, said beside.
 */
export function telemetryCost(what: string, on: number[], off: number[], exports: number, again?: number[]): Metric {
  const added = median(on) - median(off);
  const floor = again ? `; a second server with it off: ${(median(again) - median(off)).toFixed(3)} ms` : '';
  return {
    metric: `${what} p50 with telemetry on (OTLP spans and metrics, prompts on the spans; ${exports} exports taken${floor}), added over off`,
    value: Math.round(added * 1000) / 1000,
    unit: 'ms',
    baseline: { name: `telemetry off (no collector set), ${what} p50`, value: Math.round(median(off) * 1000) / 1000 },
    ratio: median(off) > 0 ? median(on) / median(off) : 0,
    target: 'within 0.1 ms',
    met: added <= 0.1,
  };
}
