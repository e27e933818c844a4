/**
 * The recording proxy's cost, measured in one run against one local upstream (an
 * OpenAI-Chat-shaped SSE stream): (a) direct, (b) through Sluice's /proxy/bench/… under
 * Sluice's server (its lean path, scripts/serve.mjs and lib/server/proxy/lean-path.ts), (c) through Portkey's
 * open-source gateway; and for reference, (d) the same proxy through its Next.js route
 * (the fallback, app/proxy/[...path]/route.ts), reached at `/./proxy/…`: a path the lean
 * path leaves to Next.js, which resolves it to that route, and (e) the floor: a minimal
 * Node http pipe in a process of its own (one more hop, nothing else). Every request
 * through Sluice is captured; the run ends by counting the captures GET /api/captures lists.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { staleBuild } from '../scripts/stale-build.mjs';
import { startNextServer } from '../tests/support/next-server';
import { startPortkey } from '../tests/support/portkey';
import { settled, stream, throughput, type Target, type Timing } from './relay-streams';
import { benchProvidersFile, cpuSeconds, startBenchUpstream, startFloorPipe } from './relay-peers';
import { agentMetrics, agentRounds, agentScenario } from './proxy-agent';
import { median, pct, type Metric } from './report';
import { replayTiming } from './replay-timing';
import { startTelemetrySink, telemetryCost } from './telemetry-on';

/** What an app sends: its own key (passed on by the proxy, redacted in the capture), a streamed chat request. */
const body = (model: string) => JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'bench' }] });
const headers = { authorization: 'Bearer sk-bench-not-a-key' };
/** The upstream's pace for the latency rounds: 60 events, 2 ms apart, each stamped with when it was written. */
const PACED = 'stamped-60-2';

type Key = 'direct' | 'floor' | 'proxy' | 'fallback' | 'portkey';

/**
 * Rounds taken in turns across the targets, so a noisy spell of this shared machine falls
 * on all of them alike; in each turn a target serves `block` requests one after another,
 * as an app's calls come. Taken one request a turn, each server sat idle ~0.5 s while the
 * other four streamed, and the direct upstream, which serves every target's requests, was
 * never idle: a large process (the Next.js server) woke to each request with its caches
 * cold, a tiny one (the floor) or the always-busy upstream did not. `first` is each
 * block's first request, the one after that wait (reported beside).
 */
async function latency(
  targets: Record<Key, Target>,
  rounds: number,
  block: number,
): Promise<{ all: Record<Key, Timing[]>; first: Record<Key, Timing[]> }> {
  const all = { direct: [], floor: [], proxy: [], fallback: [], portkey: [] } as Record<Key, Timing[]>;
  const first = { direct: [], floor: [], proxy: [], fallback: [], portkey: [] } as Record<Key, Timing[]>;
  for (let i = 0; i < rounds; i++)
    for (const key of Object.keys(targets) as Key[])
      for (let k = 0; k < block; k++) {
        const timing = await stream(targets[key], PACED);
        all[key].push(timing);
        if (k === 0) first[key].push(timing);
      }
  return { all, first };
}

/**
 * Events per second of 100-stream runs taken in turns, each started once the servers in
 * `quiet` stopped working (storing captures); and the CPU (user + system) each process in
 * `pids` spent inside its own runs.
 */
async function manyStreams<K extends string>(
  targets: Record<K, Target>,
  runs: number,
  quiet: number[],
  pids: Partial<Record<K, number>> = {},
): Promise<{ rates: Record<K, number[]>; cpu: Record<K, number[]> }> {
  const keys = Object.keys(targets) as K[];
  const rates = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  const cpu = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++)
    for (const key of keys) {
      await Promise.all(quiet.map(settled));
      const pid = pids[key];
      const before = pid ? cpuSeconds(pid) : 0;
      rates[key].push(await throughput(targets[key], 100, 2000));
      if (pid) cpu[key].push(cpuSeconds(pid) - before);
    }
  return { rates, cpu };
}

/** Every capture GET /api/captures lists, by status, a page of 200 at a time. */
async function capturesListed(origin: string): Promise<Record<string, number>> {
  const byStatus: Record<string, number> = {};
  for (let before: string | undefined; ;) {
    const page = (await (await fetch(`${origin}/api/captures?limit=200${before ? `&before=${before}` : ''}`)).json()) as {
      items: { status: string }[];
      next?: string;
    };
    for (const item of page.items) byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
    if (!page.next) return byStatus;
    before = page.next;
  }
}

