/**
 * Not a benchmark: an A/B of the recording proxy in two or more builds, the way this
 * shared machine allows. Direct, the Node pipe floor and each checkout's server (its
 * `/proxy/bench/…`, every exchange captured) take 100-stream rounds in turns, each on
 * quiet servers, then first-byte rounds in turns; medians and each server's CPU inside
 * its rounds are printed side by side. Build every checkout first (`npx next build`).
 *
 *   npx tsx --conditions=react-server bench/ab-proxy.ts OTHER_CHECKOUT[,OTHER…] [rounds] [latency rounds]
 */
import { startNextServer } from '../tests/support/next-server';
import { settled, stream, throughput, type Target } from './relay-streams';
import { benchProvidersFile, cpuSeconds, startBenchUpstream, startFloorPipe } from './relay-peers';
import { median } from './report';

const [others, roundsArg = '6', latencyArg = '60'] = process.argv.slice(2);
if (!others) {
  console.error('usage: npx tsx --conditions=react-server bench/ab-proxy.ts OTHER_CHECKOUT[,OTHER…] [rounds] [latency rounds]');
  process.exit(2);
}

const upstream = await startBenchUpstream();
const floor = await startFloorPipe(upstream.origin);
const config = benchProvidersFile(upstream.origin);

/** Starts Sluice's server in `dir`: the server runs the build found there. */
async function serverIn(dir: string) {
  const here = process.cwd();
  process.chdir(dir);
  try {
    return await startNextServer({ SLUICE_CONFIG: config, SLUICE_CAPTURE_RETENTION: '1000000' });
  } finally {
    process.chdir(here);
  }
}

const body = (model: string) => JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'bench' }] });
const headers = { authorization: 'Bearer sk-bench-not-a-key' };
const dirs = [process.cwd(), ...others.split(',')];
const servers = [];
for (const dir of dirs) servers.push(await serverIn(dir));
const targets: (Target & { pid?: number })[] = [
  { name: 'direct', url: `${upstream.origin}/v1/chat/completions`, body, headers },
  { name: 'floor', url: floor.origin, body, headers, pid: floor.child.pid! },
  ...servers.map((server, i) => ({
    name: dirs[i]!,
    url: `${server.origin}/proxy/bench/chat/completions`,
    body,
    headers,
    pid: server.process.pid!,
  })),
];
const pids = servers.map((server) => server.process.pid!);
const quiet = () => Promise.all(pids.map(settled));

try {
  for (const target of targets) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
  const rates = targets.map(() => [] as number[]);
  const cpu = targets.map(() => [] as number[]);
  for (let round = 0; round < Number(roundsArg); round++) {
    for (const [i, target] of targets.entries()) {
      await quiet();
      const before = target.pid ? cpuSeconds(target.pid) : 0;
      rates[i]!.push(await throughput(target, 100, 2000));
      cpu[i]!.push(target.pid ? cpuSeconds(target.pid) - before : 0);
    }
    console.error(`round ${round + 1}: ${rates.map((r) => Math.round(r.at(-1)! / 1000)).join(' / ')} k events/s`);
  }
  await quiet();
  const firstByte = targets.map(() => [] as number[]);
  // Five in a row per target a turn, as the proxy bench takes them (docs/decisions.md: "Proxy first byte: rounds in blocks, as an app calls").
  for (let round = 0; round < Number(latencyArg) / 5; round++)
    for (const [i, target] of targets.entries())
      for (let k = 0; k < 5; k++) firstByte[i]!.push((await stream(target, 'stamped-60-2')).headers);
  const direct = median(rates[0]!);
  const directFirst = median(firstByte[0]!);
  for (const [i, target] of targets.entries())
    console.log(
      `${target.name.padEnd(32)} ${Math.round(median(rates[i]!)).toLocaleString('en-US').padStart(9)} events/s, ` +
        `${(median(rates[i]!) / direct).toFixed(3)} of direct` +
        ` (runs ${rates[i]!.map((r) => Math.round(r / 1000)).join(', ')} k)` +
        (target.pid ? `; CPU in a round ${median(cpu[i]!).toFixed(2)} s` : '') +
        `; first byte p50 +${(median(firstByte[i]!) - directFirst).toFixed(3)} ms`,
    );
} finally {
  for (const server of servers) await server.stop();
  floor.stop();
  upstream.server.closeAllConnections();
  upstream.server.close();
}
