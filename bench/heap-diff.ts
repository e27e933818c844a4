/**
 * Not a benchmark: what each open stream holds. Starts `next start` fresh (with
 * `--expose-gc` and a heap snapshot on SIGUSR2), warms it as bench/stream-memory.ts does,
 * takes a snapshot, opens 200 held streams on a target, takes another, and prints what
 * grew by constructor (count and bytes per stream), largest first.
 *
 *   npx tsx --conditions=react-server bench/heap-diff.ts [sluice|bare]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNextServer } from '../tests/support/next-server';
import { settled, sluiceTarget, stream, type Target } from './relay-streams';
import { benchProvidersFile, startBenchUpstream } from './relay-peers';

const STREAMS = 200;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count by node type and name (a constructor's, a closure's, a string's kind). */
function byConstructor(file: string): Map<string, { count: number; bytes: number }> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const kind = types[heap.nodes[i + type]!]!;
    const label = ['string', 'concatenated string', 'sliced string', 'number', 'code'].includes(kind)
      ? `(${kind})`
      : `${kind}: ${heap.strings[heap.nodes[i + name]!]!.slice(0, 80)}`;
    const entry = out.get(label) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += heap.nodes[i + size]!;
    out.set(label, entry);
  }
  return out;
}

const upstream = await startBenchUpstream();
const dir = mkdtempSync(join(tmpdir(), 'sluice-heap-diff-'));
const server = await startNextServer({
  SLUICE_CONFIG: benchProvidersFile(upstream.origin),
  SLUICE_BENCH_UPSTREAM: upstream.origin,
  SLUICE_DATA_DIR: join(dir, 'data'),
  NODE_OPTIONS: `--expose-gc --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`,
});
const pid = server.process.pid!;
const target: Target =
  process.argv[2] === 'bare'
    ? { name: 'bare', url: `${server.origin}/api/bench/relay`, body: (model) => JSON.stringify({ model }) }
    : sluiceTarget(server.origin);
const snapshot = async (): Promise<string> => {
  await fetch(`${server.origin}/api/bench/memory`); // collected
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const made = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (made) {
      // Written through once its size holds still and the process is idle again.
      for (let size = -1; size <= 0 || size !== statSync(join(dir, made)).size;) {
        size = statSync(join(dir, made)).size;
        await new Promise((r) => setTimeout(r, 1000));
      }
      await settled(pid);
      return join(dir, made);
    }
  }
};
try {
  for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 10 }, () => stream(target, 'burst-200')));
  await settled(pid);
  const first = await snapshot();
  const closers: (() => void)[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < STREAMS; i++)
      void stream(target, 'hold-1', (close) => {
        closers.push(close);
        if (closers.length === STREAMS) resolve();
      });
  });
  await settled(pid);
  const second = await snapshot();
  closers.forEach((close) => close());
  const [a, b] = [byConstructor(first), byConstructor(second)];
  const grown = [...b.entries()]
    .map(([label, { count, bytes }]) => ({
      label,
      count: (count - (a.get(label)?.count ?? 0)) / STREAMS,
      bytes: (bytes - (a.get(label)?.bytes ?? 0)) / STREAMS,
    }))
    .sort((x, y) => y.bytes - x.bytes);
  const total = grown.reduce((n, g) => n + g.bytes, 0);
  console.log(`${target.name}: the heap grew ${(total / 1024).toFixed(1)} KB per open stream; by constructor (per stream):`);
  for (const g of grown.slice(0, 40))
    console.log(`${(g.bytes / 1024).toFixed(2).padStart(8)} KB ${g.count.toFixed(1).padStart(7)}×  ${g.label}`);
} finally {
  await server.stop().catch(() => undefined);
  upstream.server.closeAllConnections();
  upstream.server.close();
  rmSync(dir, { recursive: true, force: true });
}
