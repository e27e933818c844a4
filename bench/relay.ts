/**
 * The relay's cost, measured in one run against one local upstream: (a) direct, (b)
 * through a minimal Node http pipe (the floor), (c) through a bare Next.js route that
 * fetches the upstream and returns its body (the floor of this architecture), (d)
 * through /api/chat under next start, with its live stream (durability) on; and
 * joining live streams by offset while 100 run. Then the same with REDIS_URL (two
 * instances on one Redis server) against the memory store.
 */
import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryLiveStreams } from '@/lib/server/streams/live/memory-live-streams';
import { startNextServer, type RunningServer } from '../tests/support/next-server';
import { redisServerBinary, startRedis } from '../tests/support/redis';
import { benchProvidersFile, cpuSeconds, rssBytes, startBenchUpstream, startFloorPipe } from './relay-peers';
import { burstFigures } from './relay-burst';
import { firstByte, settled, sluiceTarget, stream, throughput, type Target, type Timing } from './relay-streams';
import { streamMemory, streamMemoryMetrics } from './stream-memory';
import { median, pct, type Metric } from './report';
import { startTelemetrySink, telemetryCost, telemetryCpuPerReply } from './telemetry-on';

const ms = (v: number) => Math.round(v * 1000) / 1000;
const gaps = (t: Timing) => t.eventTimes.slice(1).map((x, i) => x - t.eventTimes[i]!);

/** A target's times over its runs: to its headers, to its first event, and every gap between events. */
interface Latencies {
  headers: number[];
  firstEvent: number[];
  gaps: number[];
}

/** Runs taken in turns across the targets, so a noisy spell of this shared machine falls on all of them alike. */
async function latency<K extends string>(targets: Record<K, Target>, runs: number): Promise<Record<K, Latencies>> {
  const all = Object.fromEntries(Object.keys(targets).map((k) => [k, [] as Timing[]])) as Record<K, Timing[]>;
  for (let i = 0; i < runs; i++) for (const k of Object.keys(targets) as K[]) all[k].push(await stream(targets[k], 'paced-60-2'));
  const summary = (timings: Timing[]): Latencies => ({
    headers: timings.map((t) => t.headers),
    firstEvent: timings.map((t) => t.firstEvent),
    gaps: timings.flatMap(gaps),
  });
  return Object.fromEntries(Object.entries(all).map(([k, timings]) => [k, summary(timings as Timing[])])) as Record<K, Latencies>;
}

/** A plain GET through Next.js: what any route handler costs before our code runs. */
async function bareRoute(url: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await firstByte(url));
  return times;
}

/**
 * Joining live streams: 100 replies run (paced), and each is joined from a byte offset
 * it has passed, in turn with a plain GET of a bare route under the same load, both at
 * `origin` (with Redis, another instance than the one running the replies).
 */
async function joins(sluice: Target, origin: string, running: number): Promise<{ join: number[]; bare: number[] }> {
  const closers: (() => void)[] = [];
  const ids: string[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < running; i++)
      void stream(sluice, 'paced-1500-4', (close, headers) => {
        closers.push(close);
        ids.push(String(headers['x-sluice-message-id']));
        if (ids.length === running) resolve();
      });
  });
  await new Promise((r) => setTimeout(r, 500));
  const result = { join: [] as number[], bare: [] as number[] };
  for (const id of ids) {
    result.bare.push(await firstByte(`${origin}/api/health`));
    result.join.push(await firstByte(`${origin}/api/chat/${id}/stream?from=100`));
  }
  closers.forEach((close) => close());
  return result;
}

/**
 * Median of runs taken in turns, floor then Sluice, so neither gets the quieter or the
 * warmer half of the run. A one-stream run lasts tens of milliseconds: with three runs,
 * its ratio swung widely between two runs of the bench on this shared machine
 * (docs/decisions.md: "Relay bench: medians of runs taken in turns").
 */
