/** What the browser benchmarks share: Chromium as the tests launch it, and a frame probe in the page. */
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';

/**
 * The bench drives its pages with string expressions (Playwright evaluates them with
 * eval in the page), which the app's CSP forbids, as it should: the bench's pages let
 * the browser skip the CSP. Nothing it measures runs differently for it.
 */
export const BYPASS_CSP = true;

/** Picks `choice` (`provider::model`) in a model picker (combobox "Model"): its id typed, its option in the list it controls clicked. */
export async function pickModel(picker: Locator, choice: string): Promise<void> {
  await picker.click();
  await picker.fill(choice.slice(choice.indexOf('::') + 2));
  const list = await picker.getAttribute('aria-controls');
  await picker.page().locator(`[id="${list}"] [role="option"][data-choice="${choice}"]`).click();
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

export async function cdpMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** Starts recording every animation frame's time and every long animation frame's duration. */
export async function startFrameProbe(page: Page): Promise<void> {
  // A string, not a function: the bench runs under tsx, whose helpers do not exist in the page.
  await page.evaluate(`
    window.__frames = [];
    window.__loaf = [];
    window.__stop = false;
    (function loop(t) { if (t !== undefined) window.__frames.push(t); if (!window.__stop) requestAnimationFrame(loop); })();
    window.__t0 = performance.now();
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__loaf.push({
      duration: e.duration,
      at: e.startTime - window.__t0,
      styleAndLayout: e.startTime + e.duration - e.styleAndLayoutStart,
      scripts: e.scripts.map((s) => ({
        invoker: s.invoker,
        function: s.sourceFunctionName,
        source: s.sourceURL.split('/').pop() + ':' + s.sourceCharPosition,
        duration: s.duration,
        forcedLayout: s.forcedStyleAndLayoutDuration,
      })),
    }))).observe({ type: 'long-animation-frame' });
  `);
}

export interface FrameRun {
  frames: number;
  seconds: number;
  p95FrameMs: number;
  longFrames: number;
  longestFrameMs: number;
}

/** A long animation frame, with what ran in it (the Long Animation Frames API's attribution). */
interface LongFrame {
  duration: number;
  at: number;
  styleAndLayout: number;
  scripts: { invoker: string; function: string; source: string; duration: number; forcedLayout: number }[];
}

export async function stopFrameProbe(page: Page): Promise<FrameRun> {
  const { frames, loaf: frameList } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __loaf: LongFrame[]; __stop: boolean };
    w.__stop = true;
    return { frames: w.__frames, loaf: w.__loaf };
  });
  // BENCH_LONG_FRAMES=1: what each long frame ran, to find where one comes from.
  if (process.env.BENCH_LONG_FRAMES)
    for (const f of frameList.filter((f) => f.duration > 50))
      console.error(
        `long frame on ${new URL(page.url()).pathname}${new URL(page.url()).search}: ` +
          `${Math.round(f.duration)} ms at ${Math.round(f.at)} ms, style+layout ${Math.round(f.styleAndLayout)} ms`,
        JSON.stringify(f.scripts.filter((s) => s.duration > 2)),
      );
  const loaf = frameList.map((f) => f.duration);
  const intervals = frames
    .slice(1)
    .map((t, i) => t - frames[i]!)
    .sort((a, b) => a - b);
  return {
    frames: frames.length,
    seconds: (frames.at(-1)! - frames[0]!) / 1000,
    p95FrameMs: intervals[Math.floor(intervals.length * 0.95)] ?? 0,
    longFrames: loaf.filter((d) => d > 50).length,
    longestFrameMs: Math.max(0, ...loaf),
  };
}
