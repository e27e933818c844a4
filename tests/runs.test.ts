/**
 * Agent runs (docs/contract.md "Runs"), from a real agent loop on the official SDKs
 * (tests/support/agents/loop-agent.mjs) against a scripted model with a prompt cache
 * (tests/support/cache-upstream.ts): grouped by `npm run with`, by a name, or by
 * continuity; each step's context adding up to the input the provider reported; the
 * cache's figures from each protocol's own fields; a broken prefix named where it broke;
 * two runs diffed to their first divergence; a run played back offline from its cassette.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { CONTEXT_PARTS, type RunDetail, type RunDiff, type RunPage } from '@/lib/api/runs';
import type { Har } from '@/lib/server/views/har';
import { agentRunRequests } from './support/agent-run';
import { startCacheUpstream, type CacheUpstream } from './support/cache-upstream';
import { startNextServer, type RunningServer } from './support/next-server';

const root = resolve(__dirname, '..');
const SECRET = 'sk-runs-test-SECRET-41c2';

let upstream: CacheUpstream;
let sluice: RunningServer;
let cassettes: string;

beforeAll(async () => {
  upstream = await startCacheUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-runs-'));
  const config = join(dir, 'sluice.config.json');
  const up = upstream.origin;
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        {
          id: 'cache-anthropic',
          protocol: 'anthropic-messages',
          baseUrl: `${up}/anthropic/v1`,
          apiKey: SECRET,
          models: ['loop-8'],
        },
        { id: 'cache-openai', protocol: 'openai-chat', baseUrl: `${up}/openai/v1`, apiKey: SECRET, models: ['loop-8'] },
      ],
    }),
  );
  cassettes = join(dir, 'cassettes');
  sluice = await startNextServer({ SLUICE_CONFIG: config, SLUICE_CASSETTE_DIR: cassettes });
});

afterAll(async () => {
  await sluice?.stop();
  await upstream?.close();
  expect(sluice?.output() ?? '').not.toContain(SECRET);
});

const get = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${sluice.origin}${path}`);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
};

/** Runs a command to its end (an agent's own environment: only what is given). */
function run(command: string[], env: Record<string, string>) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
}

const withSluice = (args: string[], env: Record<string, string>) =>
  run(
    [
      'node',
      'scripts/with.mjs',
      '--sluice',
      sluice.origin,
      '--anthropic',
      'cache-anthropic',
      '--openai',
      'cache-openai',
      ...args,
    ],
    env,
  );

const agent = ['node', 'tests/support/agents/loop-agent.mjs'];

/** Waits until the run has this many steps, all ended. */
async function settled(id: string, steps: number): Promise<RunDetail> {
  let last: RunDetail | undefined;
  await expect
    .poll(
      async () => {
        last = await get<RunDetail>(`/api/runs/${id}`);
        return `${last.steps.length} ${last.status}`;
      },
      { timeout: 20_000 },
    )
    .toBe(`${steps} complete`);
  return last!;
}

