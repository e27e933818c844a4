/**
 * The Traffic list of 10,000 captures: the page opened, every page of the list brought
 * in as a reader scrolls to its end, then scrolled from top to bottom, in a traced
 * Chromium. The figure is the long animation frames' main-thread CPU (bench/frame-cpu.ts),
 * beside a plain-DOM floor: the same rows as one static table, scrolled the same way.
 */
import type { Browser } from '@playwright/test';
import { startNextServer } from '../tests/support/next-server';
import { BYPASS_CSP } from './browser';
import { startFrameTrace, stopTrace, type FrameCpu } from './frame-cpu';
import { metric, type Metric } from './report';

const CAPTURES = Number(process.env.TRAFFIC_BENCH_CAPTURES ?? 10_000);
/** Requests in flight while the list is filled: the proxy's own pace, not the bench's. */
const FILL_CONCURRENCY = 16;
const VIEWPORT = { width: 1440, height: 900 };

/** `count` small streamed exchanges through the recording proxy (the built-in simulator). */
async function fill(origin: string, count: number): Promise<void> {
  let sent = 0;
  const lane = async () => {
    while (sent < count) {
      const n = sent++;
      const response = await fetch(`${origin}/proxy/sim-openai/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sim-echo',
          stream: true,
          messages: [{ role: 'user', content: `row ${n} tokens=4 tps=5000 delay=0` }],
        }),
      });
      await response.text();
    }
  };
  await Promise.all(Array.from({ length: FILL_CONCURRENCY }, lane));
}

/** Waits until the store lists `count` captures, none still streaming (each is written once its exchange ends). */
async function stored(origin: string, count: number): Promise<void> {
  for (;;) {
    let seen = 0;
    let streaming = false;
    let before: string | undefined;
    do {
      const page = (await (await fetch(`${origin}/api/captures?limit=200${before ? `&before=${before}` : ''}`)).json()) as {
        items: { status: string }[];
        next?: string;
      };
      seen += page.items.length;
      streaming ||= page.items.some((c) => c.status === 'streaming');
      before = page.next;
    } while (before);
    if (seen >= count && !streaming) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Scrolls the window to its end in steps of a screen, a frame apart, as a reader's wheel would. */
const SCROLL_THROUGH = `new Promise((done) => {
  const step = () => {
    const before = window.scrollY;
    window.scrollBy(0, window.innerHeight * 0.9);
    if (window.scrollY === before) done(window.scrollY);
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

function worst(frames: FrameCpu[]): number {
  return Math.max(0, ...frames.map((f) => f.cpuMs));
}

function over50(frames: FrameCpu[]): number {
  return frames.filter((f) => f.cpuMs > 50).length;
}

/** The Traffic page until it lists every capture, then scrolled through; the long frames of each part. */
interface Traced {
  frames: FrameCpu[];
  cpuMs: number;
}

async function sluice(browser: Browser, origin: string): Promise<{ load: Traced; scroll: Traced; rows: number }> {
  const page = await browser.newPage({ viewport: VIEWPORT, bypassCSP: BYPASS_CSP });
  await page.goto(`${origin}/traffic`);
  await page.locator('tr[data-capture-id]').first().waitFor();
  await startFrameTrace(browser, page);
  // Bring every page in as a reader does: scrolled to the end of the rows read, where the
  // next page is asked for; each time, until a new row is drawn there (or the list is whole).
  const table = 'document.querySelector("table[aria-label=Captures]")';
  const lastDrawn = `Math.max(...[...document.querySelectorAll("tr[data-index]")].map((r) => Number(r.dataset.index)))`;
  while ((await page.evaluate<string>(`${table}.getAttribute("aria-rowcount")`)) === '-1') {
    const last = await page.evaluate<number>(lastDrawn);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.waitForFunction(`${lastDrawn} > ${last} || ${table}.getAttribute("aria-rowcount") !== "-1"`, undefined, {
      polling: 'raf',
    });
  }
  const load = await stopTrace(browser);
  const count = Number(await page.evaluate<string>(`${table}.getAttribute("aria-rowcount")`)) - 1;
  await page.evaluate('window.scrollTo(0, 0)');
  await startFrameTrace(browser, page);
  await page.evaluate(SCROLL_THROUGH);
  const scroll = await stopTrace(browser);
  await page.close();
  return { load, scroll, rows: Number(count) };
}

/** The floor: the same count of rows, eleven cells each, as one static table, scrolled the same way. */
async function floor(browser: Browser, count: number): Promise<Traced> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const row = (n: number) =>
    `<tr><td>10:${String(n % 60).padStart(2, '0')}</td><td>sim-openai</td><td>POST</td><td>/chat/completions</td>` +
    `<td>sim-echo</td><td>200</td><td>3 ms</td><td>9 ms</td><td>6</td><td>4</td><td>$0.000</td></tr>`;
  await page.setContent(`<table>${Array.from({ length: count }, (_, n) => row(n)).join('')}</table>`);
  await startFrameTrace(browser, page);
  await page.evaluate(SCROLL_THROUGH);
  const scroll = await stopTrace(browser);
  await page.close();
  return scroll;
}

export async function trafficListFigures(browser: Browser): Promise<Metric[]> {
  // Kept: the store's default keeps the newest 1,000 (SLUICE_CAPTURE_RETENTION).
  const next = await startNextServer({ SLUICE_CAPTURE_RETENTION: String(CAPTURES * 2) });
  try {
    const started = performance.now();
    await fill(next.origin, CAPTURES);
    await stored(next.origin, CAPTURES);
    console.error(`traffic bench: ${CAPTURES} captures stored in ${Math.round((performance.now() - started) / 1000)} s`);
    const ours = await sluice(browser, next.origin);
    const plain = await floor(browser, CAPTURES);
    const n = CAPTURES.toLocaleString('en-US');
    return [
      metric(
        `Traffic list of ${n} captures, every page read as the reader scrolls to its end: frames over 50 ms of main-thread CPU`,
        over50(ours.load.frames),
        'plain table of the same rows scrolled (floor)',
        over50(plain.frames),
        'frames',
        '0',
        over50(ours.load.frames) === 0,
      ),
      metric(
        `Traffic list of ${n} captures, read to its end: the worst frame's main-thread CPU`,
        worst(ours.load.frames),
        'floor, scrolled',
        worst(plain.frames),
        'ms',
        'report',
        true,
      ),
      metric(
        `Traffic list of ${n} captures (${ours.rows.toLocaleString('en-US')} rows), scrolled top to bottom: frames over 50 ms of main-thread CPU`,
        over50(ours.scroll.frames),
        'floor, scrolled',
        over50(plain.frames),
        'frames',
        '0',
        over50(ours.scroll.frames) === 0,
      ),
      metric(
        `Traffic list of ${n} captures, scrolled top to bottom: main-thread CPU`,
        ours.scroll.cpuMs,
        'floor, scrolled',
        plain.cpuMs,
        'ms',
        'report',
        true,
      ),
    ];
  } finally {
    await next.stop();
  }
}
