import { describe, expect, it } from 'vitest';
import type { RunMember, RunStore } from '@/lib/server/store/run-store';
import { assignRun, ACTIVE_RUN_MS } from './assign-run';
import { promptDigest } from './prompt-digest';

let stores = 0;

/** A run store in memory: the captures' rows as continuity reads them, and the runs made (ids unique, as UUIDs are). */
function memoryStore() {
  const prefix = `s${++stores}-`;
  const members: RunMember[] = [];
  const runs = new Map<string, { key?: string; name: string }>();
  let n = 0;
  const store = {
    async named(owner: string, key: string, name: string) {
      const found = [...runs.entries()].find(([, r]) => r.key === `${owner}/${key}`);
      if (found) return found[0];
      const id = `${prefix}run-${++n}`;
      runs.set(id, { key: `${owner}/${key}`, name });
      return id;
    },
    async create(_owner: string, name: string) {
      const id = `${prefix}run-${++n}`;
      runs.set(id, { name });
      return id;
    },
    // What other instances placed: none here (this instance's own placements are remembered in the process).
    async continued() {
      return members[0];
    },
    async latestContinuity() {
      return undefined;
    },
    async lanes() {
      return undefined;
    },
  };
  return { store: store as unknown as RunStore, members, runs, id: (n: number) => `${prefix}run-${n}` };
}

let owners = 0;
const chat = (messages: unknown[], system = 'You are an agent.', tools = ['read_file']) =>
  promptDigest(
    'openai-chat',
    JSON.stringify({
      model: 'm',
      messages: [{ role: 'system', content: system }, ...messages],
      tools: tools.map((name) => ({ type: 'function', function: { name, parameters: { type: 'object' } } })),
    }),
  )!;
const user = (content: string) => ({ role: 'user', content });
const call = (id: string) => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: '{}' } }],
});
const result = (id: string) => ({ role: 'tool', tool_call_id: id, content: `contents ${id}` });

