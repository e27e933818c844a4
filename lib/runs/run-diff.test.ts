import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunDetail, RunStep, RunToolCall } from '@/lib/api/runs';
import { alignSequences } from './align-sequences';
import { canonicalJson, firstJsonDifference, formatJsonPath } from './json-difference';
import { diffRuns } from './run-diff';
import { clip, WORDS_MAX } from './step-divergence';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const MODEL = 'claude-sonnet-4-5';

/** A step of a run: a complete request on the main line, changed by `over`. */
function step(n: number, over: Partial<RunStep> = {}): RunStep {
  return {
    step: n,
    captureId: `capture-${n}`,
    parent: null,
    lane: 0,
    startedAt: new Date(T0 + n * 1000).toISOString(),
    model: MODEL,
    status: 'complete',
    httpStatus: 200,
    timings: { firstByte: 200, end: 900 },
    usage: { input: 100, output: 20, cacheRead: 0, cacheWrite: 0 },
    usageEstimated: false,
    cache: { hitRate: 0, reads: 0, writes: 0, uncached: 100 },
    context: { system: 10, tools: 20, conversation: 70, toolResults: 0, thinking: 0, estimate: 'split', largest: [] },
    toolCalls: [],
    text: '',
    cost: 0.001,
    ...over,
  };
}

const call = (name: string, args: unknown): RunToolCall => ({ name, arguments: JSON.stringify(args) });

/** A run of these steps, numbered in order from 1; its figures are given, not summed (the diff only subtracts them). */
function run(steps: RunStep[], over: Partial<RunDetail> = {}): RunDetail {
  return {
    id: 'run-a',
    name: 'fix the tests',
    source: 'named',
    startedAt: new Date(T0).toISOString(),
    endedAt: new Date(T0 + 60_000).toISOString(),
    requests: steps.length,
    status: 'complete',
    usage: { input: 800, output: 160, cacheRead: 0, cacheWrite: 0 },
    cost: 0.008,
    steps: steps.map((s, i) => ({ ...s, step: i + 1 })),
    cache: { hitRate: 0.5, reads: 400, writes: 0, uncached: 400, savings: 0.001, breaks: [] },
    ...over,
  };
}

/** An agent's eight steps: seven tool calls, then its answer. */
function agentSteps(): RunStep[] {
  const calls: RunToolCall[][] = [
    [call('list_files', { dir: '.' })],
    [call('read_file', { path: 'README.md' })],
    [call('get_weather', { city: 'Paris', units: 'metric' })],
    [call('read_file', { path: 'lib/weather.ts' })],
    [call('grep', { pattern: 'forecast', dir: 'lib' })],
    [call('edit_file', { path: 'lib/weather.ts', edits: [{ line: 3, text: 'export const city = "Paris";' }] })],
    [call('run_tests', {}), call('read_file', { path: 'test.log' })],
  ];
  return [...calls.map((toolCalls, i) => step(i + 1, { toolCalls })), step(8, { text: 'Done: the tests pass.' })];
}

/** These steps with step `n` (from 1) changed by `over`. */
function changed(steps: RunStep[], n: number, over: Partial<RunStep>): RunStep[] {
  return steps.map((s) => (s.step === n ? { ...s, ...over } : s));
}

const flags = (diff: ReturnType<typeof diffRuns>, key: 'same' | 'downstream') => diff.steps.map((pair) => pair[key]);