/**
 * Telemetry on against off: a second Sluice exporting to a collector that drops what it
 * gets, its proxy timed in turns with the first's (no collector set), blocks of 5 as above.
 */
async function telemetryFigures(
  off: Target,
  offOrigin: string,
  env: Record<string, string>,
  step: (what: string) => void,
): Promise<Metric[]> {
  step('telemetry on and off');
  const sink = await startTelemetrySink();
  // A second server with telemetry off too: two processes differ by more than the target, and this says by how much.
  const [traced, again] = await Promise.all([startNextServer({ ...env, ...sink.env }), startNextServer(env)]);
  try {
    const ways = {
      off,
      on: { ...off, name: 'Sluice proxy, telemetry on', url: off.url.replace(offOrigin, traced.origin) },
      again: { ...off, name: 'Sluice proxy, a second server', url: off.url.replace(offOrigin, again.origin) },
    };
    for (const target of Object.values(ways)) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
    const first = { off: [] as number[], on: [] as number[], again: [] as number[] };
    const event = { off: [] as number[], on: [] as number[], again: [] as number[] };
    for (let round = 0; round < 15; round++)
      for (const key of ['off', 'on', 'again'] as const)
        for (let k = 0; k < 5; k++) {
          const timing = await stream(ways[key], PACED);
          first[key].push(timing.headers);
          event[key].push(timing.firstEvent);
        }
    return [
      telemetryCost('Sluice proxy: time to first byte', first.on, first.off, sink.exports(), first.again),
      telemetryCost('Sluice proxy: time to first event', event.on, event.off, sink.exports(), event.again),
    ];
  } finally {
    for (const server of [traced, again]) {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true }); // PGlite's folders are large on this shared disk
    }
    sink.stop();
  }
}

