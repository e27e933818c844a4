/**
 * How much of each long animation frame the page's main thread spent on a core, from
 * a Chromium trace of the run. A frame's duration (what the Long Animation Frames API
 * reports) is wall time: on a shared machine it includes the time the thread waited
 * for a core while other processes ran, and a frame can be long with little work in it.
 */
import type { Browser, Page } from '@playwright/test';

/** A long frame's wall time and the main thread's CPU time in it. */
export interface FrameCpu {
  durationMs: number;
  cpuMs: number;
}

/** Frames longer than this count as long (the Long Animation Frames API's threshold). */
const LONG_FRAME_MS = 50;

/**
 * Trace categories: animation frames (begin, duration) and the main thread's tasks with
 * their thread time; `blink` for the one task left out of a frame's CPU, see below.
 */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'];

export function startFrameTrace(browser: Browser, page: Page): Promise<void> {
  return browser.startTracing(page, { categories: CATEGORIES });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { animation_frame_timing_info?: { duration_ms: number } };
}

/**
 * The long frames of the traced page, each with the CPU time of the main-thread tasks
 * that began in it. Left out: the body loader's finishing work when a response ends.
 * With DevTools' Network domain on (Playwright always turns it on) Chromium keeps a
 * copy of every fetched body and decodes it whole at that point, in every mode alike,
 * and none in a user's browser (docs/decisions.md: "ui bench: long frames' CPU from traced runs").
 */
export async function stopFrameTrace(browser: Browser): Promise<FrameCpu[]> {
  return (await stopTrace(browser)).frames;
}

/** The long frames of the traced page (as stopFrameTrace), and the main thread's CPU over the whole trace. */
export async function stopTrace(browser: Browser): Promise<{ frames: FrameCpu[]; cpuMs: number }> {
  const { traceEvents: events } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const frames = events.filter((e) => e.name === 'AnimationFrame' && e.ph === 'b' && e.args?.animation_frame_timing_info);
  const main = frames[0];
  if (!main) return { frames: [], cpuMs: 0 };
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X';
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask');
  const leftOut = events.filter((e) => onMain(e) && e.name === 'ResponseBodyLoader::DidFinishLoadingBody');
  const cpuIn = (list: TraceEvent[], from: number, to: number) =>
    list.filter((e) => e.ts >= from && e.ts < to).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  const long = frames.flatMap(({ ts: from, args }) => {
    const durationMs = args!.animation_frame_timing_info!.duration_ms;
    if (durationMs <= LONG_FRAME_MS) return [];
    const to = from + durationMs * 1000;
    return [{ durationMs, cpuMs: cpuIn(tasks, from, to) - cpuIn(leftOut, from, to) }];
  });
  return { frames: long, cpuMs: cpuIn(tasks, 0, Infinity) - cpuIn(leftOut, 0, Infinity) };
}
