/**
 * The event log under load, in headless Chromium: 100k events appended at 5000
 * events/s while the view follows the tail, against the floor in the same run (plain
 * DOM divs appended once per animation frame, scrolled to the end, no virtualization).
 */
import type { Browser } from '@playwright/test';
import { startNextServer } from '../tests/support/next-server';
import { cdpMetrics, launchBrowser, startFrameProbe, stopFrameProbe, type FrameRun, BYPASS_CSP } from './browser';
import type { Metric } from './report';

type Mode = 'sluice' | 'floor';
const EVENTS = 100_000;
const PER_SECOND = 5000;

interface Run extends FrameRun {
  mainThreadMs: number;
  domNodes: number;
  rows: number;
}

async function measure(browser: Browser, origin: string, mode: Mode, events: number): Promise<Run> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: BYPASS_CSP });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${origin}/bench/log?mode=${mode}`);
  await page.waitForFunction('window.__bench && window.__bench.ready', undefined, { timeout: 30_000 });
  await startFrameProbe(page);
  const before = await cdpMetrics(cdp);
  await page.evaluate(
    ([n, rate]) => (window as unknown as { __bench: { start: (n: number, r: number) => void } }).__bench.start(n, rate),
    [events, PER_SECOND] as const,
  );
  await page.waitForFunction('window.__bench.done', undefined, { polling: 500, timeout: (events / PER_SECOND) * 1000 + 60_000 });
  const after = await cdpMetrics(cdp);
  const frames = await stopFrameProbe(page);
  const rows = await page.evaluate(
    (m) => (m === 'floor' ? document.querySelectorAll('div > div').length : document.querySelectorAll('[data-log-row]').length),
    mode,
  );
  await page.close();
  const busy = (m: Record<string, number>) => m.ScriptDuration! + m.LayoutDuration! + m.RecalcStyleDuration!;
  return { ...frames, mainThreadMs: (busy(after) - busy(before)) * 1000, domNodes: after.Nodes!, rows };
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function run(): Promise<Metric[]> {
  const next = await startNextServer({ SLUICE_CONFIG: '', SLUICE_BENCH_PAGES: '1' });
  const browser = await launchBrowser();
  try {
    await measure(browser, next.origin, 'sluice', 5000); // warm up the server's page and the JIT
    const floor = await measure(browser, next.origin, 'floor', EVENTS);
    const sluice = await measure(browser, next.origin, 'sluice', EVENTS);
    const vs = (name: string, value: number, base: number, unit: string, target: string, met: boolean): Metric => ({
      metric: name,
      value: round(value),
      unit,
      baseline: { name: 'floor: plain DOM append per frame', value: round(base) },
      ratio: round(value / Math.max(1e-9, base)),
      target,
      met,
    });
    return [
      vs('100k events at 5000/s: long animation frames (> 50 ms)', sluice.longFrames, floor.longFrames, 'frames', 'report', true),
      vs('100k events at 5000/s: longest animation frame', sluice.longestFrameMs, floor.longestFrameMs, 'ms', 'report', true),
      vs('100k events at 5000/s: p95 frame time', sluice.p95FrameMs, floor.p95FrameMs, 'ms', 'report', true),
      vs(
        '100k events at 5000/s: main-thread time (script + style + layout)',
        sluice.mainThreadMs,
        floor.mainThreadMs,
        'ms',
        'report',
        true,
      ),
      vs(
        '100k events at 5000/s: row nodes in the page at the end',
        sluice.rows,
        floor.rows,
        'rows',
        '< 2000',
        sluice.rows < 2000,
      ),
    ];
  } finally {
    await browser.close();
    await next.stop();
  }
}