async function alternating(
  runs: number,
  floor: () => Promise<number>,
  sluice: () => Promise<number>,
  quiet: number[] = [],
): Promise<{ floor: number; sluice: number }> {
  const results = { floor: [] as number[], sluice: [] as number[] };
  // Each run starts once the servers in `quiet` have stopped working: a Sluice run's
  // replies are decoded and stored after their last byte went out, and that work must
  // not fall on the next run of the other target
  // (docs/decisions.md: "Relay bench: runs start on quiet servers").
  const settle = () => Promise.all(quiet.map(settled));
  for (let i = 0; i < runs; i++) {
    await settle();
    results.floor.push(await floor());
    await settle();
    results.sluice.push(await sluice());
  }
  return { floor: median(results.floor), sluice: median(results.sluice) };
}

/** Resident memory the server grew by per open stream; with `events`, each stream first gets that many (and keeps them). */
async function memoryPerStream(target: Target, pid: number, streams: number, events = 1): Promise<number> {
  if (typeof global.gc === 'function') global.gc();
  await new Promise((r) => setTimeout(r, 500));
  const before = rssBytes(pid);
  const closers: (() => void)[] = [];
  const replies: string[] = [];
  const opened = new Promise<void>((resolve) => {
    for (let i = 0; i < streams; i++)
      void stream(target, `hold-${events}`, (close, headers) => {
        closers.push(close);
        if (headers['x-sluice-message-id']) replies.push(String(headers['x-sluice-message-id']));
        if (closers.length === streams) resolve();
      });
  });
  // Bounded: a benchmark reports what it saw, it never hangs.
  await Promise.race([opened, new Promise((r) => setTimeout(r, 20_000))]);
  if (closers.length < streams)
    console.error(`relay bench: only ${closers.length} of ${streams} streams opened on ${target.name}`);
  await new Promise((r) => setTimeout(r, 1000));
  const after = rssBytes(pid);
  closers.forEach((close) => close());
  // A Sluice reply runs on without its reader (until the idle limit): stopped, so that the
  // held upstream connections do not fill the server's pool for what comes next.
  const origin = new URL(target.url).origin;
  await Promise.all(replies.map((id) => fetch(`${origin}/api/chat/${id}/stop`, { method: 'POST' }).catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 500));
  return Math.max(0, after - before) / Math.max(1, closers.length);
}

/**
 * The live store's own memory per open stream beyond the bytes it keeps: 200 streams of
 * 2,000 events, one chunk per event (its worst case: a record per chunk), each with a
 * reader that has had them all, measured in this process after full collections.
 */
function liveStoreMemory(streams: number, events: number): { perStream: number; bytes: number } {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const store = new MemoryLiveStreams({ retentionMs: 600_000, unwatchedLimitMs: 600_000 });
  const event = (i: number) =>
    Buffer.from(
      'data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"bench",' +
        `"choices":[{"index":0,"delta":{"content":" token${i}"},"finish_reason":null}]}\n\n`,
    );
  const before = used();
  let bytes = 0;
  for (let s = 0; s < streams; s++) {
    const acquired = store.acquire(
      `s${s}`,
      { headers: { 'x-sluice-message-id': `s${s}` }, startedAt: Date.now() },
      () => undefined,
    );
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    store.read(`s${s}`, 0)!.follow(
      () => true,
      () => undefined,
    );
    for (let i = 0; i < events; i++) {
      const chunk = event(i);
      if (s === 0) bytes += chunk.byteLength;
      acquired.writer.append(chunk, i);
    }
  }
  const after = used();
  store.shutDown().catch(() => undefined);
  return { perStream: (after - before) / streams - bytes, bytes };
}

function liveStoreMetric(store: { perStream: number; bytes: number }): Metric {
  return {
    metric:
      'live store memory per open stream beyond its kept bytes ' +
      `(2,000 events, ${Math.round(store.bytes / 1024)} KB, one chunk each, a reader each; 200 open)`,
    value: Math.round(store.perStream / 1024),
    unit: 'KB',
    baseline: { name: 'the bytes kept per stream', value: Math.round(store.bytes / 1024) },
    ratio: store.perStream / store.bytes,
    target: '< 100 KB',
    met: store.perStream < 100 * 1024,
  };
}