async function newestRun(named: RegExp): Promise<RunPage['items'][number]> {
  let found: RunPage['items'][number] | undefined;
  await expect
    .poll(async () => {
      found = (await get<RunPage>('/api/runs')).items.find((r) => named.test(r.name));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

describe('runs', () => {
  it('an agent loop through npm run with is one run: context adds up, Anthropic cache figures exact, the broken prefix named', async () => {
    const first = upstream.log.length;
    const done = await withSluice([...agent], { LOOP_PROTOCOL: 'anthropic', LOOP_MODEL: 'loop-8', LOOP_SYSTEM_CHANGE: '6' });
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout.trim())).toEqual({ requests: 8 });
    const listed = await newestRun(/^node tests\/support\/agents\/loop-agent\.mjs \([0-9a-z]{4}\)$/);
    expect(listed.source).toBe('named');
    const detail = await settled(listed.id, 8);
    const exchanges = upstream.log.slice(first);
    expect(detail.steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    detail.steps.forEach((step, i) => {
      const said = exchanges[i]!;
      // Anthropic reports reads and writes beside input_tokens: input is the uncached part, as it said.
      expect(step.usage).toEqual({ input: said.usage.input_tokens, output: 20, cacheRead: said.reads, cacheWrite: said.writes });
      expect(step.cache.hitRate).toBeCloseTo(said.reads / said.total, 12);
      expect(step.cache.writes5m).toBe(said.writes);
      // The parts add up to the whole prompt the provider reported, split by estimate (≈).
      const parts = CONTEXT_PARTS.reduce((sum, part) => sum + step.context[part], 0);
      expect(parts).toBe(said.total);
      expect(step.context.estimate).toBe('split');
      expect(step.context.tools).toBeGreaterThan(0);
      expect(step.context.system).toBeGreaterThan(0);
      expect(step.lane).toBe(0);
    });
    // Tool results grow step by step; the last step's are most of its conversation.
    expect(detail.steps[7]!.context.toolResults).toBeGreaterThan(detail.steps[1]!.context.toolResults);
    expect(detail.steps[0]!.toolCalls).toEqual([{ name: 'read_file', arguments: '{"path":"file-1.txt"}' }]);
    const reads = exchanges.reduce((sum, e) => sum + e.reads, 0);
    const total = exchanges.reduce((sum, e) => sum + e.total, 0);
    expect(detail.cache.hitRate).toBeCloseTo(reads / total, 12);
    expect(detail.cache.reads).toBe(reads);
    // The system prompt changed at request 6: its cache reads fell, and the break says where.
    expect(detail.cache.breaks).toHaveLength(1);
    expect(detail.cache.breaks[0]).toMatchObject({ step: 6 });
    expect(detail.cache.breaks[0]!.reason).toMatch(/system prompt changed at character [\d,]+/);
    expect(detail.requests).toBe(8);
    expect(detail.usage.cacheRead).toBe(reads);

    // Shared as a snapshot: a page of its own, with no script, that says what the run's page says.
    const shared = await fetch(`${sluice.origin}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sluice.origin },
      body: JSON.stringify({ kind: 'run', id: listed.id }),
    });
    expect(shared.status, await shared.clone().text()).toBe(201);
    const { url } = (await shared.json()) as { url: string };
    const html = await (await fetch(`${sluice.origin}${url}`)).text();
    expect(html).toContain('Shared agent run');
    expect(html).toContain(
      `Step 6: ${detail.cache.breaks[0]!.reason.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;')}`,
    );
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(8);
    expect(html).not.toContain('<script');
  });

  it('the same loop with its base URL set by hand is one run by continuity; a subagent beside it is a branch', async () => {
    const first = upstream.log.length;
    const done = await run(agent, {
      OPENAI_BASE_URL: `${sluice.origin}/proxy/cache-openai`,
      OPENAI_API_KEY: 'sluice-proxy',
      LOOP_PROTOCOL: 'chat',
      LOOP_MODEL: 'loop-8',
      LOOP_SUBAGENT: '3',
      LOOP_PROMPT: 'Sum up the project, by continuity.',
    });
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout.trim())).toEqual({ requests: 10 });
    const listed = await newestRun(/^Sum up the project, by continuity\.$/);
    expect(listed.source).toBe('continuity');
    const detail = await settled(listed.id, 10);
    const main = detail.steps.filter((s) => s.lane === 0);
    const branch = detail.steps.filter((s) => s.lane !== 0);
    expect(main).toHaveLength(8);
    expect(branch).toHaveLength(2);
    expect(new Set(branch.map((s) => s.lane)).size).toBe(1);
    // The subagent began beside the main line's third request: its parent is the step the run was at.
    const third = main[2]!;
    expect(branch[0]!.parent).not.toBeNull();
    expect([third.step, main[1]!.step]).toContain(branch[0]!.parent);
    expect(branch.every((s) => s.step > main[1]!.step)).toBe(true);
    // OpenAI counts cached tokens inside prompt_tokens: input is what was not cached.
    const exchanges = upstream.log.slice(first);
    const reads = exchanges.reduce((sum, e) => sum + e.reads, 0);
    const total = exchanges.reduce((sum, e) => sum + e.total, 0);
    expect(reads).toBeGreaterThan(0);
    expect(detail.usage.cacheRead).toBe(reads);
    expect(detail.usage.input + detail.usage.cacheRead + detail.usage.cacheWrite).toBe(total);
    expect(detail.cache.hitRate).toBeCloseTo(reads / total, 12);
    expect(detail.cache.breaks).toEqual([]);
    // The Traffic list says which run each capture is in.
    const page = await get<CapturePage>(`/api/captures?run=${listed.id}`);
    expect(page.items).toHaveLength(10);
    expect(page.items.every((c) => c.run?.id === listed.id)).toBe(true);
  });

  it('a run named by its app, in a header or in its base URL, keeps its requests together', async () => {
    const ask = (path: string, headers: Record<string, string> = {}, text = 'named run') =>
      fetch(`${sluice.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'sluice-proxy', ...headers },
        body: JSON.stringify({ model: 'loop-1', max_tokens: 20, messages: [{ role: 'user', content: text }] }),
      }).then((r) => r.text());
    await ask('/proxy/cache-anthropic/v1/messages', { 'x-sluice-run': 'nightly eval' }, 'one');
    await ask('/proxy/cache-anthropic/~run/nightly%20eval/v1/messages', {}, 'two, unrelated');
    const listed = await newestRun(/^nightly eval$/);
    const detail = await settled(listed.id, 2);
    expect(detail.steps.map((s) => s.status)).toEqual(['complete', 'complete']);
    // The run's segment is Sluice's: the upstream got the path without it.
    const captures = await get<CapturePage>(`/api/captures?run=${listed.id}`);
    expect(captures.items.map((c) => c.path)).toEqual(['/messages', '/messages']);
  });

  it('two runs that differ in one tool call’s arguments at step 3 diverge there, and a run replays offline from its cassette', async () => {
    const env = { LOOP_PROTOCOL: 'anthropic', LOOP_MODEL: 'loop-8' };
    expect((await withSluice([...agent], { ...env, LOOP_PROMPT: 'Sum up. <<vary 0 none>>' })).code).toBe(0);
    const a = await newestRun(/loop-agent/);
    await settled(a.id, 8);
    expect((await withSluice([...agent], { ...env, LOOP_PROMPT: 'Sum up. <<vary 3 other.txt>>' })).code).toBe(0);
    let b = a;
    await expect.poll(async () => (b = await newestRun(/loop-agent/)).id).not.toBe(a.id);
    await settled(b.id, 8);
    const diff = await get<RunDiff>(`/api/runs/diff?a=${a.id}&b=${b.id}`);
    expect(diff.firstDivergence).toMatchObject({ step: 3, kind: 'arguments' });
    expect(diff.firstDivergence!.b).toContain('other.txt');
    expect(diff.steps.slice(0, 2).every((pair) => pair.same && !pair.downstream)).toBe(true);
    expect(diff.steps[2]!.downstream).toBe(true);
    expect(diff.figures.requests).toBe(0);

    // Replay this run offline: its cassette, played back with the same command, asks the upstream nothing.
    const written = await fetch(`${sluice.origin}/api/runs/${a.id}/cassette`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sluice.origin },
      body: JSON.stringify({ name: 'run-a' }),
    });
    expect(written.status, await written.clone().text()).toBe(201);
    expect(await written.json()).toEqual({ name: 'run-a', entries: 8 });
    const asked = upstream.log.length;
    const replayed = await withSluice(['--cassette', 'run-a', '--mode', 'playback', ...agent], {
      ...env,
      LOOP_PROMPT: 'Sum up. <<vary 0 none>>',
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout.trim())).toEqual({ requests: 8 });
    expect(upstream.log.length).toBe(asked);
    // The run as one HAR file: every exchange.
    const har = await get<{ log: { entries: unknown[] } }>(`/api/runs/${a.id}/har`);
    expect(har.log.entries).toHaveLength(8);
  });

  it('an agent’s large requests, stored as shared blocks, come back byte for byte: each capture, the run’s HAR, its cassette', async () => {
    // Claude Code's shape: each request the last one and a step more, the cache marker moving.
    const bodies = agentRunRequests(12).map((body) => body.replace(/^\{"model":"[^"]+"/, '{"model":"loop-99"'));
    for (const body of bodies) {
      const answer = await fetch(`${sluice.origin}/proxy/cache-anthropic/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'sluice-proxy', 'x-sluice-run': 'large requests' },
        body,
      });
      expect(answer.status).toBe(200);
      await answer.text();
    }
    const run = await newestRun(/^large requests$/);
    const detail = await settled(run.id, bodies.length);
    for (const [i, step] of detail.steps.entries()) {
      const capture = await get<CaptureDetail>(`/api/captures/${step.captureId}`);
      expect(capture.request.body).toEqual({ text: bodies[i], bytes: Buffer.byteLength(bodies[i]!), truncated: false });
    }
    const har = await get<Har>(`/api/runs/${run.id}/har`);
    expect(har.log.entries.map((entry) => entry.request.postData?.text)).toEqual(bodies);
    const written = await fetch(`${sluice.origin}/api/runs/${run.id}/cassette`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sluice.origin },
      body: JSON.stringify({ name: 'large-requests' }),
    });
    expect(written.status, await written.clone().text()).toBe(201);
    const cassette = JSON.parse(readFileSync(join(cassettes, 'large-requests.har'), 'utf8')) as Har;
    expect(cassette.log.entries.map((entry) => entry.request.postData?.text)).toEqual(bodies);
  });

  it('answers 404 for a run that is not there, and 400 for a diff without its two runs', async () => {
    expect((await fetch(`${sluice.origin}/api/runs/nope`)).status).toBe(404);
    expect((await fetch(`${sluice.origin}/api/runs/diff?a=x`)).status).toBe(400);
  });
});
