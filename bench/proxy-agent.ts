/**
 * The proxy bench's agent-shaped scenario (issue 51, target 1): what an agent's step pays.
 * A ~150 KB Messages request (tests/support/agent-run.ts: a 15 KB system prompt, 40 tool
 * definitions, a long history of thinking, tool calls and their results), answered by
 * the bench upstream with a streamed step (thinking, words, a tool call: 78 events 1 ms
 * apart), sent direct, through the floor (a bare Node http pipe in a process of its own)
 * and through Sluice's proxy (every exchange captured), in two patterns:
 *
 * - idle-spaced: each target's requests 1 s apart, as an agent sends its next step once it
 *   ran a tool; in each 1 s turn the targets take their request one after another, spread
 *   over the second, so every process sat idle ~1 s before its request;
 * - back-to-back: in each turn a target serves a block of requests one after another, the
 *   block's first (after the others' blocks) left out.
 *
 * In both, the turns send the run's consecutive requests (each the last and a step more),
 * every target the same one in a turn.
 */
import { AGENT_HEADERS, agentRequestsNear } from '../tests/support/agent-run';
import { metric, median, pct, type Metric } from './report';
import { stream, type Target } from './relay-streams';

type Key = 'direct' | 'floor' | 'proxy';
const KEYS: Key[] = ['direct', 'floor', 'proxy'];

/** The answer's pace at the upstream, ms between events. */
const PACE_MS = 1;
const IDLE_TURNS = 40;
const TURN_MS = 1000;
const BLOCK_TURNS = 20;
const BLOCK = 6;

export interface AgentScenario {
  targets: Record<Key, Target>;
  /** The turn whose request each target sends, and the requests sent through the proxy so far (each is captured). */
  state: { turn: number; sent: number };
}

/** The three targets, each sending the current turn's request. */
export function agentScenario(origins: { upstream: string; floor: string; sluice: string }): AgentScenario {
  const bodies = agentRequestsNear(150 * 1024, IDLE_TURNS + BLOCK_TURNS);
  const state = { turn: 0, sent: 0 };
  const headers = { ...AGENT_HEADERS, 'x-bench-pace': String(PACE_MS) };
  const body = () => bodies[state.turn % bodies.length]!;
  const target = (name: string, url: string): Target => ({ name, url, body, headers });
  const targets = {
    direct: target('direct', `${origins.upstream}/v1/messages`),
    floor: target('floor: Node http pipe', `${origins.floor}/v1/messages`),
    proxy: target('Sluice proxy', `${origins.sluice}/proxy/bench-anthropic/v1/messages`),
  };
  return { targets, state };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Time to the answer's head (first byte) of each request, by target, in both patterns. */
export async function agentRounds(
  { targets, state }: AgentScenario,
  step: (what: string) => void,
): Promise<{ idle: Record<Key, number[]>; busy: Record<Key, number[]> }> {
  const idle = { direct: [], floor: [], proxy: [] } as Record<Key, number[]>;
  const busy = { direct: [], floor: [], proxy: [] } as Record<Key, number[]>;
  const one = async (key: Key) => {
    const timing = await stream(targets[key], 'agent');
    if (key === 'proxy') state.sent++;
    if (timing.events !== 78) throw new Error(`${targets[key].name}: ${timing.events} events of an agent step's 78`);
    return timing.headers;
  };
  step('agent-shaped requests, warming up');
  for (const key of KEYS) for (let i = 0; i < 3; i++) await one(key);
  step(`agent-shaped requests, idle-spaced (${IDLE_TURNS} turns of ${TURN_MS / 1000} s)`);
  await sleep(TURN_MS);
  for (let turn = 0; turn < IDLE_TURNS; turn++) {
    state.turn = turn;
    const start = performance.now();
    for (const [i, key] of KEYS.entries()) {
      await sleep(start + (i * TURN_MS) / KEYS.length - performance.now());
      idle[key].push(await one(key));
    }
    await sleep(start + TURN_MS - performance.now());
  }
  step(`agent-shaped requests, back-to-back (${BLOCK_TURNS} turns, blocks of ${BLOCK})`);
  for (let turn = 0; turn < BLOCK_TURNS; turn++) {
    state.turn = IDLE_TURNS + turn;
    for (const key of KEYS)
      for (let k = 0; k < BLOCK; k++) {
        const took = await one(key);
        if (k > 0) busy[key].push(took);
      }
  }
  return { idle, busy };
}

const ms = (v: number) => Math.round(v * 1000) / 1000;

/** The figures of one pattern: added over direct (≤ 1 ms p50), and Sluice's own share over the floor's (≤ 0.3 ms p50), p99 beside. */
export function agentMetrics(pattern: string, times: Record<Key, number[]>): Metric[] {
  const at = (key: Key, p: number) => (p === 50 ? median(times[key]) : pct(times[key], p));
  const n = times.proxy.length;
  const what = `a ${pattern} 150 KB agent request (${n} each)`;
  const added = (key: Key, p: number) => at(key, p) - at('direct', p);
  return [
    metric(
      `Sluice proxy: first byte p50 of ${what}, added over direct`,
      ms(added('proxy', 50)),
      'direct to upstream, first byte p50',
      ms(at('direct', 50)),
      'ms',
      '<= 1 ms',
      added('proxy', 50) <= 1,
    ),
    metric(
      `Sluice proxy: first byte p99 of ${what}, added over direct`,
      ms(added('proxy', 99)),
      'direct to upstream, first byte p99',
      ms(at('direct', 99)),
      'ms',
      'report',
      true,
    ),
    metric(
      `Sluice's own share of the first byte p50 of ${what}: the proxy's less the bare Node pipe's`,
      ms(at('proxy', 50) - at('floor', 50)),
      'the bare Node pipe, added over direct, p50',
      ms(added('floor', 50)),
      'ms',
      '<= 0.3 ms',
      at('proxy', 50) - at('floor', 50) <= 0.3,
    ),
    metric(
      `Sluice's own share of the first byte p99 of ${what}: the proxy's less the bare Node pipe's`,
      ms(at('proxy', 99) - at('floor', 99)),
      'the bare Node pipe, added over direct, p99',
      ms(added('floor', 99)),
      'ms',
      'report',
      true,
    ),
  ];
}
