/**
 * The server while a burst of streams starts: 200 POST /api/chat at once against the
 * bench upstream's gated model (one event, then held open until released), and while
 * they start, three probes in a loop each: GET /api/health, a store read (GET
 * /api/conversations) and a new chat's first byte. The same probes on the idle server,
 * in the same run, are the baseline.
 */
import { Agent, request } from 'node:http';
import { median, pct, type Metric } from './report';

/** The probes' own connections: none waits for a socket behind the burst's. */
const agent = new Agent({ keepAlive: true, maxSockets: 100 });
const streams = new Agent({ keepAlive: true, maxSockets: 1000 });

const chatBody = (model: string) => JSON.stringify({ provider: 'bench', model, messages: [{ role: 'user', content: 'bench' }] });

/**
 * Time to the first byte of an answer's body (or its end, for an empty one). The body is
 * read to its end either way: a chat's reply runs on whoever reads it.
 */
export function timeToFirstByte(url: string, post?: string, via = agent): Promise<number> {
  const start = performance.now();
  return new Promise<number>((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: post === undefined ? 'GET' : 'POST',
        headers: post === undefined ? {} : { 'content-type': 'application/json' },
        agent: via,
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        res.once('data', () => resolve(performance.now() - start));
        res.once('end', () => resolve(performance.now() - start));
        res.resume();
      },
    );
    req.on('error', reject).end(post);
  });
}

interface Probes {
  health: number[];
  read: number[];
  chat: number[];
}

/** The three probes, each in its own loop, until `more()` says stop (each lane runs at least `min` times). */
async function probe(origin: string, more: (lane: number[]) => boolean, into: Probes): Promise<void> {
  const lane = async (times: number[], once: () => Promise<number>) => {
    while (more(times)) times.push(await once());
  };
  await Promise.all([
    lane(into.health, () => timeToFirstByte(`${origin}/api/health`)),
    lane(into.read, () => timeToFirstByte(`${origin}/api/conversations`)),
    lane(into.chat, () => timeToFirstByte(`${origin}/api/chat`, chatBody('burst-1'))),
  ]);
}

export interface BurstUpstream {
  gated: () => number;
  release: () => void;
}

/**
 * `rounds` bursts of `count` streams; the probes run from the moment the burst is sent
 * until every stream of it has its first byte, and `afterMs` more (the turns are written
 * after the first bytes). Between rounds the gated streams are released, their replies
 * end whole, and the server's CPU settles (`settle`).
 */
export async function burstFigures(
  origin: string,
  upstream: BurstUpstream,
  settle: () => Promise<void>,
  { count = 200, rounds = 5, afterMs = 1000, idleProbes = 60 } = {},
): Promise<Metric[]> {
  const idle: Probes = { health: [], read: [], chat: [] };
  await settle();
  await probe(origin, (times) => times.length < idleProbes, idle);
  const busy: Probes = { health: [], read: [], chat: [] };
  const opened: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await settle();
    const start = performance.now();
    let starting = true;
    const probes = probe(origin, () => starting, busy);
    const firstBytes = await Promise.all(
      Array.from({ length: count }, () => timeToFirstByte(`${origin}/api/chat`, chatBody('gate'), streams)),
    );
    opened.push(Math.max(...firstBytes));
    if (upstream.gated() < count) console.error(`relay bench: only ${upstream.gated()} of ${count} burst streams open`);
    await new Promise((r) => setTimeout(r, afterMs));
    starting = false;
    await probes;
    const ended = performance.now();
    upstream.release();
    console.error(
      `relay bench: burst ${round + 1}: all ${count} open after ${Math.round(opened.at(-1)!)} ms, probed for ${Math.round(ended - start)} ms`,
    );
  }
  await settle();

  const ms = (v: number) => Math.round(v * 1000) / 1000;
  const pair = (name: string, ours: number[], theirs: number[], target?: number): Metric[] => [
    {
      metric: `while ${count} streams start: ${name}, p50`,
      value: ms(median(ours)),
      unit: 'ms',
      baseline: { name: `idle server, same run, p50 (${theirs.length} probes)`, value: ms(median(theirs)) },
      ratio: median(ours) / median(theirs),
      target: 'report',
      met: true,
    },
    {
      metric: `while ${count} streams start: ${name}, p99 (${ours.length} probes over ${rounds} bursts)`,
      value: ms(pct(ours, 99)),
      unit: 'ms',
      baseline: { name: 'idle server, same run, p99', value: ms(pct(theirs, 99)) },
      ratio: pct(ours, 99) / pct(theirs, 99),
      target: target === undefined ? 'report' : `< ${target} ms`,
      met: target === undefined || pct(ours, 99) < target,
    },
  ];
  return [
    ...pair('GET /api/health, time to first byte', busy.health, idle.health, 250),
    ...pair('a new chat (POST /api/chat), time to first byte', busy.chat, idle.chat, 250),
    ...pair('a store read (GET /api/conversations), time to first byte', busy.read, idle.read, 250),
    {
      metric: `${count} streams sent at once: time until the last has its first byte, median of ${rounds} bursts`,
      value: ms(median(opened)),
      unit: 'ms',
      baseline: { name: 'a new chat’s first byte on the idle server, p50', value: ms(median(idle.chat)) },
      ratio: median(opened) / median(idle.chat),
      target: 'report',
      met: true,
    },
  ];
}