describe('assignRun', () => {
  it('continues the request its prompt extends; starts a run when it extends none and none is active', async () => {
    const { store, runs, id } = memoryStore();
    const owner = `o${++owners}`;
    const t = Date.now();
    const first = await assignRun(store, {
      owner,
      captureId: 'c1',
      startedAt: t,
      digest: chat([user('fix the bug')]),
      fallbackName: 'x',
    });
    // The request that began the run says so: its instance makes the run's root span (run-trace.ts).
    expect(first).toEqual({ runId: id(1), lane: 0, began: 'run' });
    expect(runs.get(id(1))!.name).toBe('fix the bug');
    const second = await assignRun(store, {
      owner,
      captureId: 'c2',
      startedAt: t + 1000,
      digest: chat([user('fix the bug'), call('a'), result('a')]),
      fallbackName: 'x',
    });
    expect(second).toEqual({ runId: id(1), lane: 0 });
    // Much later, a new task: a run of its own.
    const later = await assignRun(store, {
      owner,
      captureId: 'c3',
      startedAt: t + 2000 + 20 * 60_000,
      digest: chat([user('another task')]),
      fallbackName: 'x',
    });
    expect(later).toEqual({ runId: id(2), lane: 0, began: 'run' });
  });

  it('keeps a request whose system prompt changed on its lane; a request sharing a tool with an active run is a subagent', async () => {
    const { store, id } = memoryStore();
    const owner = `o${++owners}`;
    const t = Date.now();
    await assignRun(store, { owner, captureId: 'c1', startedAt: t, digest: chat([user('task')]), fallbackName: 'x' });
    const changed = await assignRun(store, {
      owner,
      captureId: 'c2',
      startedAt: t + 10,
      digest: chat([user('task'), call('a'), result('a')], 'You are an agent. Now: 12:00.'),
      fallbackName: 'x',
    });
    expect(changed).toEqual({ runId: id(1), lane: 0 });
    const sub = await assignRun(store, {
      owner,
      captureId: 'c3',
      startedAt: t + 20,
      digest: chat([user('search for totals')], 'You are a search subagent.', ['search', 'read_file']),
      fallbackName: 'x',
    });
    expect(sub).toEqual({ runId: id(1), lane: 1, parent: 'c2', began: 'lane' });
    // Its next request continues its own lane.
    const subNext = await assignRun(store, {
      owner,
      captureId: 'c4',
      startedAt: t + 30,
      digest: chat([user('search for totals'), call('b'), result('b')], 'You are a search subagent.', ['search', 'read_file']),
      fallbackName: 'x',
    });
    expect(subNext).toEqual({ runId: id(1), lane: 1 });
    // A side request on the same first message with no tools (a title) is a branch too, not the main line.
    const title = await assignRun(store, {
      owner,
      captureId: 'c5',
      startedAt: t + 40,
      digest: chat([user('task')], 'Write a title.', []),
      fallbackName: 'x',
    });
    expect(title).toMatchObject({ runId: id(1), lane: 2 });
    expect(ACTIVE_RUN_MS).toBeGreaterThan(40);
  });

  it('two unrelated apps sending in the same minute make two runs: a subagent must share a tool, system prompt or first message', async () => {
    const { store, runs, id } = memoryStore();
    const owner = `o${++owners}`;
    const t = Date.now();
    const agent = await assignRun(store, {
      owner,
      captureId: 'c1',
      startedAt: t,
      digest: chat([user('fix the bug')], 'You are a coding agent.', ['read_file']),
      fallbackName: 'x',
    });
    expect(agent).toEqual({ runId: id(1), lane: 0, began: 'run' });
    // Another app, seconds later: its own system prompt, tools and question.
    const other = await assignRun(store, {
      owner,
      captureId: 'c2',
      startedAt: t + 5_000,
      digest: chat([user('What is the weather in Oslo?')], 'You answer weather questions.', ['get_weather']),
      fallbackName: 'x',
    });
    expect(other).toEqual({ runId: id(2), lane: 0, began: 'run' });
    // A third with no system prompt and no tools shares nothing with either.
    const plain = await assignRun(store, {
      owner,
      captureId: 'c3',
      startedAt: t + 6_000,
      digest: promptDigest('openai-chat', JSON.stringify({ model: 'm', messages: [user('hello')] }))!,
      fallbackName: 'x',
    });
    expect(plain).toEqual({ runId: id(3), lane: 0, began: 'run' });
    expect(runs.size).toBe(3);
    // The weather app's next request continues its own run, and its subagent (a tool in common) branches from it.
    const next = await assignRun(store, {
      owner,
      captureId: 'c4',
      startedAt: t + 7_000,
      digest: chat([user('What is the weather in Oslo?'), call('w'), result('w')], 'You answer weather questions.', [
        'get_weather',
      ]),
      fallbackName: 'x',
    });
    expect(next).toEqual({ runId: id(2), lane: 0 });
    const sub = await assignRun(store, {
      owner,
      captureId: 'c5',
      startedAt: t + 8_000,
      digest: chat([user('Forecast for Bergen')], 'You are a forecast helper.', ['get_weather', 'get_forecast']),
      fallbackName: 'x',
    });
    expect(sub).toEqual({ runId: id(2), lane: 1, parent: 'c4', began: 'lane' });
  });

  it('a named run keeps its requests; a request that names none never joins it', async () => {
    const { store, id } = memoryStore();
    const owner = `o${++owners}`;
    const t = Date.now();
    const named = await assignRun(store, {
      owner,
      captureId: 'c1',
      startedAt: t,
      named: 'nightly',
      digest: chat([user('eval 1')]),
      fallbackName: 'x',
    });
    expect(named).toEqual({ runId: id(1), lane: 0, began: 'run' });
    const again = await assignRun(store, { owner, captureId: 'c2', startedAt: t + 5, named: 'nightly', fallbackName: 'x' });
    expect(again).toEqual({ runId: id(1), lane: 0 });
    const unnamed = await assignRun(store, {
      owner,
      captureId: 'c3',
      startedAt: t + 10,
      digest: chat([user('eval 1')]),
      fallbackName: 'x',
    });
    expect(unnamed).toEqual({ runId: id(2), lane: 0, began: 'run' });
    // A request with no prompt (a model list) joins the active continuity run, or none.
    expect(await assignRun(store, { owner, captureId: 'c4', startedAt: t + 20, fallbackName: 'x' })).toEqual({
      runId: id(2),
      lane: 0,
    });
    expect(await assignRun(store, { owner: `o${++owners}`, captureId: 'c5', startedAt: t, fallbackName: 'x' })).toBeUndefined();
  });

  it('places two first requests that come at once in one run, one after the other', async () => {
    const { store, runs, id } = memoryStore();
    const owner = `o${++owners}`;
    const t = Date.now();
    const digest = chat([user('same task')]);
    const both = await Promise.all([
      assignRun(store, { owner, captureId: 'c1', startedAt: t, digest, fallbackName: 'x' }),
      assignRun(store, { owner, captureId: 'c2', startedAt: t, digest, fallbackName: 'x' }),
    ]);
    expect(both.map((p) => p!.runId)).toEqual([id(1), id(1)]);
    expect(both.map((p) => p!.began)).toEqual(['run', undefined]);
    expect(runs.size).toBe(1);
  });
});
