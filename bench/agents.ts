/**
 * 100 agents at once through the recording proxy (issue 51, target 5): rounds of 100
 * concurrent agent-shaped exchanges (each a different ~150 KB Messages request of one run,
 * tests/support/agent-run.ts, answered by a streamed step of thinking, words and a tool
 * call as fast as it is read), taken in turns direct, through the floor (a bare Node http
 * pipe in a process of its own) and through Sluice's proxy (`/proxy/bench-anthropic/…`,
 * every exchange captured), each round started on quiet servers. It reports the steps per
 * second each path carried, each server's CPU per request (from /proc: every thread of
 * the process, the copy worker and PGlite's included) inside its rounds and until it was
 * quiet again (the capture stored), and then reads every capture back: each listed,
 * complete, its request body the one sent byte for byte.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { staleBuild } from '../scripts/stale-build.mjs';
import { startNextServer } from '../tests/support/next-server';
import { AGENT_HEADERS, agentAnswerEvents, agentRequestsNear } from '../tests/support/agent-run';
import { benchProvidersFile, cpuSeconds, startBenchUpstream, startFloorPipe } from './relay-peers';
import { settled, stream, type Target } from './relay-streams';
import { median, metric, type Metric } from './report';

const CONCURRENT = 100;
const ROUNDS = 5;
const WARM_ROUNDS = 2;
const EVENTS = agentAnswerEvents().length;

type Key = 'direct' | 'floor' | 'proxy';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every capture's id and status, a page of 200 at a time. */
async function captureList(origin: string): Promise<{ id: string; status: string }[]> {
  const all: { id: string; status: string }[] = [];
  for (let before: string | undefined; ;) {
    const url = `${origin}/api/captures?limit=200${before ? `&before=${before}` : ''}`;
    const page = (await (await fetch(url)).json()) as { items: { id: string; status: string }[]; next?: string };
    all.push(...page.items);
    if (!page.next) return all;
    before = page.next;
  }
}