/**
 * 100-stream runs, untimed, right before the timed ones: after the one-stream runs,
 * Sluice's first 100-stream runs read well below its fourth and fifth, its heap and its
 * workers' code growing back into the load, while the floor's held steady
 * (docs/decisions.md: "Relay bench: warm-up before each 100-stream section").
 */
async function warmForMany(targets: Target[]): Promise<void> {
  for (let i = 0; i < 3; i++) for (const target of targets) await throughput(target, 100, 2000);
}

async function cpuPerEvent(target: Target, pid: number, events: number): Promise<number> {
  await settled(pid);
  const before = cpuSeconds(pid);
  await throughput(target, 4, events / 4);
  await settled(pid);
  return ((cpuSeconds(pid) - before) / events) * 1e6; // µs
}

/**
 * The same figures with REDIS_URL, in the same run: two instances on one Redis server,
 * against a memory-store instance started with them and warmed the same way, not the
 * server the other figures were taken on: by then it has served thousands of replies
 * and holds their history, and the three servers share the two cores differently. The replies run on
 * one instance; the joins go through the other. Without redis-server on this machine,
 * none (said on stderr).
 */
async function redisFigures(sluice: Target, env: Record<string, string>, step: (what: string) => void): Promise<Metric[]> {
  const binary = redisServerBinary();
  if (!binary) {
    console.error('relay bench: no redis-server here (apt-get install redis-server): the REDIS_URL figures are left out');
    return [];
  }
  const redis = await startRedis(binary);
  const [one, other, plain] = await Promise.all([
    startNextServer({ ...env, REDIS_URL: redis.url }),
    startNextServer({ ...env, REDIS_URL: redis.url }),
    startNextServer(env),
  ]);
  const memory: Target = { ...sluice, name: 'sluice, memory store', url: `${plain.origin}/api/chat` };
  const viaRedis: Target = { ...sluice, name: 'sluice with REDIS_URL', url: `${one.origin}/api/chat` };
  try {
    step('REDIS_URL: warming up');
    for (const target of [memory, viaRedis]) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
    step('REDIS_URL: latency');
    const lat = await latency({ memory, redis: viaRedis }, 60);
    step('REDIS_URL: joining through the other instance, 100 running');
    const joined = await joins(viaRedis, other.origin, 100);
    step('REDIS_URL: throughput, 100 streams');
    await warmForMany([memory, viaRedis]);
    const many = await alternating(
      5,
      () => throughput(memory, 100, 2000),
      () => throughput(viaRedis, 100, 2000),
      [plain.process.pid!, one.process.pid!, other.process.pid!],
    );
    const overMemory = (name: string, ours: number, theirs: number, target: string, met: boolean): Metric => ({
      metric: `with REDIS_URL: ${name}, added over the memory store`,
      value: ms(ours - theirs),
      unit: 'ms',
      baseline: { name: `memory store, ${name}`, value: ms(theirs) },
      ratio: ours / theirs,
      target,
      met,
    });
    return [
      overMemory('time to first byte p50', median(lat.redis.headers), median(lat.memory.headers), 'report', true),
      overMemory(
        'time to first event p50',
        median(lat.redis.firstEvent),
        median(lat.memory.firstEvent),
        'under 1 ms',
        median(lat.redis.firstEvent) - median(lat.memory.firstEvent) < 1,
      ),
      {
        metric:
          'with REDIS_URL: joining through the other instance (GET …/stream?from=100), time to first byte p50, 100 streams running',
        value: ms(median(joined.join)),
        unit: 'ms',
        baseline: {
          name: 'bare Next.js route (GET /api/health) on that instance under the same load',
          value: ms(median(joined.bare)),
        },
        ratio: median(joined.join) / median(joined.bare),
        target: 'report',
        met: true,
      },
      {
        metric: 'with REDIS_URL: joining through the other instance, time to first byte p99, 100 streams running',
        value: ms(pct(joined.join, 99)),
        unit: 'ms',
        baseline: { name: 'bare Next.js route on that instance under the same load, p99', value: ms(pct(joined.bare, 99)) },
        ratio: pct(joined.join, 99) / pct(joined.bare, 99),
        target: 'report',
        met: true,
      },
      {
        metric: 'with REDIS_URL: throughput, 100 concurrent streams',
        value: Math.round(many.sluice),
        unit: 'events/s',
        baseline: { name: 'memory store, same run', value: Math.round(many.floor) },
        ratio: many.sluice / many.floor,
        target: '>= 0.8',
        met: many.sluice / many.floor >= 0.8,
      },
    ];
  } finally {
    await Promise.allSettled([one.stop(), other.stop(), plain.stop()]);
    for (const server of [one, other, plain]) rmSync(server.dataDir, { recursive: true, force: true });
    await redis.stop();
  }
}