export async function run(): Promise<Metric[]> {
  // The proxy is timed as built: a build older than the sources would time old code.
  const stale = staleBuild(process.cwd());
  if (stale) {
    console.error(`proxy bench: ${stale}: next build first`);
    if (spawnSync('node_modules/.bin/next', ['build'], { stdio: 'inherit' }).status !== 0) throw new Error('next build failed');
  }
  const upstream = await startBenchUpstream();
  const floor = await startFloorPipe(upstream.origin);
  // Every capture is kept, so the count at the end is every request the run sent.
  const env = { SLUICE_CONFIG: benchProvidersFile(upstream.origin), SLUICE_CAPTURE_RETENTION: '1000000' };
  // BENCH_PORT: a port of one's own on a machine shared with other servers.
  const next = await startNextServer(env, { port: Number(process.env.BENCH_PORT) || undefined });
  const portkey = await startPortkey();
  const targets: Record<Key, Target> = {
    direct: { name: 'direct', url: `${upstream.origin}/v1/chat/completions`, body, headers },
    floor: { name: 'floor: Node http pipe', url: floor.origin, body, headers },
    proxy: { name: 'Sluice proxy', url: `${next.origin}/proxy/bench/chat/completions`, body, headers },
    fallback: { name: 'Sluice proxy, Next.js route', url: `${next.origin}/./proxy/bench/chat/completions`, body, headers },
    portkey: {
      name: 'Portkey gateway',
      url: `${portkey.origin}/v1/chat/completions`,
      body,
      headers: { ...headers, 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstream.origin}/v1` },
    },
  };
  let sent = 0;
  const step = (what: string) => console.error(`proxy bench: ${what}`);
  const server = next.process.pid!;
  const ms = (v: number) => Math.round(v * 1000) / 1000;
  try {
    step('warming up');
    for (const target of Object.values(targets)) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
    sent += 2 * 300;
    await latency(targets, 1, 3);
    sent += 2 * 3;
    await settled(server);
    // PROXY_BENCH_ONLY=replay: just /replay's timing (bench/replay-timing.ts; written to proxy.partial.json).
    if (process.env.PROXY_BENCH_ONLY === 'replay') return await replayTiming(next.origin, targets.proxy, targets.direct);
    const agent = agentScenario({ upstream: upstream.origin, floor: floor.origin, sluice: next.origin });
    const agentFigures = async () => {
      const { idle, busy } = await agentRounds(agent, step);
      await settled(server);
      return [...agentMetrics('idle-spaced (1 s apart)', idle), ...agentMetrics('back-to-back', busy)];
    };
    // PROXY_BENCH_ONLY=agent: just the agent-shaped scenario (written to proxy.partial.json).
    if (process.env.PROXY_BENCH_ONLY === 'agent') return await agentFigures();
    step('latency');
    const rounds = 15;
    const block = 5;
    const { all: lat, first } = await latency(targets, rounds, block);
    sent += 2 * rounds * block;

    const at = (key: Key, p: number, of: (t: Timing[]) => number[], from = lat) =>
      p === 50 ? median(of(from[key])) : pct(of(from[key]), p);
    const ttfb = (t: Timing[]) => t.map((x) => x.headers);
    const firstEvent = (t: Timing[]) => t.map((x) => x.firstEvent);
    // An event's gap to the one before at the app, less the upstream's own gap between them (its timer
    // runs late on a busy machine, alike for every target): what the path added to the gap.
    const gap = (t: Timing[]) => t.flatMap(({ delays = [] }) => delays.slice(1).map((d, i) => d - delays[i]!));
    const delay = (t: Timing[]) => t.flatMap(({ delays = [] }) => delays);
    const overDirect = (
      key: Key,
      what: string,
      p: number,
      of: (t: Timing[]) => number[],
      target: string,
      met: (added: number) => boolean,
    ): Metric => {
      const ours = at(key, p, of);
      const theirs = at('direct', p, of);
      return {
        metric: `${targets[key].name}: ${what} p${p}, added over direct`,
        value: ms(ours - theirs),
        unit: 'ms',
        baseline: { name: `direct to upstream, ${what} p${p}`, value: ms(theirs) },
        ratio: ours / theirs,
        target,
        met: met(ours - theirs),
      };
    };
    const portkeyAdded = at('portkey', 50, ttfb) - at('direct', 50, ttfb);
    const paced = "inter-event gap less the upstream's own (it paces 2 ms)";
    const latencyMetrics = [
      overDirect('proxy', 'time to first byte', 50, ttfb, `<= 1 ms and below Portkey's (${ms(portkeyAdded)} ms)`, (added) => {
        return added <= 1 && added < portkeyAdded;
      }),
      // Portkey's stream loop waits 25 ms before it passes the first event on (build/start-server.js).
      overDirect('portkey', 'time to first byte', 50, ttfb, 'reference (25 ms of it a wait of its own)', () => true),
      overDirect('fallback', 'time to first byte', 50, ttfb, 'reference: what the lean path saves', () => true),
      overDirect('floor', 'time to first byte', 50, ttfb, 'reference: one more hop, nothing else', () => true),
      overDirect('proxy', 'time to first byte', 99, ttfb, 'report', () => true),
      {
        metric: `Sluice proxy: time to first byte p50 of a block's first request (after ~0.5 s idle while the others streamed), added over direct`,
        value: ms(at('proxy', 50, ttfb, first) - at('direct', 50, ttfb, first)),
        unit: 'ms',
        baseline: {
          name: "the floor, its block's first request, added over direct",
          value: ms(at('floor', 50, ttfb, first) - at('direct', 50, ttfb, first)),
        },
        ratio:
          (at('proxy', 50, ttfb, first) - at('direct', 50, ttfb, first)) /
          (at('floor', 50, ttfb, first) - at('direct', 50, ttfb, first)),
        target: 'report',
        met: true,
      },
      overDirect('proxy', 'time to first event', 50, firstEvent, 'report', () => true),
      overDirect('proxy', "an event's arrival after the upstream wrote it", 50, delay, 'report', () => true),
      overDirect('proxy', paced, 99, gap, '< 0.5 ms', (added) => added < 0.5),
      overDirect('portkey', paced, 99, gap, 'reference', () => true),
      overDirect('fallback', paced, 99, gap, 'reference', () => true),
      overDirect('floor', paced, 99, gap, 'reference', () => true),
    ];
    latencyMetrics.push(...(await telemetryFigures(targets.proxy, next.origin, env, step)));
    sent += 300 + 15 * 5; // its warm-up and its rounds through this server's proxy
    // PROXY_BENCH_ONLY=latency: just these (a quick look while working; written to proxy.partial.json).
    if (process.env.PROXY_BENCH_ONLY === 'latency') return latencyMetrics;
    const agentMetricsOfRun = await agentFigures();
    sent += agent.state.sent;
    const replayMetrics = await replayTiming(next.origin, targets.proxy, targets.direct);
    sent += 2; // the two streams it records through the proxy

    step('throughput, 100 streams');
    const runs = 5;
    const { rates: many, cpu: roundCpu } = await manyStreams(
      { direct: targets.direct, floor: targets.floor, proxy: targets.proxy },
      runs,
      [server],
      { floor: floor.child.pid!, proxy: server },
    );
    sent += 100 * runs;
    const { rates: portkeyMany } = await manyStreams({ direct: targets.direct, portkey: targets.portkey }, 3, [server]);
    step('CPU per proxied event, the capture stored');
    await settled(server);
    const cpuBefore = cpuSeconds(server);
    await throughput(targets.proxy, 4, 5000);
    sent += 4;
    await settled(server);
    const cpuPerEvent = ((cpuSeconds(server) - cpuBefore) / 20_000) * 1e6;
    step('captures');
    // The last captures are written once their stream's copy has been decoded: up to 30 s for them.
    let listed: Record<string, number> = {};
    for (let i = 0; i < 30; i++) {
      await settled(server);
      listed = await capturesListed(next.origin);
      if (Object.values(listed).reduce((a, b) => a + b, 0) >= sent && !listed.streaming) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const stored = Object.values(listed).reduce((a, b) => a + b, 0);
    const runsOf = (values: number[]) => `runs: ${values.map((v) => Math.round(v).toLocaleString('en-US')).join(', ')}`;
    const overDirectMany = (name: string, ours: number[], theirs: number[], target: string, met: boolean): Metric => ({
      metric: `throughput, 100 concurrent streams of 2,000 events through ${name} (${runsOf(ours)})`,
      value: Math.round(median(ours)),
      unit: 'events/s',
      baseline: { name: `direct to upstream, in turns with it (${runsOf(theirs)})`, value: Math.round(median(theirs)) },
      ratio: median(ours) / median(theirs),
      target,
      met,
    });
    const ratio = median(many.proxy) / median(many.direct);
    return [
      ...latencyMetrics,
      ...agentMetricsOfRun,
      ...replayMetrics,
      overDirectMany('the Sluice proxy', many.proxy, many.direct, '>= 0.9', ratio >= 0.9),
      overDirectMany('the floor, a Node http pipe', many.floor, many.direct, 'reference', true),
      overDirectMany('the Portkey gateway', portkeyMany.portkey, portkeyMany.direct, 'reference', true),
      // The throughput ratio alone misleads: the proxy passes a read on in one write, so the
      // bench's client reads fewer, larger chunks through it than direct (docs/decisions.md:
      // "The proxy at undici's dispatch level"). The CPU each server spends on the same round does not.
      {
        metric:
          'server CPU in a round of 100 streams of 2,000 events, the Sluice proxy (its captures listed; stored after it) ' +
          `(runs: ${roundCpu.proxy.map((v) => v.toFixed(2)).join(', ')} s)`,
        value: Math.round(median(roundCpu.proxy) * 1000) / 1000,
        unit: 's',
        baseline: {
          name: `the floor, a Node http pipe, in its own rounds (runs: ${roundCpu.floor.map((v) => v.toFixed(2)).join(', ')} s)`,
          value: Math.round(median(roundCpu.floor) * 1000) / 1000,
        },
        ratio: median(roundCpu.proxy) / median(roundCpu.floor),
        target: 'report',
        met: true,
      },
      {
        metric: 'server CPU per proxied event, its capture decoded and stored',
        value: ms(cpuPerEvent),
        unit: 'µs',
        baseline: { name: 'none', value: 0 },
        ratio: 0,
        target: 'report',
        met: true,
      },
      {
        metric: `captures listed by GET /api/captures after the run (${Object.entries(listed)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ')})`,
        value: stored,
        unit: 'captures',
        baseline: { name: 'requests sent through the proxy', value: sent },
        ratio: stored / sent,
        target: '= requests sent, all complete',
        met: stored === sent && listed.complete === sent,
      },
    ];
  } finally {
    await next.stop();
    await portkey.stop();
    floor.stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
  }
}
