/**
 * Not a benchmark: an A/B of the proxy's first byte on an agent-shaped request (the proxy
 * bench's agent scenario, bench/proxy-agent.ts) in two or more builds. Direct, the floor
 * and each checkout's server take turns, each target's requests 1 s apart (idle-spaced),
 * then blocks back-to-back; medians added over direct are printed side by side. Build
 * every checkout first (`npx next build`).
 *
 *   npx tsx --conditions=react-server bench/ab-agent.ts OTHER_CHECKOUT[,OTHER…] [turns]
 */
import { startNextServer } from '../tests/support/next-server';
import { AGENT_HEADERS, agentRequestsNear } from '../tests/support/agent-run';
import { benchProvidersFile, startBenchUpstream, startFloorPipe } from './relay-peers';
import { median } from './report';
import { stream, type Target } from './relay-streams';

const [others, turnsArg = '40'] = process.argv.slice(2);
if (!others) {
  console.error('usage: npx tsx --conditions=react-server bench/ab-agent.ts OTHER_CHECKOUT[,OTHER…] [turns]');
  process.exit(2);
}
const upstream = await startBenchUpstream();
const floor = await startFloorPipe(upstream.origin);
const config = benchProvidersFile(upstream.origin);
const dirs = [process.cwd(), ...others.split(',')];
const servers = [];
for (const dir of dirs) {
  const here = process.cwd();
  process.chdir(dir);
  try {
    servers.push(await startNextServer({ SLUICE_CONFIG: config, SLUICE_CAPTURE_RETENTION: '1000000' }));
  } finally {
    process.chdir(here);
  }
}
const bodies = agentRequestsNear(150 * 1024, Number(turnsArg));
let turn = 0;
const headers = { ...AGENT_HEADERS, 'x-bench-pace': '1' };
const target = (name: string, url: string): Target => ({ name, url, headers, body: () => bodies[turn % bodies.length]! });
const targets = [
  target('direct', `${upstream.origin}/v1/messages`),
  target('floor', `${floor.origin}/v1/messages`),
  ...servers.map((server, i) => target(dirs[i]!, `${server.origin}/proxy/bench-anthropic/v1/messages`)),
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
try {
  for (const t of targets) for (let i = 0; i < 3; i++) await stream(t, 'agent');
  const idle = targets.map(() => [] as number[]);
  const busy = targets.map(() => [] as number[]);
  for (turn = 0; turn < Number(turnsArg); turn++) {
    const start = performance.now();
    for (const [i, t] of targets.entries()) {
      await sleep(start + (i * 1000) / targets.length - performance.now());
      idle[i]!.push((await stream(t, 'agent')).headers);
    }
    await sleep(start + 1000 - performance.now());
  }
  for (turn = 0; turn < Number(turnsArg) / 2; turn++)
    for (const [i, t] of targets.entries())
      for (let k = 0; k < 6; k++) {
        const took = (await stream(t, 'agent')).headers;
        if (k > 0) busy[i]!.push(took);
      }
  const added = (of: number[][], i: number) => (median(of[i]!) - median(of[0]!)).toFixed(3);
  for (const [i, t] of targets.entries())
    console.log(`${t.name.padEnd(40)} idle-spaced +${added(idle, i)} ms, back-to-back +${added(busy, i)} ms over direct`);
} finally {
  for (const server of servers) await server.stop();
  floor.stop();
  upstream.server.closeAllConnections();
  upstream.server.close();
}