/** The servers a relay run measures, and the ways to its upstream: (a) to (d) above. */
interface Rig {
  upstream: Awaited<ReturnType<typeof startBenchUpstream>>;
  floor: Awaited<ReturnType<typeof startFloorPipe>>;
  next: RunningServer;
  env: Record<string, string>;
  direct: Target;
  pipe: Target;
  bareRelay: Target;
  sluice: Target;
}

type Step = (what: string) => void;

/** The bench upstream, the floor pipe before it and `next start` with the bench provider. */
async function startRig(): Promise<Rig> {
  const upstream = await startBenchUpstream();
  const floor = await startFloorPipe(upstream.origin);
  const env = { SLUICE_CONFIG: benchProvidersFile(upstream.origin), SLUICE_BENCH_UPSTREAM: upstream.origin };
  const next = await startNextServer(env);
  return {
    upstream,
    floor,
    next,
    env,
    direct: { name: 'direct', url: `${upstream.origin}/v1/chat/completions`, body: (model) => JSON.stringify({ model }) },
    pipe: { name: 'floor', url: floor.origin, body: (model) => JSON.stringify({ model }) },
    bareRelay: { name: 'bare Next.js relay', url: `${next.origin}/api/bench/relay`, body: (model) => JSON.stringify({ model }) },
    sluice: sluiceTarget(next.origin),
  };
}

async function stopRig({ upstream, floor, next }: Rig): Promise<void> {
  await next.stop();
  rmSync(next.dataDir, { recursive: true, force: true }); // ~200 MB each: this shared disk filled once
  floor.stop();
  upstream.server.closeAllConnections();
  upstream.server.close();
}

/** The four ways to the upstream, timed in turns by `latency`. */
const fourWays = ({ direct, pipe, bareRelay, sluice }: Rig) => ({ direct, floor: pipe, bareRelay, sluice });
type Way = keyof ReturnType<typeof fourWays>;

/** 100 concurrent streams of 2,000 events, the floor's and `target`'s events/s, medians of `runs` taken in turns. */
function hundredStreams({ pipe, next }: Rig, target: Target, runs: number) {
  return alternating(
    runs,
    () => throughput(pipe, 100, 2000),
    () => throughput(target, 100, 2000),
    [next.process.pid!],
  );
}

/** Sluice's figure against the bare Next.js relay route's: the target is what Sluice adds, within 1 ms. */
function overBareRelay(name: string, ours: number, bare: number): Metric {
  return {
    metric: `${name}, added over a bare Next.js route that fetches the upstream and returns its body`,
    value: ms(ours - bare),
    unit: 'ms',
    baseline: { name: `bare Next.js relay route, ${name}`, value: ms(bare) },
    ratio: ours / bare,
    target: 'within 1 ms',
    met: ours - bare <= 1,
  };
}

function overBareRelayMetrics(lat: Record<'sluice' | 'bareRelay', Latencies>): Metric[] {
  return [
    overBareRelay('time to first byte p50', median(lat.sluice.headers), median(lat.bareRelay.headers)),
    overBareRelay('time to first event p50', median(lat.sluice.firstEvent), median(lat.bareRelay.firstEvent)),
  ];
}

function hundredStreamsMetric(many: { floor: number; sluice: number }): Metric {
  return {
    metric: 'throughput, 100 concurrent streams',
    value: Math.round(many.sluice),
    unit: 'events/s',
    baseline: { name: 'floor: Node http pipe', value: Math.round(many.floor) },
    ratio: many.sluice / many.floor,
    target: '>= 0.8',
    met: many.sluice / many.floor >= 0.8,
  };
}