describe('diffRuns', () => {
  it('finds where two eight-step runs part: one call’s arguments at step 3, everything from there downstream', () => {
    const a = run(agentSteps());
    const b = run(changed(agentSteps(), 3, { toolCalls: [call('get_weather', { city: 'Lyon', units: 'metric' })] }), {
      id: 'run-b',
    });
    const diff = diffRuns(a, b);
    expect(diff.firstDivergence).toEqual({
      step: 3,
      kind: 'arguments',
      a: 'get_weather: city "Paris"',
      b: 'get_weather: city "Lyon"',
    });
    expect(diff.steps.map((pair) => [pair.a?.step, pair.b?.step])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]));
    expect(flags(diff, 'downstream')).toEqual([false, false, true, true, true, true, true, true]);
    expect(flags(diff, 'same')).toEqual([true, true, false, true, true, true, true, true]);
  });

  it('lines up again after a step B took in addition: that step is the divergence, the later ones pair and are the same', () => {
    const a = run(agentSteps());
    const extra = step(0, { toolCalls: [call('search_docs', { q: 'weather api' })] });
    const stepsB = agentSteps();
    stepsB.splice(3, 0, extra);
    const diff = diffRuns(a, run(stepsB));
    expect(diff.firstDivergence).toEqual({
      step: 4,
      kind: 'length',
      a: 'no step',
      b: `step 4 (${MODEL}): called search_docs`,
    });
    expect(diff.steps.map((pair) => [pair.a?.step ?? null, pair.b?.step ?? null])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [null, 4],
      [4, 5],
      [5, 6],
      [6, 7],
      [7, 8],
      [8, 9],
    ]);
    expect(flags(diff, 'same')).toEqual([true, true, true, false, true, true, true, true, true]);
    expect(flags(diff, 'downstream')).toEqual([false, false, false, true, true, true, true, true, true]);
  });

  it('leaves over the extra step, not its twin, when it calls the same tool as the step after it', () => {
    const a = run(agentSteps());
    const stepsB = agentSteps();
    stepsB.splice(3, 0, step(0, { toolCalls: [call('read_file', { path: 'lib/forecast.ts' })] }));
    const diff = diffRuns(a, run(stepsB));
    expect(diff.firstDivergence?.kind).toBe('length');
    expect(diff.firstDivergence?.step).toBe(4);
    expect(diff.steps.filter((pair) => !pair.same).map((pair) => [pair.a?.step ?? null, pair.b?.step])).toEqual([[null, 4]]);
  });

  it('says a step A had and B did not is missing in B, numbered in A', () => {
    const stepsA = agentSteps();
    const diff = diffRuns(run(stepsA), run(stepsA.filter((s) => s.step !== 6)));
    expect(diff.firstDivergence).toEqual({ step: 6, kind: 'length', a: `step 6 (${MODEL}): called edit_file`, b: 'no step' });
    expect(diff.steps).toHaveLength(8);
    expect(diff.steps.filter((pair) => !pair.same)).toHaveLength(1);
  });

  it('a different model at step 1 is a model divergence, and every pair is downstream of it', () => {
    const a = run(agentSteps());
    const diff = diffRuns(a, run(changed(agentSteps(), 1, { model: 'gpt-5' })));
    expect(diff.firstDivergence).toEqual({ step: 1, kind: 'model', a: MODEL, b: 'gpt-5' });
    expect(flags(diff, 'downstream').every(Boolean)).toBe(true);
    expect(flags(diff, 'same')).toEqual([false, true, true, true, true, true, true, true]);
  });

  it('pairs two runs on different models step by step, though no step has the same shape', () => {
    const other = agentSteps().map((s) => ({ ...s, model: 'gpt-5' }));
    const diff = diffRuns(run(agentSteps()), run(other));
    expect(diff.steps.map((pair) => [pair.a?.step, pair.b?.step])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]));
    expect(diff.firstDivergence?.kind).toBe('model');
  });

  it('a step that failed in one run only is an error, above any other difference', () => {
    const failed: Partial<RunStep> = {
      status: 'upstream-error',
      httpStatus: 429,
      error: 'rate limited',
      toolCalls: [],
      model: 'gpt-5',
    };
    const diff = diffRuns(run(agentSteps()), run(changed(agentSteps(), 5, failed)));
    expect(diff.firstDivergence).toEqual({
      step: 5,
      kind: 'error',
      a: 'ok: called grep',
      b: 'failed: upstream-error (HTTP 429): rate limited',
    });
  });

  it('counts an HTTP error recorded as complete as a failure, and two failures alike as the same', () => {
    const http500 = { httpStatus: 500, toolCalls: [] };
    const diff = diffRuns(run(agentSteps()), run(changed(agentSteps(), 2, http500)));
    expect(diff.firstDivergence?.kind).toBe('error');
    expect(diff.firstDivergence?.b).toBe('failed: complete (HTTP 500)');
    const both = diffRuns(
      run(changed(agentSteps(), 2, { status: 'unreachable', error: 'ECONNREFUSED', toolCalls: [] })),
      run(changed(agentSteps(), 2, { status: 'upstream-error', httpStatus: 503, toolCalls: [] })),
    );
    expect(both.firstDivergence).toBeNull();
  });

  it('says which tools each called when the tools differ', () => {
    const diff = diffRuns(run(agentSteps()), run(changed(agentSteps(), 7, { toolCalls: [call('run_tests', {})] })));
    expect(diff.firstDivergence).toEqual({ step: 7, kind: 'tool', a: 'run_tests, read_file', b: 'run_tests' });
  });

  it('shows where two long texts part', () => {
    const text = `${'The forecast module now reads the city from its settings, '.repeat(3)}and the tests pass.`;
    const diff = diffRuns(
      run(changed(agentSteps(), 8, { text })),
      run(changed(agentSteps(), 8, { text: `  ${text.replace('tests pass', 'tests fail')}\n` })),
    );
    expect(diff.firstDivergence?.kind).toBe('text');
    expect(diff.firstDivergence?.a).toMatch(/^"….*and the tests pass\."$/);
    expect(diff.firstDivergence?.b).toMatch(/^"….*and the tests fail\."$/);
  });

  it('finds nothing between identical runs', () => {
    const diff = diffRuns(run(agentSteps()), run(agentSteps(), { id: 'run-b' }));
    expect(diff.firstDivergence).toBeNull();
    expect(flags(diff, 'same').every(Boolean)).toBe(true);
    expect(flags(diff, 'downstream').some(Boolean)).toBe(false);
    expect(diff.figures).toEqual({
      requests: 0,
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      hitRate: 0,
      cost: 0,
      duration: 0,
    });
  });

  it('does not count the arguments’ key order, white space, or the spaces around a text', () => {
    const stepsB = changed(agentSteps(), 6, {
      toolCalls: [
        {
          name: 'edit_file',
          arguments: '{ "edits": [ {"text": "export const city = \\"Paris\\";", "line": 3} ],\n  "path": "lib/weather.ts" }',
        },
      ],
    });
    const diff = diffRuns(run(agentSteps()), run(changed(stepsB, 8, { text: '\n Done: the tests pass.  ' })));
    expect(diff.firstDivergence).toBeNull();
  });

  it('names the key path and the repeated call where arguments differ deep down', () => {
    const edit = (text: string) => [
      call('edit_file', { path: 'a.ts', edits: [] }),
      call('edit_file', { path: 'b.ts', edits: [{ line: 3, text }] }),
    ];
    const diff = diffRuns(
      run(changed(agentSteps(), 6, { toolCalls: edit('x') })),
      run(changed(agentSteps(), 6, { toolCalls: edit('y') })),
    );
    expect(diff.firstDivergence).toMatchObject({
      kind: 'arguments',
      a: 'edit_file #2: edits[0].text "x"',
      b: 'edit_file #2: edits[0].text "y"',
    });
    const missing = diffRuns(
      run(changed(agentSteps(), 3, { toolCalls: [call('get_weather', { city: 'Paris', units: 'metric' })] })),
      run(changed(agentSteps(), 3, { toolCalls: [call('get_weather', { city: 'Paris' })] })),
    );
    expect(missing.firstDivergence).toMatchObject({ a: 'get_weather: units "metric"', b: 'get_weather: no units' });
    const notJson = diffRuns(
      run(changed(agentSteps(), 3, { toolCalls: [{ name: 'get_weather', arguments: '{"city": "Par' }] })),
      run(changed(agentSteps(), 3, { toolCalls: [{ name: 'get_weather', arguments: '{"city": "Lyon"}' }] })),
    );
    expect(notJson.firstDivergence).toMatchObject({
      kind: 'arguments',
      a: 'get_weather: {"city": "Par',
      b: 'get_weather: {"city": "Lyon"}',
    });
  });

  it('keeps each side’s words to a line of at most 200 characters', () => {
    const long = 'word '.repeat(400);
    const diff = diffRuns(
      run(changed(agentSteps(), 8, { text: `${long}\n\nA` })),
      run(changed(agentSteps(), 8, { text: `${long}\n\nB` })),
    );
    for (const words of [diff.firstDivergence?.a, diff.firstDivergence?.b]) {
      expect(words?.length).toBeLessThanOrEqual(WORDS_MAX);
      expect(words).not.toMatch(/\n/);
    }
    const huge = diffRuns(
      run(changed(agentSteps(), 3, { toolCalls: [call('get_weather', { city: 'x'.repeat(5000) })] })),
      run(changed(agentSteps(), 3, { toolCalls: [call('get_weather', { city: 'y' })] })),
    );
    expect(huge.firstDivergence?.a.length).toBeLessThanOrEqual(WORDS_MAX);
  });

  it('lines up subagent branches by the steps they hang off, and lists them where they happened in A', () => {
    const sub = (n: number, parent: number, path: string, lane = 1) =>
      step(n, { lane, parent, model: 'claude-haiku-4-5', toolCalls: [call('read_file', { path })] });
    // A: main 1, 2, a subagent off step 2 (steps 3, 4), main 5, 6. B took an extra step first,
    // so its subagent hangs off its step 3, and read another file at its second step.
    const stepsA = [
      step(1),
      step(2, { toolCalls: [call('task', { goal: 'read' })] }),
      sub(3, 2, 'a.ts'),
      sub(4, 2, 'b.ts'),
      step(5),
      step(6, { text: 'done' }),
    ];
    const stepsB = [
      step(1),
      step(2, { toolCalls: [call('list_files', {})] }),
      step(3, { toolCalls: [call('task', { goal: 'read' })] }),
      sub(4, 3, 'a.ts'),
      sub(5, 3, 'c.ts'),
      step(6),
      step(7, { text: 'done' }),
    ];
    const diff = diffRuns(run(stepsA), run(stepsB));
    expect(diff.steps.map((pair) => [pair.a?.step ?? null, pair.b?.step ?? null, pair.same])).toEqual([
      [1, 1, true],
      [null, 2, false],
      [2, 3, true],
      [3, 4, true],
      [4, 5, false],
      [5, 6, true],
      [6, 7, true],
    ]);
    expect(diff.firstDivergence).toMatchObject({ step: 2, kind: 'length' });

    // Without the extra step, the subagent's second step is the first divergence (A's step 4), before main step 5.
    const plain = diffRuns(run(stepsA), run(stepsA.map((s) => (s.step === 4 ? sub(4, 2, 'c.ts') : s))));
    expect(plain.firstDivergence).toEqual({
      step: 4,
      kind: 'arguments',
      a: 'read_file: path "b.ts"',
      b: 'read_file: path "c.ts"',
    });
    expect(flags(plain, 'downstream')).toEqual([false, false, false, true, true, true]);

    // B ran only the second of A's two subagents: it pairs with that one, not with A's first.
    const twice = [
      step(1),
      step(2, { toolCalls: [call('task', {})] }),
      sub(3, 2, 'a.ts'),
      step(4, { toolCalls: [call('task', {})] }),
      sub(5, 4, 'b.ts', 2),
      step(6),
    ];
    const once = [
      step(1),
      step(2, { toolCalls: [call('task', {})] }),
      step(3, { toolCalls: [call('task', {})] }),
      sub(4, 3, 'b.ts'),
      step(5),
    ];
    const second = diffRuns(run(twice), run(once));
    expect(second.steps.map((pair) => [pair.a?.step ?? null, pair.b?.step ?? null, pair.same])).toEqual([
      [1, 1, true],
      [2, 2, true],
      [3, null, false],
      [4, 3, true],
      [5, 4, true],
      [6, 5, true],
    ]);
  });

  it('pairs a subagent only one run ran with nothing', () => {
    const stepsA = [
      step(1, { toolCalls: [call('task', {})] }),
      step(2, { lane: 1, parent: 1, text: 'found it' }),
      step(3, { text: 'done' }),
    ];
    const diff = diffRuns(run(stepsA), run([step(1, { toolCalls: [call('task', {})] }), step(2, { text: 'done' })]));
    expect(diff.steps.map((pair) => [pair.a?.step ?? null, pair.b?.step ?? null])).toEqual([
      [1, 1],
      [2, null],
      [3, 2],
    ]);
    expect(diff.firstDivergence).toEqual({ step: 2, kind: 'length', a: `step 2 (${MODEL}): answered "found it"`, b: 'no step' });
  });

  it('gives B − A for the figures, and null where either run lacks one', () => {
    const a = run(agentSteps(), { requests: 8, usage: { input: 1000, output: 200, cacheRead: 300, cacheWrite: 50 }, cost: 0.5 });
    const b = run(agentSteps(), {
      requests: 10,
      usage: { input: 900, output: 260, cacheRead: 600, cacheWrite: 50 },
      cost: 0.25,
      endedAt: new Date(T0 + 90_000).toISOString(),
      cache: { ...a.cache, hitRate: 0.75 },
    });
    expect(diffRuns(a, b).figures).toEqual({
      requests: 2,
      input: -100,
      output: 60,
      cacheRead: 300,
      cacheWrite: 0,
      hitRate: 0.25,
      cost: -0.25,
      duration: 30_000,
    });
    const streaming: RunDetail = { ...b, cost: null, cache: { ...b.cache, hitRate: null } };
    delete streaming.endedAt;
    const unknown = diffRuns(a, streaming).figures;
    expect([unknown.hitRate, unknown.cost, unknown.duration]).toEqual([null, null, null]);
  });

  it('sends the runs’ summaries, not their steps', () => {
    const diff = diffRuns(run(agentSteps()), run(agentSteps(), { id: 'run-b' }));
    expect(diff.a).not.toHaveProperty('steps');
    expect(diff.b).toMatchObject({ id: 'run-b', requests: 8, cache: { hitRate: 0.5 } });
    expect(diff.b.cache).not.toHaveProperty('breaks');
  });
});

