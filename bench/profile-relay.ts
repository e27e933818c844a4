/**
 * Not a benchmark: a look inside the relay bench's 100-stream figure. Runs Sluice's server (scripts/serve.mjs)
 * under Node's CPU profiler (every thread: the relay's, the server copy's, PGlite's),
 * sends rounds of 100 concurrent 2,000-event replies from the bench upstream, and
 * prints each round's events per second and the server's CPU, then, per thread, where
 * its time went by source file (through the build's source maps). The profiles stay in
 * the system's temporary folder, for DevTools.
 *
 *   npx tsx --conditions=react-server bench/profile-relay.ts [rounds] [bare|proxy|burst|first-byte]  (REDIS_URL or DATABASE_URL pass through)
 *
 * With `bare`, the rounds go through the bare Next.js relay route instead: the same
 * profile of the architecture's floor, to set beside Sluice's. With `proxy`, through the
 * recording proxy (/proxy/bench/…, each exchange captured), as bench/proxy.ts times it.
 * With `burst`, each round sends 200 chats at once on the gated model (one event, held),
 * waits for every first byte, then releases them: where the server's time goes while
 * streams start (bench/relay-burst.ts). With `first-byte`, each round is 200 sequential
 * paced streams through the recording proxy, as bench/proxy.ts's first-byte rounds, the
 * profiler sampling every 50 µs; "inside the rounds" is then each request's wait for its
 * answer's head: what the proxy's first byte spends its time on.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/support/next-server';
import { settled, sluiceTarget, stream, throughput, type Target } from './relay-streams';
import { timeToFirstByte } from './relay-burst';
import { benchProvidersFile, cpuSeconds, startBenchUpstream } from './relay-peers';

const rounds = Number(process.argv[2] ?? 5);
const mode = process.argv[3];
const firstByte = mode === 'first-byte';

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/**
 * Milliseconds a thread was busy inside the rounds (`windows`, µs on the monotonic clock
 * the profiles' timestamps use, in order), and the functions its time went to there
 * (self time), named by their source (through the build's source maps).
 */
function inRounds(profile: Profile, windows: [number, number][]): { busy: number; functions: [string, number][] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = sourceOf();
  const functions = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  let w = 0;
  profile.samples.forEach((sample, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    while (w < windows.length && windows[w]![1] < at) w++;
    const { functionName, url, lineNumber, columnNumber } = nodes.get(sample)!.callFrame;
    if (functionName === '(idle)' || w === windows.length || at < windows[w]![0]) return;
    busy += dt / 1000;
    const name = `${functionName || '(anonymous)'} ${where(url, lineNumber, columnNumber, true)}`;
    functions.set(name, (functions.get(name) ?? 0) + dt / 1000);
  });
  return { busy, functions: [...functions.entries()].sort((a, b) => b[1] - a[1]) };
}

/** Where a profile's frame comes from: its source file (and line), through the build's source maps for its chunks. */
function sourceOf(): (url: string, lineNumber: number, columnNumber: number, withLine?: boolean) => string {
  const maps = new Map<string, SourceMap | null>();
  return (url, lineNumber, columnNumber, withLine = false) => {
    const path = url.replace('file://', '');
    let file = url.split('/').slice(-2).join('/') || '(native)';
    let line = lineNumber;
    if (path.includes('/.next/')) {
      if (!maps.has(path))
        maps.set(path, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null);
      const entry = maps.get(path)?.findEntry(lineNumber, columnNumber);
      if (entry && 'originalSource' in entry && entry.originalSource) {
        file = entry.originalSource.replace(/^.*?(node_modules\/|\/lib\/|\/app\/)/, (_, dir: string) =>
          dir === 'node_modules/' ? '' : dir.slice(1),
        );
        line = entry.originalLine;
      }
    }
    return withLine ? `${file}:${line + 1}` : file;
  };
}

/** Milliseconds a profile's thread was busy, and the source files its time went to (inclusive), from the build's source maps. */
function byFile(profile: Profile): { busy: number; files: [string, number][] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const source = sourceOf();
  const fileOf = new Map<number, string>();
  const where = (id: number): string => {
    const known = fileOf.get(id);
    if (known !== undefined) return known;
    const { url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
    const file = source(url, lineNumber, columnNumber);
    fileOf.set(id, file);
    return file;
  };
  const files = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((sample, i) => {
    if (nodes.get(sample)!.callFrame.functionName === '(idle)') return;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    busy += dt;
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const file = where(id);
      if (seen.has(file)) continue;
      seen.add(file);
      files.set(file, (files.get(file) ?? 0) + dt);
    }
  });
  return { busy, files: [...files.entries()].sort((a, b) => b[1] - a[1]) };
}