export async function run(): Promise<Metric[]> {
  const stale = staleBuild(process.cwd());
  if (stale) {
    console.error(`agents bench: ${stale}: next build first`);
    if (spawnSync('node_modules/.bin/next', ['build'], { stdio: 'inherit' }).status !== 0) throw new Error('next build failed');
  }
  const step = (what: string) => console.error(`agents bench: ${what}`);
  const upstream = await startBenchUpstream();
  const floor = await startFloorPipe(upstream.origin);
  const next = await startNextServer(
    { SLUICE_CONFIG: benchProvidersFile(upstream.origin), SLUICE_CAPTURE_RETENTION: '1000000' },
    { port: Number(process.env.BENCH_PORT) || undefined },
  );
  const bodies = agentRequestsNear(150 * 1024, CONCURRENT);
  const target = (name: string, url: string): Target => {
    let i = 0;
    return { name, url, headers: AGENT_HEADERS, body: () => bodies[i++ % bodies.length]! };
  };
  /** Requests the proxy answered (a request sent again on a fresh connection, its kept-alive one closed meanwhile, counts once). */
  let sent = 0;
  const targets: Record<Key, Target> = {
    direct: target('direct', `${upstream.origin}/v1/messages`),
    floor: target('the bare Node pipe', `${floor.origin}/v1/messages`),
    proxy: target('the Sluice proxy', `${next.origin}/proxy/bench-anthropic/v1/messages`),
  };
  const pids: Partial<Record<Key, number>> = { floor: floor.child.pid!, proxy: next.process.pid! };
  const server = next.process.pid!;
  try {
    /** One round: its steps per second, and each server's CPU inside it and until it was quiet again. */
    const round = async (key: Key) => {
      await settled(server);
      const pid = pids[key];
      const before = pid ? cpuSeconds(pid) : 0;
      const start = performance.now();
      const timings = await Promise.all(Array.from({ length: CONCURRENT }, () => stream(targets[key], 'agent')));
      const seconds = (performance.now() - start) / 1000;
      const inRound = pid ? cpuSeconds(pid) - before : 0;
      if (pid) await settled(pid);
      const untilQuiet = pid ? cpuSeconds(pid) - before : 0;
      if (key === 'proxy') sent += timings.length;
      const short = timings.filter((t) => t.events !== EVENTS).length;
      if (short) throw new Error(`${targets[key].name}: ${short} of ${CONCURRENT} answers short of ${EVENTS} events`);
      return { rate: CONCURRENT / seconds, inRound: inRound / CONCURRENT, untilQuiet: untilQuiet / CONCURRENT };
    };
    step(`warming up (${WARM_ROUNDS} rounds each)`);
    for (let i = 0; i < WARM_ROUNDS; i++) for (const key of Object.keys(targets) as Key[]) await round(key);
    const results = { direct: [], floor: [], proxy: [] } as Record<Key, Awaited<ReturnType<typeof round>>[]>;
    for (let i = 0; i < ROUNDS; i++) {
      step(`round ${i + 1} of ${ROUNDS}: ${CONCURRENT} agents each, in turns`);
      for (const key of Object.keys(targets) as Key[]) results[key].push(await round(key));
    }

    step('reading every capture back');
    const expected = sent;
    let listed: { id: string; status: string }[] = [];
    for (let i = 0; i < 30; i++) {
      await settled(server);
      listed = await captureList(next.origin);
      if (listed.length >= expected && listed.every((c) => c.status !== 'streaming')) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const complete = listed.filter((c) => c.status === 'complete').length;
    const hashes = new Set(bodies.map(sha));
    let exact = 0;
    for (const { id } of listed) {
      const detail = (await (await fetch(`${next.origin}/api/captures/${id}`)).json()) as {
        request?: { body?: { text: string; truncated: boolean } };
      };
      const body = detail.request?.body;
      if (body && !body.truncated && hashes.has(sha(body.text))) exact++;
    }

    const of = (key: Key, pick: (r: Awaited<ReturnType<typeof round>>) => number) => results[key].map(pick);
    const runs = (values: number[], digits = 0) => `runs: ${values.map((v) => v.toFixed(digits)).join(', ')}`;
    const rate = (key: Key) => of(key, (r) => r.rate);
    const ms = (key: Key, pick: (r: Awaited<ReturnType<typeof round>>) => number) => of(key, (r) => pick(r) * 1000);
    const throughputRatio = median(rate('proxy')) / median(rate('floor'));
    const cpuIn = median(ms('proxy', (r) => r.inRound)) / median(ms('floor', (r) => r.inRound));
    const what = `${CONCURRENT} concurrent agent steps (~150 KB request, ${EVENTS}-event answer)`;
    return [
      metric(
        `throughput of ${what} through the Sluice proxy (${runs(rate('proxy'))})`,
        median(rate('proxy')),
        `the bare Node pipe, in turns with it (${runs(rate('floor'))})`,
        median(rate('floor')),
        'steps/s',
        '>= 0.9',
        throughputRatio >= 0.9,
      ),
      metric(
        `throughput of ${what} direct (reference)`,
        median(rate('direct')),
        `the bare Node pipe (${runs(rate('floor'))})`,
        median(rate('floor')),
        'steps/s',
        'reference',
        true,
      ),
      metric(
        `server CPU per request inside the round, the Sluice proxy (${runs(
          ms('proxy', (r) => r.inRound),
          2,
        )} ms)`,
        median(ms('proxy', (r) => r.inRound)),
        `the bare Node pipe (${runs(
          ms('floor', (r) => r.inRound),
          2,
        )} ms)`,
        median(ms('floor', (r) => r.inRound)),
        'ms',
        '<= 1.1',
        cpuIn <= 1.1,
      ),
      metric(
        `server CPU per request until quiet again, its capture stored, the Sluice proxy (${runs(
          ms('proxy', (r) => r.untilQuiet),
          2,
        )} ms)`,
        median(ms('proxy', (r) => r.untilQuiet)),
        `the bare Node pipe, until quiet (${runs(
          ms('floor', (r) => r.untilQuiet),
          2,
        )} ms)`,
        median(ms('floor', (r) => r.untilQuiet)),
        'ms',
        'report',
        true,
      ),
      metric(
        `captures listed after the run, complete (${complete} complete of ${listed.length} listed)`,
        complete,
        'requests sent through the proxy',
        expected,
        'captures',
        '= requests sent, all complete',
        complete === expected && listed.length === expected,
      ),
      metric(
        'captures whose request body is one of those sent, byte for byte',
        exact,
        'requests sent through the proxy',
        expected,
        'captures',
        '= requests sent',
        exact === expected,
      ),
    ];
  } finally {
    await next.stop();
    floor.stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
  }
}
