/** What the browser benchmarks share: Chromium as the tests launch it, and a frame probe in the page. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__loaf.push(e.duration))).observe({ type: 'long-animation-frame' });
  `);
}

export interface FrameRun {
  frames: number;
  seconds: number;
  p95FrameMs: number;
  longFrames: number;
  longestFrameMs: number;
}

export async function stopFrameProbe(page: Page): Promise<FrameRun> {
  const { frames, loaf } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __loaf: number[]; __stop: boolean };
    w.__stop = true;
    return { frames: w.__frames, loaf: w.__loaf };
  });
  const intervals = frames.slice(1).map((t, i) => t - frames[i]!).sort((a, b) => a - b);
  return {
    frames: frames.length,
    seconds: (frames.at(-1)! - frames[0]!) / 1000,
    p95FrameMs: intervals[Math.floor(intervals.length * 0.95)] ?? 0,
    longFrames: loaf.filter((d) => d > 50).length,
    longestFrameMs: Math.max(0, ...loaf),
  };
}
