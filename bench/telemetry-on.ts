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

/**
 * What telemetry costs a reply, measured in this process, where two servers' noise does
 * not reach: `callEnded` for a reply of 2,000 events (its gaps into the chunk histogram,
 * its stalls looked for), with telemetry on (its span made, a 10 KB prompt and the
 * completion on it, encoded and sent to the sink) against off (the metrics alone). It runs
 * once a reply has been stored, never on its first byte's path.
 */
export async function telemetryCpuPerReply(sinkEnv: Record<string, string>): Promise<Metric> {
  const telemetry = await import('@/lib/server/platform/telemetry');
  const times = Array.from({ length: 2000 }, (_, i) => 300 + i * 2 + (i === 1000 ? 700 : 0));
  const prompt = 'x'.repeat(10 * 1024);
  const call = () =>
    telemetry.callEnded(
      {
        source: 'chat',
        protocol: 'openai-chat',
        providerId: 'bench',
        url: 'http://127.0.0.1:1/v1/chat/completions',
        requestModel: 'bench-model',
        responseModel: 'bench-model',
        responseId: 'chatcmpl-bench',
        finishReasons: ['stop'],
        usage: { inputTokens: 2600, outputTokens: 2000, cachedInputTokens: 2048 },
        costUsd: 0.01,
        status: 'complete',
        streamed: true,
        startedAt: Date.now() - 5000,
        firstByte: 250,
        firstToken: 300,
        lastToken: times.at(-1),
        end: times.at(-1)! + 5,
        eventTimes: times,
      },
      {
        content: () => ({
          input: telemetry.inputMessages([{ role: 'user', content: prompt }]),
          output: telemetry.outputMessages({ text: 'y'.repeat(8000), thinking: '', toolCalls: [], finishReason: 'stop' }),
        }),
      },
    );
  const perCall = async (env: Record<string, string>) => {
    // The SDK's exporters read the process's own environment, as in the server.
    Object.assign(process.env, env);
    await telemetry.startTelemetry(process.env);
    for (let i = 0; i < 200; i++) call(); // warm
    await telemetry.telemetry()?.traces?.flush();
    const rounds: number[] = [];
    for (let r = 0; r < 5; r++) {
      const start = performance.now();
      for (let i = 0; i < 200; i++) call();
      // The spans' export (encoding, sending) counts too: the batch processor does it later, on the same thread.
      await telemetry.telemetry()?.traces?.flush();
      rounds.push(((performance.now() - start) * 1000) / 200);
    }
    await telemetry.stopTelemetry(2000);
    for (const name of Object.keys(env)) delete process.env[name];
    return median(rounds);
  };
  const off = await perCall({});
  const on = await perCall(sinkEnv);
  return {
    metric:
      'time per reply of 2,000 events at its end, telemetry on (its span made and exported, prompt and completion on it), in this process',
    value: Math.round(on),
    unit: 'µs',
    baseline: { name: 'telemetry off: the GenAI metrics alone', value: Math.round(off) },
    ratio: off > 0 ? on / off : 0,
    target: 'report: off the first byte’s path',
    met: true,
  };
}
