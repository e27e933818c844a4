/**
 * Not a benchmark: a look inside one. Streams one reply (`panes` of them, raced on
 * /compare, with more than one) under a Chromium trace, the floor's page and Sluice's in
 * turn, and prints the main thread's CPU time in the lifecycle's steps side by side:
 * where Sluice's time goes beyond the floor's (TRACE_ALL=1: every trace event's).
 * A config is a name and a script run in the page before the measured reply (to fold
 * the race, say, and see what it cost).
 * `npx tsx --conditions=react-server bench/trace-ui.ts [prompt] [panes] [runs] ['[["name","script"]]']`
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startNextServer } from '../tests/support/next-server';
import { launchBrowser, pickModel, BYPASS_CSP } from './browser';
import { median } from './report';
import type { Browser, Page } from '@playwright/test';

const prompt = process.argv[2] ?? 'tokens=1000 tps=1000 delay=0';
const panes = Number(process.argv[3] ?? 4);
const runs = Number(process.argv[4] ?? 3);
/** Configs: [name, script run before the measured reply]. */
const configs = JSON.parse(process.argv[5] ?? '[["sluice",""]]') as [string, string][];
const KEYS = [
  'RunTask',
  'v8.callFunction',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Blink.CompositingInputs.UpdateTime',
  'Layerize',
  'Blink.ForcedStyleAndLayout.UpdateTime',
  'TimerFire',
  'EventHandler::handleMouseMoveEvent',
  'Commit',
];
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'v8',
  'disabled-by-default-devtools.timeline.frame',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { functionName?: string; url?: string; type?: string } };
}

async function open(
  browser: Browser,
  origin: string,
  mode: 'sluice' | 'floor',
  before = '',
): Promise<{ page: Page; start: () => Promise<void> }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: BYPASS_CSP });
  if (mode === 'floor') {
    await page.goto(`${origin}/bench/ui?mode=floor&streams=${panes}`);
    await page.waitForFunction('window.__bench && window.__bench.ready');
    const start = async (p: string) => {
      await page.evaluate(`window.__bench.start(${JSON.stringify(p)})`);
      await page.waitForFunction('window.__bench.done', undefined, { polling: 250, timeout: 60_000 });
    };
    await start('tokens=400 tps=5000 delay=0');
    return { page, start: () => start(prompt) };
  }
  await page.goto(`${origin}${panes > 1 ? '/race' : '/'}`);
  await page.waitForFunction('window.__sluice !== undefined');
  for (let i = 2; i < panes; i++) await page.getByRole('button', { name: 'Add model' }).click();
  for (const picker of await page.getByRole('combobox', { name: 'Model' }).all())
    await pickModel(picker, 'sim-openai::sim-markdown');
  await page.waitForFunction('window.__sluice.highlighter.ready', undefined, { timeout: 30_000 });
  const send = async (p: string) => {
    await page.getByRole('textbox', { name: 'Message' }).fill(p);
    const button = await page.getByRole('button', { name: 'Send', exact: true }).elementHandle();
    const before = await page.evaluate(`document.querySelectorAll('article[aria-label="Assistant reply"]').length`);
    return async () => {
      await button!.evaluate((b) => (b as HTMLButtonElement).click());
      await page.waitForFunction(`document.querySelectorAll('article[aria-label="Assistant reply"]').length > ${before}`);
      await page.waitForFunction(`document.querySelector('article[data-status="streaming"]') === null`, undefined, {
        polling: 250,
        timeout: 60_000,
      });
    };
  };
  await (
    await send('tokens=400 tps=5000 delay=0')
  )();
  if (before) await page.evaluate(before);
  const go = await send(prompt);
  return { page, start: go };
}

async function traced(
  browser: Browser,
  origin: string,
  mode: 'sluice' | 'floor',
  before = '',
): Promise<Map<string, { wall: number; cpu: number; n: number }>> {
  const { page, start } = await open(browser, origin, mode, before);
  await browser.startTracing(page, { categories: CATEGORIES });
  await start();
  const trace = (await browser.stopTracing()).toString('utf8');
  // TRACE_SAVE=DIR: each run's trace kept, for a look in DevTools' Performance panel.
  if (process.env.TRACE_SAVE) writeFileSync(join(process.env.TRACE_SAVE, `${mode}-${Date.now()}.json`), trace);
  const { traceEvents: events } = JSON.parse(trace) as { traceEvents: TraceEvent[] };
  await page.close();
  // The renderer's main thread: the thread that ran the page's animation frame callbacks.
  const main = events.find((e) => e.name === 'FireAnimationFrame');
  if (!main) return new Map();
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const by = new Map<string, { wall: number; cpu: number; n: number }>();
  for (const e of onMain) {
    let key = e.name;
    if (e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'EventDispatch')
      key += ` ${e.args?.data?.functionName ?? e.args?.data?.type ?? ''} ${(e.args?.data?.url ?? '').split('/').pop()}`;
    const v = by.get(key) ?? { wall: 0, cpu: 0, n: 0 };
    v.wall += (e.dur ?? 0) / 1000;
    v.cpu += (e.tdur ?? e.dur ?? 0) / 1000;
    v.n++;
    by.set(key, v);
  }
  return by;
}

const next = await startNextServer({ SLUICE_CONFIG: '', SLUICE_BENCH_PAGES: '1' });
const browser = await launchBrowser();
try {
  const names = ['floor', ...configs.map((c) => c[0])];
  const sum: Record<string, Map<string, { wall: number; cpu: number; n: number }>> = Object.fromEntries(
    names.map((n) => [n, new Map()]),
  );
  /** Each run's main-thread CPU (all its tasks), per config: the means above move with one slow run. */
  const totals: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < runs; r++)
    for (const name of names) {
      const config = configs.find((c) => c[0] === name);
      const result = await traced(browser, next.origin, config ? 'sluice' : 'floor', config?.[1]);
      totals[name]!.push(result.get('RunTask')?.cpu ?? 0);
      for (const [k, v] of result) {
        const s = sum[name]!.get(k) ?? { wall: 0, cpu: 0, n: 0 };
        s.wall += v.wall / runs;
        s.cpu += v.cpu / runs;
        s.n += v.n / runs;
        sum[name]!.set(k, s);
      }
    }
  console.table(
    Object.fromEntries(KEYS.map((k) => [k, Object.fromEntries(names.map((n) => [n, Math.round(sum[n]!.get(k)?.cpu ?? 0)]))])),
  );
  for (const name of names)
    console.log(
      `${name}: main-thread CPU per run ${totals[name]!.map(Math.round).join(' ')} ms, median ${Math.round(median(totals[name]!))}` +
        (name === 'floor' ? '' : `, ${(median(totals[name]!) / median(totals.floor!)).toFixed(2)}x the floor`),
    );
  if (process.env.TRACE_ALL) {
    const first = sum[names[1] ?? 'floor']!;
    const keys = [...first.keys()].sort((a, b) => first.get(b)!.cpu - first.get(a)!.cpu);
    for (const k of keys.slice(0, 60))
      console.log(
        k.slice(0, 60).padEnd(60),
        names
          .map((n) => `${(sum[n]!.get(k)?.cpu ?? 0).toFixed(1).padStart(7)}/${(sum[n]!.get(k)?.wall ?? 0).toFixed(1).padEnd(7)}`)
          .join(' '),
      );
  }
} finally {
  await browser.close();
  await next.stop();
}
