/**
 * A long agent run: 200 requests of about 150 KB each (a conversation that keeps its
 * 140 KB of context and grows by a tool result a step) through the recording proxy, named
 * as one run, against the scripted model with a prompt cache (tests/support/cache-upstream).
 * Then its page's data: `GET /api/runs/{id}` (every step's figures, context and cache
 * breaks), beside the same 200 captures' plain list in the same run, and the run's page in
 * Chromium until its 200 steps are drawn, beside the Traffic page drawing the same list.
 * Also what counting a request's context costs once, as its capture is written, beside
 * parsing its JSON; and the Traffic list of 10,000 captures read and scrolled to its end
 * (bench/traffic-list.ts).
 */
import { performance } from 'node:perf_hooks';
import { composeContext } from '../lib/runs/composition';
import { startCacheUpstream } from '../tests/support/cache-upstream';
import { startNextServer } from '../tests/support/next-server';
import { launchBrowser } from './browser';
import { trafficListFigures } from './traffic-list';
import { median, metric, type Metric } from './report';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STEPS = Number(process.env.RUNS_BENCH_STEPS ?? 200);
const CONTEXT_BYTES = 140 * 1024;

/** The body of step n: the same large context, then n − 1 tool calls and their results. */
function body(n: number, context: string) {
  const messages: unknown[] = [{ role: 'user', content: context }];
  for (let i = 1; i < n; i++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'read_file', input: { path: `file-${i}.txt` } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: `contents of file-${i}.txt` }],
    });
  }
  return {
    model: `loop-${STEPS + 1}`,
    max_tokens: 64,
    stream: true,
    system: 'You are a careful coding agent.',
    tools: [
      {
        name: 'read_file',
        description: 'Reads a file.',
        input_schema: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ],
    messages,
  };
}

async function timed(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(): Promise<Metric[]> {
  const upstream = await startCacheUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-runs-'));
  const config = join(dir, 'sluice.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        {
          id: 'cache-anthropic',
          protocol: 'anthropic-messages',
          baseUrl: `${upstream.origin}/anthropic/v1`,
          apiKey: 'bench',
          models: ['loop'],
        },
      ],
    }),
  );
  const next = await startNextServer({ SLUICE_CONFIG: config });
  const browser = await launchBrowser();
  try {
    const context = 'The project notes. '.repeat(CONTEXT_BYTES / 19);
    const sample = JSON.stringify(body(STEPS, context));
    for (let n = 1; n <= STEPS; n++) {
      const answer = await fetch(`${next.origin}/proxy/cache-anthropic/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'sluice-proxy', 'x-sluice-run': 'bench run' },
        body: JSON.stringify(body(n, context)),
      });
      await answer.text();
    }
    const runs = (await (await fetch(`${next.origin}/api/runs`)).json()) as { items: { id: string; requests: number }[] };
    const id = runs.items[0]!.id;
    // Every capture written (each is written off the proxy's hot path, once its exchange ended).
    for (;;) {
      const detail = (await (await fetch(`${next.origin}/api/runs/${id}`)).json()) as { steps: { status: string }[] };
      if (detail.steps.length === STEPS && detail.steps.every((s) => s.status !== 'streaming')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const api = await timed(() => fetch(`${next.origin}/api/runs/${id}`).then((r) => r.json()));
    const list = await timed(() => fetch(`${next.origin}/api/captures?run=${id}&limit=200`).then((r) => r.json()));

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const open = async (path: string, drawn: () => Promise<unknown>) => {
      const start = performance.now();
      await page.goto(`${next.origin}${path}`);
      await drawn();
      return performance.now() - start;
    };
    // The cache table has a row per step (and its head): its last row drawn is the whole run drawn.
    const steps = page.getByRole('region', { name: 'Cache by step' }).getByRole('row');
    const rows = page.getByRole('row');
    await open(`/runs/${id}`, () => steps.nth(STEPS).waitFor()); // warm up the page's code
    const runPage = median(await sequence(5, () => open(`/runs/${id}`, () => steps.nth(STEPS).waitFor())));
    const traffic = median(await sequence(5, () => open(`/traffic`, () => rows.nth(20).waitFor())));

    const parsed = JSON.parse(sample) as unknown;
    const parse = await timed(async () => JSON.parse(sample), 21);
    composeContext('anthropic-messages', parsed); // the tokenizer's tables, loaded once
    const compose = await timed(async () => composeContext('anthropic-messages', JSON.parse(sample)), 21);
    const kb = Math.round(Buffer.byteLength(sample) / 1024);
    const traffic10k = await trafficListFigures(browser);
    return [
      metric(
        `GET /api/runs/{id}, ${STEPS} steps of ~150 KB`,
        api,
        `GET /api/captures?run= (the same ${STEPS} rows)`,
        list,
        'ms',
        '< 1000 ms',
        api < 1000,
      ),
      metric(
        `run page open until its ${STEPS} steps are drawn`,
        runPage,
        'Traffic page open until its first screen of rows (20) is drawn',
        traffic,
        'ms',
        '< 1000 ms',
        runPage < 1000,
      ),
      metric(
        `a ${kb} KB request's context counted (once, as its capture is written)`,
        compose,
        'JSON.parse of it',
        parse,
        'ms',
        'report',
        true,
      ),
      ...traffic10k,
    ];
  } finally {
    await browser.close();
    await next.stop();
    await upstream.close();
  }
}

async function sequence(n: number, fn: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}