/**
 * RELAY_BENCH_ONLY=NAME: that section alone, a quick look while working (the report then
 * lacks the rest). Any other value, or none: undefined, and the full run follows.
 */
async function quickLook(only: string | undefined, rig: Rig, step: Step): Promise<Metric[] | undefined> {
  const { upstream, next, env, pipe, sluice } = rig;
  switch (only) {
    case 'redis': // just the REDIS_URL figures
      return await redisFigures(sluice, env, step);
    case 'burst': // just the server's answers while 200 streams start
      await latency({ sluice }, 3);
      return await burstFigures(next.origin, upstream, () => settled(next.process.pid!));
    case 'memory': {
      // just memory per open stream, on fresh processes
      const store = liveStoreMemory(200, 2000);
      return [...streamMemoryMetrics(await streamMemory(upstream.origin, env, { runs: 1 }), 1), liveStoreMetric(store)];
    }
    case 'throughput': // just 100 streams through Sluice and the floor
      await warmForMany([pipe, sluice]);
      return [hundredStreamsMetric(await hundredStreams(rig, sluice, 5))];
    case 'latency': // just time to first byte and event over the bare Next.js relay route, and telemetry's cost
      await latency(fourWays(rig), 3);
      return [...overBareRelayMetrics(await latency(fourWays(rig), 30)), ...(await telemetryFigures(rig, step))];
    case 'telemetry': // just the cost of telemetry on
      return await telemetryFigures(rig, step);
    default:
      return undefined;
  }
}

interface LatencyFigures {
  /** Time to first byte of GET /api/health. */
  bareNext: number[];
  lat: Record<Way, Latencies>;
  joined: { join: number[]; bare: number[] };
}

/** Warmed up, then time to first byte and event of the four ways, and joining live streams. */
async function latencyFigures(rig: Rig, step: Step): Promise<LatencyFigures> {
  const { next, bareRelay, sluice } = rig;
  step('warming up');
  await latency(fourWays(rig), 3); // warm up
  // Both Next.js routes get their code optimized before they are timed
  // (docs/decisions.md: "Relay bench: both Next.js routes warmed").
  for (const target of [sluice, bareRelay]) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
  step('latency');
  const bareNext = await bareRoute(`${next.origin}/api/health`, 20);
  const lat = await latency(fourWays(rig), 30);
  step('joining live streams, 100 running');
  const joined = await joins(sluice, next.origin, 100);
  return { bareNext, lat, joined };
}

function latencyMetrics({ bareNext, lat, joined }: LatencyFigures): Metric[] {
  const added = (name: string, ours: number, floorValue: number, target: number): Metric => ({
    metric: name,
    value: ms(ours),
    unit: 'ms',
    baseline: { name: 'floor: Node http pipe', value: ms(floorValue) },
    ratio: floorValue > 0 ? ours / floorValue : 0,
    target: `added < ${target} ms`,
    met: ours - floorValue < target,
  });
  return [
    {
      metric: 'time to first byte p50 (direct to upstream)',
      value: ms(median(lat.direct.headers)),
      unit: 'ms',
      baseline: { name: 'floor: Node http pipe', value: ms(median(lat.floor.headers)) },
      ratio: median(lat.direct.headers) / median(lat.floor.headers),
      target: 'reference',
      met: true,
    },
    {
      metric: 'time to first byte p50 of a bare Next.js route (GET /api/health)',
      value: ms(median(bareNext)),
      unit: 'ms',
      baseline: { name: 'floor: Node http pipe', value: ms(median(lat.floor.headers)) },
      ratio: median(bareNext) / median(lat.floor.headers),
      target: 'reference: the framework’s own cost',
      met: true,
    },
    ...overBareRelayMetrics(lat),
    {
      metric: 'joining a live stream (GET …/stream?from=100), time to first byte p50, 100 streams running',
      value: ms(median(joined.join)),
      unit: 'ms',
      baseline: { name: 'bare Next.js route (GET /api/health) under the same load', value: ms(median(joined.bare)) },
      ratio: median(joined.join) / median(joined.bare),
      target: 'report',
      met: true,
    },
    {
      metric: 'joining a live stream, time to first byte p99, 100 streams running',
      value: ms(pct(joined.join, 99)),
      unit: 'ms',
      baseline: { name: 'bare Next.js route under the same load, p99', value: ms(pct(joined.bare, 99)) },
      ratio: pct(joined.join, 99) / pct(joined.bare, 99),
      target: 'report',
      met: true,
    },
    added('time to first byte p50', median(lat.sluice.headers), median(lat.floor.headers), 2),
    added('time to first byte p99', pct(lat.sluice.headers, 99), pct(lat.floor.headers, 99), 10),
    added('time to first event p50', median(lat.sluice.firstEvent), median(lat.floor.firstEvent), 2),
    added('time to first event p99', pct(lat.sluice.firstEvent, 99), pct(lat.floor.firstEvent, 99), 10),
    added('inter-event gap p50 (upstream paces 2 ms)', median(lat.sluice.gaps), median(lat.floor.gaps), 1),
    added('inter-event gap p99 (upstream paces 2 ms)', pct(lat.sluice.gaps, 99), pct(lat.floor.gaps, 99), 1),
  ];
}

