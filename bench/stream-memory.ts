/**
 * Memory per open stream, each figure from a fresh process: a server that has already
 * served thousands of replies has grown its heap and its allocator's arenas for them,
 * and 200 more streams read there as no growth at all (the relay bench read 0 KB so).
 * Each process is started for its measurement (with `--expose-gc`), warmed with a few
 * chats, collected and read; then 200 streams are opened and held (the bench upstream's
 * `hold` model: one event, then nothing until the client leaves), the process settles
 * (Sluice writes each stream's turn), is collected and read again. The figure is
 * (after − before) / 200, for the resident memory of the whole process (every thread,
 * the embedded database's included) and for the main thread's heap (JS objects and the
 * buffers outside them). The floor is the bare Node pipe, measured the same way in the
 * same run; the bare Next.js relay route is the framework's own share.
 */
import { rmSync } from 'node:fs';
import { startNextServer, type RunningServer } from '../tests/support/next-server';
import { settled, sluiceTarget, stream, type Target } from './relay-streams';
import { startFloorPipe } from './relay-peers';
import { median, type Metric } from './report';

export const OPEN_STREAMS = 200;

interface Usage {
  rss: number;
  heapUsed: number;
  external: number;
}

/** Per open stream, in bytes. */
export interface StreamMemory {
  rss: number;
  heap: number;
  opened: number;
}

const readUsage = async (url: string, pid: number): Promise<Usage> => {
  const usage = (await (await fetch(url)).json()) as Usage & { collected: boolean; pid: number };
  if (!usage.collected) throw new Error(`${url}: not collected (the process needs --expose-gc)`);
  if (usage.pid !== pid) throw new Error(`${url}: answered by process ${usage.pid}, not the one started (${pid})`);
  return usage;
};

/**
 * Opens `count` held streams on `target` and resolves with their closers once all are
 * open (or after 30 s with those that are: a benchmark reports what it saw, it never hangs).
 */
async function holdStreams(target: Target, count: number): Promise<(() => void)[]> {
  const closers: (() => void)[] = [];
  await Promise.race([
    new Promise<void>((resolve) => {
      for (let i = 0; i < count; i++)
        void stream(target, 'hold-1', (close) => {
          closers.push(close);
          if (closers.length === count) resolve();
        });
    }),
    new Promise((r) => setTimeout(r, 30_000)),
  ]);
  if (closers.length < count) console.error(`memory bench: only ${closers.length} of ${count} streams opened on ${target.name}`);
  return closers;
}

/** One measurement on a process just started: warm, read, hold `count` streams, read. */
async function measure(target: Target, memoryUrl: string, pid: number, count: number): Promise<StreamMemory> {
  // Warm: the route's code loaded and optimized, the store's first writes done.
  for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 10 }, () => stream(target, 'burst-200')));
  await settled(pid);
  const before = await readUsage(memoryUrl, pid);
  const closers = await holdStreams(target, count);
  await settled(pid); // each Sluice stream's turn is written a moment after its first byte
  const after = await readUsage(memoryUrl, pid);
  closers.forEach((close) => close());
  const per = (bytes: number) => bytes / Math.max(1, closers.length);
  return {
    rss: per(after.rss - before.rss),
    heap: per(after.heapUsed + after.external - before.heapUsed - before.external),
    opened: closers.length,
  };
}