const upstream = await startBenchUpstream();
const dir = mkdtempSync(join(tmpdir(), 'sluice-profile-relay-'));
const port = await freePort();
const profiles = join(dir, 'profiles');
const server = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profiles}`, ...(firstByte ? ['--cpu-prof-interval=50'] : []), 'scripts/serve.mjs'],
  {
    env: {
      ...process.env,
      SLUICE_CONFIG: benchProvidersFile(upstream.origin),
      SLUICE_BENCH_UPSTREAM: upstream.origin,
      SLUICE_DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (i > 300) throw new Error('the server did not become ready');
  if (
    await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 200));
}

const target: Target =
  mode === 'bare'
    ? { name: 'bare Next.js relay', url: `${origin}/api/bench/relay`, body: (model) => JSON.stringify({ model }) }
    : mode === 'proxy' || firstByte
      ? {
          name: 'recording proxy',
          url: `${origin}/proxy/bench/chat/completions`,
          body: (model) => JSON.stringify({ model, stream: true }),
          headers: { authorization: 'Bearer sk-bench-not-a-key' },
        }
      : sluiceTarget(origin);
for (let round = 0; round < rounds && mode === 'burst'; round++) {
  const cpu = cpuSeconds(server.pid!);
  const start = performance.now();
  await Promise.all(Array.from({ length: 200 }, () => timeToFirstByte(`${origin}/api/chat`, sluiceTarget(origin).body('gate'))));
  const opened = performance.now() - start;
  await new Promise((r) => setTimeout(r, 1000)); // the turns are written after the first bytes
  upstream.release();
  await new Promise((r) => setTimeout(r, 2000)); // the replies are stored after their last byte
  console.log(
    `round ${round + 1}: 200 open after ${Math.round(opened)} ms; the server's CPU for it, storing included: ${(cpuSeconds(server.pid!) - cpu).toFixed(2)} s`,
  );
}
/** The rounds' spans on the monotonic clock the profiles' timestamps use (µs). */
const windows: [number, number][] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
// The first requests load the proxy's modules: not what a first byte waits for.
for (let i = 0; i < 20 && firstByte; i++) await stream(target, 'stamped-60-2');
for (let round = 0; round < rounds && firstByte; round++) {
  const cpu = cpuSeconds(server.pid!);
  const waits: number[] = [];
  for (let i = 0; i < 200; i++) {
    const from = monotonicUs();
    const { headers } = await stream(target, 'stamped-60-2');
    windows.push([from, from + headers * 1000]);
    waits.push(headers);
  }
  await settled(server.pid!);
  waits.sort((a, b) => a - b);
  console.log(
    `round ${round + 1}: first byte p50 ${waits[100]!.toFixed(3)} ms; ` +
      `the server's CPU for it, storing included: ${(cpuSeconds(server.pid!) - cpu).toFixed(2)} s`,
  );
}
for (let round = 0; round < rounds && mode !== 'burst' && !firstByte; round++) {
  const cpu = cpuSeconds(server.pid!);
  const from = monotonicUs();
  const eventsPerSecond = await throughput(target, 100, 2000);
  windows.push([from, monotonicUs()]);
  const inside = cpuSeconds(server.pid!) - cpu;
  await settled(server.pid!); // the replies are stored after their last byte: not in the next round
  console.log(
    `round ${round + 1}: ${Math.round(eventsPerSecond).toLocaleString('en-US')} events/s; ` +
      `the server's CPU inside it ${inside.toFixed(2)} s, storing included ${(cpuSeconds(server.pid!) - cpu).toFixed(2)} s`,
  );
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
upstream.server.closeAllConnections();
upstream.server.close();

writeFileSync(join(profiles, 'rounds.json'), JSON.stringify(windows));
const roundsMs = windows.reduce((n, [from, to]) => n + (to - from) / 1000, 0);
for (const name of readdirSync(profiles)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(profiles, name), 'utf8')) as Profile;
  const { busy, files } = byFile(profile);
  if (busy < 100) continue;
  console.log(`\n${name}: busy ${Math.round(busy)} ms (start-up included); inclusive time by source file:`);
  for (const [file, ms] of files.slice(1, 16)) console.log(`${String(Math.round(ms)).padStart(8)} ms  ${file}`);
  const inside = inRounds(profile, windows);
  console.log(`inside the rounds (${Math.round(roundsMs)} ms): busy ${Math.round(inside.busy)} ms; self time by function:`);
  for (const [fn, ms] of inside.functions.slice(0, 25)) console.log(`${String(Math.round(ms)).padStart(8)} ms  ${fn}`);
}
console.log(`\nprofiles: ${profiles}`);