interface ThroughputFigures {
  one: { floor: number; sluice: number };
  many: { floor: number; sluice: number };
  manyBare: { floor: number; sluice: number };
}

/** Events/s of one stream and of 100 at once, through Sluice (and 100 through the bare relay route), against the floor. */
async function throughputFigures(rig: Rig, step: Step): Promise<ThroughputFigures> {
  const { next, pipe, bareRelay, sluice } = rig;
  step('throughput, one stream');
  const one = await alternating(
    9,
    () => throughput(pipe, 1, 5000),
    () => throughput(sluice, 1, 5000),
    [next.process.pid!],
  );
  step('throughput, 100 streams');
  await warmForMany([pipe, sluice, bareRelay]);
  const many = await hundredStreams(rig, sluice, 5);
  const manyBare = await hundredStreams(rig, bareRelay, 3);
  return { one, many, manyBare };
}

function throughputMetrics({ one, many, manyBare }: ThroughputFigures): Metric[] {
  return [
    {
      metric: 'throughput, one stream',
      value: Math.round(one.sluice),
      unit: 'events/s',
      baseline: { name: 'floor: Node http pipe', value: Math.round(one.floor) },
      ratio: one.sluice / one.floor,
      target: '>= 0.8',
      met: one.sluice / one.floor >= 0.8,
    },
    {
      metric: 'throughput, 100 concurrent streams, through the bare Next.js relay route (reference: the framework’s own cost)',
      value: Math.round(manyBare.sluice),
      unit: 'events/s',
      baseline: { name: 'floor: Node http pipe', value: Math.round(manyBare.floor) },
      ratio: manyBare.sluice / manyBare.floor,
      target: 'reference',
      met: true,
    },
    hundredStreamsMetric(many),
  ];
}

/** CPU per relayed event, in µs, of the floor pipe's process and of the Next.js server's. */
async function cpuFigures({ floor, next, pipe, sluice }: Rig): Promise<{ floor: number; sluice: number }> {
  return {
    floor: await cpuPerEvent(pipe, floor.child.pid!, 20_000),
    sluice: await cpuPerEvent(sluice, next.process.pid!, 20_000),
  };
}

function cpuMetric(cpu: { floor: number; sluice: number }): Metric {
  return {
    metric: 'CPU per relayed event',
    value: ms(cpu.sluice),
    unit: 'µs',
    baseline: { name: 'floor: Node http pipe', value: ms(cpu.floor) },
    ratio: cpu.sluice / cpu.floor,
    target: 'report',
    met: true,
  };
}

interface KeptMemoryFigures {
  /** One reply's size. */
  replyBytes: number;
  store: { perStream: number; bytes: number };
  kept: { floor: number; sluice: number };
}