/** A fresh `next start` (bench provider, `--expose-gc`), measured, stopped and its data folder removed. */
async function onFreshServer(
  env: Record<string, string>,
  target: (origin: string) => Target,
  count: number,
): Promise<StreamMemory> {
  let server: RunningServer | undefined;
  try {
    server = await startNextServer({ ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() });
    return await measure(target(server.origin), `${server.origin}/api/bench/memory`, server.process.pid!, count);
  } finally {
    await server?.stop().catch((error: unknown) => console.error(`memory bench: ${String(error)}`));
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** The floor pipe, fresh, measured, stopped. */
async function onFreshFloor(upstream: string, count: number): Promise<StreamMemory> {
  const floor = await startFloorPipe(upstream);
  try {
    const target: Target = { name: 'floor', url: floor.origin, body: (model) => JSON.stringify({ model }) };
    return await measure(target, `${floor.origin}/memory`, floor.child.pid!, count);
  } finally {
    floor.stop();
  }
}

/**
 * `runs` fresh processes of each: the floor pipe, the bare Next.js relay route and
 * Sluice, taken in turns so that a noisy spell of this shared machine falls on all
 * three alike; the median of each.
 */
export async function streamMemory(
  upstream: string,
  env: Record<string, string>,
  { runs = 3, count = OPEN_STREAMS } = {},
): Promise<{ floor: StreamMemory; bare: StreamMemory; sluice: StreamMemory }> {
  const all = { floor: [] as StreamMemory[], bare: [] as StreamMemory[], sluice: [] as StreamMemory[] };
  const bareTarget = (origin: string): Target => ({
    name: 'bare Next.js relay',
    url: `${origin}/api/bench/relay`,
    body: (model) => JSON.stringify({ model }),
  });
  for (let i = 0; i < runs; i++) {
    all.floor.push(await onFreshFloor(upstream, count));
    all.bare.push(await onFreshServer(env, bareTarget, count));
    all.sluice.push(await onFreshServer(env, sluiceTarget, count));
    console.error(
      `memory bench: run ${i + 1}: per open stream, resident/heap KB: floor ${kb(all.floor.at(-1)!)}, ` +
        `bare Next.js ${kb(all.bare.at(-1)!)}, Sluice ${kb(all.sluice.at(-1)!)}`,
    );
  }
  const middle = (list: StreamMemory[]): StreamMemory => ({
    rss: median(list.map((m) => m.rss)),
    heap: median(list.map((m) => m.heap)),
    opened: Math.min(...list.map((m) => m.opened)),
  });
  return { floor: middle(all.floor), bare: middle(all.bare), sluice: middle(all.sluice) };
}

const kb = (m: StreamMemory) => `${Math.round(m.rss / 1024)}/${Math.round(m.heap / 1024)}`;

/** The figures as the relay bench reports them, beside `liveStore` (the live store's own KB per stream). */
export function streamMemoryMetrics(
  measured: { floor: StreamMemory; bare: StreamMemory; sluice: StreamMemory },
  runs: number,
): Metric[] {
  const { floor, bare, sluice } = measured;
  const k = (bytes: number) => Math.round(bytes / 1024);
  const fresh = `a fresh process each, median of ${runs}, collected before and after`;
  return [
    {
      metric: `whole server, resident memory per open stream (${OPEN_STREAMS} open; ${fresh})`,
      value: k(sluice.rss),
      unit: 'KB',
      baseline: { name: 'floor: Node http pipe, the same way, same run', value: k(floor.rss) },
      ratio: floor.rss > 0 ? sluice.rss / floor.rss : 0,
      target: '< 100 KB',
      met: sluice.rss < 100 * 1024 && sluice.opened === OPEN_STREAMS,
    },
    {
      metric: `main thread's heap (JS objects and external buffers) per open stream (${OPEN_STREAMS} open; ${fresh})`,
      value: k(sluice.heap),
      unit: 'KB',
      baseline: { name: 'floor: Node http pipe, the same way, same run', value: k(floor.heap) },
      ratio: floor.heap > 0 ? sluice.heap / floor.heap : 0,
      target: 'report',
      met: true,
    },
    {
      metric: `bare Next.js relay route, resident memory per open stream (reference: the framework’s own share; ${fresh})`,
      value: k(bare.rss),
      unit: 'KB',
      baseline: { name: 'floor: Node http pipe', value: k(floor.rss) },
      ratio: floor.rss > 0 ? bare.rss / floor.rss : 0,
      target: 'reference',
      met: true,
    },
    {
      metric: `bare Next.js relay route, main thread's heap per open stream (reference; ${fresh})`,
      value: k(bare.heap),
      unit: 'KB',
      baseline: { name: 'floor: Node http pipe', value: k(floor.heap) },
      ratio: floor.heap > 0 ? bare.heap / floor.heap : 0,
      target: 'reference',
      met: true,
    },
  ];
}