/** A random run: main-line steps, some with a subagent step hanging off the main step before it. */
const arbitraryRun = fc
  .array(
    fc.record({
      model: fc.constantFrom('m1', 'm2'),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom('read', 'grep', 'edit'),
          args: fc.dictionary(
            fc.constantFrom('path', 'q', 'n'),
            fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 2 })),
          ),
        }),
        { maxLength: 2 },
      ),
      text: fc.constantFrom('', 'ok', 'done'),
      failed: fc.boolean(),
      lane: fc.constantFrom(0, 0, 0, 1, 2),
    }),
    { maxLength: 12 },
  )
  .map((specs) => {
    let lastMain: number | null = null;
    return run(
      specs.map((spec, i) => {
        const onMain = spec.lane === 0 || lastMain === null;
        if (onMain) lastMain = i + 1;
        return step(i + 1, {
          model: spec.model,
          toolCalls: spec.calls.map((c) => call(c.name, c.args)),
          text: spec.text,
          ...(spec.failed ? { status: 'upstream-error' as const, httpStatus: 500 } : {}),
          lane: onMain ? 0 : spec.lane,
          parent: onMain ? null : lastMain,
        });
      }),
    );
  });

describe('diffRuns, for any runs', () => {
  it('pairs every step of each run exactly once, and marks downstream from the first pair not the same', () => {
    fc.assert(
      fc.property(arbitraryRun, arbitraryRun, (a, b) => {
        const diff = diffRuns(a, b);
        expect(diff.steps.flatMap((pair) => (pair.a ? [pair.a.step] : [])).sort((x, y) => x - y)).toEqual(
          a.steps.map((s) => s.step),
        );
        expect(diff.steps.flatMap((pair) => (pair.b ? [pair.b.step] : [])).sort((x, y) => x - y)).toEqual(
          b.steps.map((s) => s.step),
        );
        // Steps with an A side are listed in A's order.
        const order = diff.steps.flatMap((pair) => (pair.a ? [pair.a.step] : []));
        expect(order).toEqual([...order].sort((x, y) => x - y));
        const first = diff.steps.findIndex((pair) => !pair.same);
        expect(diff.firstDivergence === null).toBe(first < 0);
        expect(flags(diff, 'downstream')).toEqual(diff.steps.map((_, i) => first >= 0 && i >= first));
        if (diff.firstDivergence) {
          const parted = diff.steps[first];
          expect(diff.firstDivergence.step).toBe((parted?.a ?? parted?.b)?.step);
          expect(diff.firstDivergence.a.length).toBeLessThanOrEqual(WORDS_MAX);
          expect(diff.firstDivergence.b.length).toBeLessThanOrEqual(WORDS_MAX);
        }
        for (const pair of diff.steps) if (!pair.a || !pair.b) expect(pair.same).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a run the same as itself, and as itself with its arguments’ keys reordered', () => {
    fc.assert(
      fc.property(arbitraryRun, (a) => {
        const reordered = {
          ...a,
          steps: a.steps.map((s) => ({
            ...s,
            toolCalls: s.toolCalls.map((c) => ({
              name: c.name,
              arguments: JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(c.arguments) as object).reverse()), null, 2),
            })),
          })),
        };
        const diff = diffRuns(a, reordered);
        expect(diff.firstDivergence).toBeNull();
        expect(diff.steps.every((pair) => pair.same && pair.a?.step === pair.b?.step)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves over exactly a main-line step inserted into B, and pairs the rest as the same', () => {
    fc.assert(
      fc.property(arbitraryRun, fc.nat(), (a, at) => {
        const main = a.steps.filter((s) => s.lane === 0);
        // Before a main-line step (or at the end), so no subagent branch is cut from its parent.
        const before = main[at % (main.length + 1)]?.step ?? a.steps.length + 1;
        const inserted = step(0, { toolCalls: [call('only_in_b', {})] });
        const stepsB = [...a.steps.filter((s) => s.step < before), inserted, ...a.steps.filter((s) => s.step >= before)];
        const renumber = (n: number | null) => (n !== null && n >= before ? n + 1 : n);
        const b = run(stepsB.map((s) => ({ ...s, parent: renumber(s.parent) })));
        const diff = diffRuns(a, b);
        expect(diff.firstDivergence).toMatchObject({ step: before, kind: 'length', a: 'no step' });
        expect(diff.steps.filter((pair) => !pair.same).map((pair) => [pair.a, pair.b?.step])).toEqual([[null, before]]);
      }),
      { numRuns: 300 },
    );
  });
});

/** The length of the longest common subsequence, the plain way. */
function lcsLength(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = table[i] as number[];
      const above = table[i - 1] as number[];
      row[j] = a[i - 1] === b[j - 1] ? (above[j - 1] ?? 0) + 1 : Math.max(above[j] ?? 0, row[j - 1] ?? 0);
    }
  }
  return table[a.length]?.[b.length] ?? 0;
}

describe('alignSequences', () => {
  it('covers both sequences in order and pairs as many equal keys as their longest common subsequence', () => {
    const keys = fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 15 });
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const pairs = alignSequences(
          a,
          b,
          (k) => k,
          () => false,
        );
        expect(pairs.flatMap(([i]) => (i === null ? [] : [i]))).toEqual(a.map((_, i) => i));
        expect(pairs.flatMap(([, j]) => (j === null ? [] : [j]))).toEqual(b.map((_, j) => j));
        expect(pairs.filter(([i, j]) => i !== null && j !== null && a[i] === b[j])).toHaveLength(lcsLength(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('pairs by position where the table would be too big', () => {
    const a = Array.from({ length: 1200 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 1200 }, (_, i) => `b${i}`);
    expect(
      alignSequences(
        a,
        b,
        (k) => k,
        () => false,
      ),
    ).toEqual(a.map((_, i) => [i, i]));
  });
});

describe('JSON arguments', () => {
  it('compares values, not texts, and says where they first differ', () => {
    expect(canonicalJson(JSON.parse('{"b": [1, {"d": 2, "c": 1}], "a": null}'))).toBe('{"a":null,"b":[1,{"c":1,"d":2}]}');
    expect(firstJsonDifference({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBeNull();
    expect(firstJsonDifference({ a: { b: [1, 2] } }, { a: { b: [1] } })).toEqual({
      path: ['a', 'b', 1],
      a: { value: 2 },
      b: null,
    });
    expect(firstJsonDifference({ a: 1 }, { a: 1, z: null })).toEqual({ path: ['z'], a: null, b: { value: null } });
    expect(firstJsonDifference([1], { 0: 1 })).toEqual({ path: [], a: { value: [1] }, b: { value: { 0: 1 } } });
    expect(formatJsonPath(['headers', 'content-type', 0, 'v'])).toBe('headers["content-type"][0].v');
  });

  it('clips words to one line without splitting a character', () => {
    expect(clip('a\n\n  b')).toBe('a b');
    expect(clip('😀'.repeat(10), 6)).toBe('😀😀…');
  });
});
