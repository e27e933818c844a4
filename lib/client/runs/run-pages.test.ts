import { describe, expect, it } from 'vitest';
import type { RunDetail, RunDiff, RunStep } from '@/lib/api/runs';
import { compositionChart } from './context-chart';
import { divergenceLine, pairMark, stepBrief } from './diff-steps';
import { diffFigureRows, formatRate, formatSpan, runFigureList, stepFigureList } from './run-figures';
import { laneName, stepTone, tickStep, timelineOf } from './run-timeline';

/** A step of a run for the tests: complete, on the main line, 1 s long, started `at` ms after the run. */
function testStep(step: number, more: Partial<RunStep> & { at?: number } = {}): RunStep {
  const { at = (step - 1) * 1000, ...rest } = more;
  return {
    step,
    captureId: `c${step}`,
    parent: null,
    lane: 0,
    startedAt: new Date(Date.UTC(2026, 0, 1) + at).toISOString(),
    model: 'sim-tools',
    protocol: 'anthropic-messages',
    status: 'complete',
    httpStatus: 200,
    timings: { firstToken: 100, end: 1000 },
    usage: { input: 100, output: 20, cacheRead: 0, cacheWrite: 0 },
    usageEstimated: false,
    cache: { hitRate: 0, reads: 0, writes: 0, uncached: 100 },
    context: { system: 10, tools: 20, conversation: 60, toolResults: 10, thinking: 0, estimate: 'split', largest: [] },
    toolCalls: [],
    text: '',
    cost: 0.001,
    ...rest,
  };
}

function testRun(steps: RunStep[], more: Partial<RunDetail> = {}): RunDetail {
  return {
    id: 'r1',
    name: 'e2e run',
    source: 'named',
    startedAt: steps[0]?.startedAt ?? new Date(Date.UTC(2026, 0, 1)).toISOString(),
    endedAt: new Date(Date.UTC(2026, 0, 1) + 5000).toISOString(),
    requests: steps.length,
    status: 'complete',
    usage: { input: 1000, output: 200, cacheRead: 3000, cacheWrite: 500 },
    cost: 0.0123,
    steps,
    cache: { hitRate: 0.6667, reads: 3000, writes: 500, uncached: 1000, savings: null, breaks: [] },
    ...more,
  };
}

describe('a run’s figures in words', () => {
  it('writes hit rates as whole percentages, never rounding a sliver to nothing or all', () => {
    expect([0, 0.004, 0.5, 0.6667, 0.996, 1, null].map(formatRate)).toEqual([
      '0%',
      '<1%',
      '50%',
      '67%',
      '>99%',
      '100%',
      undefined,
    ]);
  });

  it('writes a long run in minutes and hours', () => {
    expect([850, 12_340, 60_000, 125_000, 3_725_000].map(formatSpan)).toEqual([
      '850 ms',
      '12.34 s',
      '1 min',
      '2 min 5 s',
      '1 h 2 min',
    ]);
  });

  it('counts the whole prompt as tokens in, and marks the figures ≈ when a step’s usage was counted', () => {
    const figures = Object.fromEntries(runFigureList(testRun([testStep(1), testStep(2, { usageEstimated: true })])));
    expect(figures).toMatchObject({
      Requests: '2',
      Duration: '5.00 s',
      'Tokens in': '≈4,500',
      'Tokens out': '≈200',
      'Cache hit rate': '67%',
      'Cache savings': 'no price',
      Cost: '≈$0.012',
    });
  });

  it('says a run in flight is running, and a step when it started within the run', () => {
    const run = testRun([testStep(1)], { endedAt: undefined });
    expect(Object.fromEntries(runFigureList(run)).Duration).toBe('running');
    const step = testStep(3, { at: 2500, timings: { firstToken: 90 } });
    expect(Object.fromEntries(stepFigureList(step, Date.parse(run.startedAt)))).toMatchObject({
      Started: '+2.50 s',
      'Time to first token': '90 ms',
      Duration: 'running',
    });
  });

  it('writes B − A signed, the hit rate in points, and a dash where a run has no figure', () => {
    const a = testRun([testStep(1)]);
    const b = { ...a, id: 'r2', cost: null, requests: 3 };
    const diff: RunDiff = {
      a,
      b,
      firstDivergence: null,
      steps: [],
      figures: { requests: 2, input: -40, output: 0, cacheRead: 10, cacheWrite: 0, hitRate: 0.25, cost: null, duration: 1500 },
    };
    const rows = Object.fromEntries(diffFigureRows(diff).map((r) => [r.label, [r.a, r.b, r.delta, r.verdict]]));
    expect(rows.Requests).toEqual(['1', '3', '+2', 'worse']);
    expect(rows['Tokens in (uncached)']).toEqual(['1,000', '1,000', '−40', 'better']);
    expect(rows['Cache reads']![3]).toBe('better');
    expect(rows['Tokens out']![2]).toBe('0');
    expect(rows['Cache hit rate']!.slice(2)).toEqual(['+25 pts', 'better']);
    expect(rows.Duration![2]).toBe('+1.50 s');
    expect(rows.Cost).toEqual(['$0.012', 'no price', '—', 'unknown']);
  });
});