/** Memory per open stream with 2,000 events kept: the live store's own (in this process), the whole server's. */
async function keptMemoryFigures({ floor, next, pipe, sluice }: Rig): Promise<KeptMemoryFigures> {
  const replyBytes = (await stream(sluice, 'burst-2000')).bytes;
  const store = liveStoreMemory(200, 2000);
  const kept = {
    floor: await memoryPerStream(pipe, floor.child.pid!, 200, 2000),
    sluice: await memoryPerStream(sluice, next.process.pid!, 200, 2000),
  };
  return { replyBytes, store, kept };
}

function keptMemoryMetric({ replyBytes, kept }: KeptMemoryFigures): Metric {
  return {
    metric:
      `whole server, resident memory per open stream of 2,000 events (${Math.round(replyBytes / 1024)} KB; ` +
      "its live bytes, its copy's event log, its stored turn; 200 open)",
    value: Math.round(kept.sluice / 1024),
    unit: 'KB',
    baseline: { name: 'floor: Node http pipe, per open stream', value: Math.round(kept.floor / 1024) },
    ratio: kept.floor > 0 ? kept.sluice / kept.floor : 0,
    target: 'report',
    met: true,
  };
}

/**
 * Telemetry on against off: a second Sluice exporting to a collector that drops what it
 * gets, timed in turns with the rig's (no collector set), both warmed alike.
 */
async function telemetryFigures(rig: Rig, step: Step): Promise<Metric[]> {
  step('telemetry on and off');
  const sink = await startTelemetrySink();
  // A second server with telemetry off too: two processes differ by more than the target, and this says by how much.
  const [traced, again] = await Promise.all([startNextServer({ ...rig.env, ...sink.env }), startNextServer(rig.env)]);
  try {
    const ways = { off: rig.sluice, on: sluiceTarget(traced.origin), again: sluiceTarget(again.origin) };
    for (const target of Object.values(ways)) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
    await latency(ways, 3);
    const lat = await latency(ways, 40);
    const noise = { first: lat.again.headers, event: lat.again.firstEvent };
    return [
      telemetryCost('time to first byte', lat.on.headers, lat.off.headers, sink.exports(), noise.first),
      telemetryCost('time to first event', lat.on.firstEvent, lat.off.firstEvent, sink.exports(), noise.event),
      await telemetryCpuPerReply(sink.env),
    ];
  } finally {
    for (const server of [traced, again]) {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    sink.stop();
  }
}

/** Every section, each placed where it does not skew the next; the figures in the report's order. */
async function fullRun(rig: Rig, step: Step): Promise<Metric[]> {
  const { upstream, next, env, sluice } = rig;
  const latencies = await latencyFigures(rig, step);
  const throughputs = await throughputFigures(rig, step);
  step('CPU per event');
  const cpu = await cpuFigures(rig);
  step('memory, 200 open streams of 2,000 events kept');
  const keptMemory = await keptMemoryFigures(rig);
  // After the memory figures: the burst's 200 streams and their probes grow the heap, and
  // a heap grown already reads as less memory per stream there.
  step('streams starting: 200 at once');
  const burst = await burstFigures(next.origin, upstream, () => settled(next.process.pid!));
  step('memory, 200 open streams, fresh processes');
  const memoryRuns = 3;
  const memory = await streamMemory(upstream.origin, env, { runs: memoryRuns });
  const withRedis = await redisFigures(sluice, env, step);
  const telemetry = await telemetryFigures(rig, step);
  return [
    ...latencyMetrics(latencies),
    ...telemetry,
    cpuMetric(cpu),
    ...throughputMetrics(throughputs),
    liveStoreMetric(keptMemory.store),
    keptMemoryMetric(keptMemory),
    ...streamMemoryMetrics(memory, memoryRuns),
    ...burst,
    ...withRedis,
  ];
}

export async function run(): Promise<Metric[]> {
  const rig = await startRig();
  try {
    const step = (what: string) => console.error(`relay bench: ${what}`);
    return (await quickLook(process.env.RELAY_BENCH_ONLY, rig, step)) ?? (await fullRun(rig, step));
  } finally {
    await stopRig(rig);
  }
}