describe('the timeline', () => {
  it('puts every step on one axis from the run’s start, a row a lane, main first', () => {
    const steps = [
      testStep(1),
      testStep(2, { at: 1000, timings: { end: 3000 } }),
      testStep(3, { at: 1500, lane: 1, parent: 2, timings: { end: 500 } }),
    ];
    const timeline = timelineOf(steps);
    expect(timeline.span).toBe(4000);
    expect(timeline.lanes.map((l) => [l.name, l.bars.map((b) => [b.step, b.left, b.width])])).toEqual([
      [
        'Main',
        [
          [1, 0, 25],
          [2, 25, 75],
        ],
      ],
      ['Subagent 1', [[3, 37.5, 12.5]]],
    ]);
    expect(timeline.lanes[1]!.bars[0]!.label).toBe('Step 3, Subagent 1: 1.50 s to 2.00 s, complete, sim-tools, from step 2');
    expect(timeline.summary).toBe('Timeline: 3 steps on 2 lanes over 4.00 s.');
    expect(timeline.ticks.map((t) => t.label)).toEqual(['0', '1 s', '2 s', '3 s', '4 s']);
  });

  it('draws a streaming step to when the run was read, and without that to its last known time', () => {
    const steps = [testStep(1, { status: 'streaming', timings: { firstToken: 200, lastToken: 700 } })];
    const start = Date.parse(steps[0]!.startedAt);
    expect(timelineOf(steps, start + 2000).span).toBe(2000);
    expect(timelineOf(steps).span).toBe(700);
    expect(timelineOf(steps).summary).toBe('Timeline: 1 step on 1 lane over 700 ms, 1 streaming.');
  });

  it('tells failed steps from ones cut short, whatever a capture’s own status says of an HTTP error', () => {
    expect(stepTone({ status: 'complete', httpStatus: 429 })).toBe('failed');
    expect(stepTone({ status: 'upstream-error', httpStatus: 500 })).toBe('failed');
    expect(stepTone({ status: 'client-closed' })).toBe('stopped');
    expect(stepTone({ status: 'streaming' })).toBe('streaming');
    expect(stepTone({ status: 'complete', httpStatus: 200 })).toBe('complete');
  });

  it('ticks at 1, 2 or 5 times a power of ten, and names lanes', () => {
    expect([4000, 900, 23_000, 1].map((span) => tickStep(span))).toEqual([1000, 200, 5000, 1]);
    expect([0, 1, 4].map(laneName)).toEqual(['Main', 'Subagent 1', 'Subagent 4']);
  });
});

describe('the context chart', () => {
  it('stacks each step’s parts scaled to the biggest, lists only parts some step has, and says it in words', () => {
    const big = {
      system: 100,
      tools: 300,
      conversation: 500,
      toolResults: 1100,
      thinking: 0,
      estimate: 'split' as const,
      largest: [{ part: 'toolResults' as const, name: 'get_weather result', tokens: 1100 }],
    };
    const chart = compositionChart([testStep(1), testStep(2, { context: big })]);
    expect(chart.max).toBe(2000);
    expect(chart.parts).toEqual(['system', 'tools', 'conversation', 'toolResults']);
    expect(chart.bars[1]!.parts.find((p) => p.part === 'toolResults')!.height).toBeCloseTo(55);
    expect(chart.bars[0]!.parts.find((p) => p.part === 'conversation')!.height).toBe(3);
    expect(chart.biggest?.step).toBe(2);
    expect(chart.summary).toBe(
      'Context by step, in tokens: step 1 ≈100 to step 2 ≈2,000; the biggest, step 2: tool results ≈1,100, conversation ≈500, tools ≈300, system ≈100.',
    );
  });

  it('says so when no context was counted', () => {
    const none = { system: 0, tools: 0, conversation: 0, toolResults: 0, thinking: 0, estimate: 'whole' as const, largest: [] };
    expect(compositionChart([testStep(1, { context: none })]).summary).toBe('Context by step: no context was counted.');
  });
});

describe('two runs’ steps', () => {
  it('calls out the first divergence and marks each pair', () => {
    expect(divergenceLine({ step: 3, kind: 'arguments', a: 'get_weather: city "Paris"', b: 'get_weather: city "Lyon"' })).toEqual(
      {
        headline: 'Step 3: different arguments',
        a: 'get_weather: city "Paris"',
        b: 'get_weather: city "Lyon"',
      },
    );
    const step = testStep(1);
    expect(pairMark({ a: step, b: step, same: true, downstream: false })).toBe('same');
    expect(pairMark({ a: step, b: step, same: false, downstream: true })).toBe('different');
    expect(pairMark({ a: step, b: null, same: false, downstream: true })).toBe('only in A');
    expect(pairMark({ a: null, b: step, same: false, downstream: true })).toBe('only in B');
  });

  it('says what a step did in brief', () => {
    expect(stepBrief(testStep(1, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }))).toBe(
      'get_weather({"city":"Paris"})',
    );
    expect(stepBrief(testStep(1, { text: 'The  weather\nis fine.' }))).toBe('The weather is fine.');
    expect(stepBrief(testStep(1))).toBe('no tool calls or text');
  });
});
