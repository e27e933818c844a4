import type { ReplyTimings, StoredEvents } from '@/lib/api/conversations';
import { formatMs } from '../../figures/format-duration';
import { STALL_MS, stallsOf, type SlowStart, type Stall } from '../../figures/stalls';

export { STALL_MS, type Stall, type StallPhase } from '../../figures/stalls';

/** Upper bounds (bytes) of the chunk-size histogram's bins; the last bin takes everything above. */
export const SIZE_BINS = [32, 64, 128, 256, 512, 1024] as const;

export interface Timeline {
  /** Each event: when it came (ms since its request started) and its size in bytes, UTF-8. */
  ticks: { at: number; bytes: number }[];
  stalls: Stall[];
  /**
   * A slow start: the silence, over STALL_MS, between the first events (the stream's
   * opening) and the first token. Part of the time to first token, not a stall: the reply
   * had not started yet.
   */
  slowStart?: SlowStart;
  firstToken?: number;
  /** The answer's first token, when thinking came before it (else it is the first token). */
  thinkingEnd?: number;
  end?: number;
  /** Events per size bin (SIZE_BINS, then one for larger). */
  sizes: number[];
  /** The log was cut at its bound: the ticks stop before the reply did. */
  truncated: boolean;
}

const encoder = new TextEncoder();

/**
 * One reply's stream as the timeline draws it, from its stored log (each item's receive
 * time on the server, since the request started) and its stored times (the same clock).
 * Gaps are measured between events, not from the request: the wait for the first byte
 * is the time to first token, a figure of its own, and so is a silence after the
 * stream opened but before its first token (a slow start). A stall is a silence once
 * the reply has started, or in one that never did.
 */
export function timelineOf(events: StoredEvents, timings: Partial<ReplyTimings>): Timeline {
  const ticks = events.items.map(({ at, raw }) => ({ at, bytes: encoder.encode(raw).length }));
  const { stalls, slowStart } = stallsOf(
    ticks.map((tick) => tick.at),
    timings,
  );
  const { firstToken } = timings;
  const sizes = new Array<number>(SIZE_BINS.length + 1).fill(0);
  for (const { bytes } of ticks) {
    const bin = SIZE_BINS.findIndex((max) => bytes <= max);
    sizes[bin === -1 ? SIZE_BINS.length : bin]! += 1;
  }
  const { firstAnswer, end } = timings;
  return {
    ticks,
    stalls,
    slowStart,
    firstToken,
    thinkingEnd: firstToken !== undefined && firstAnswer !== undefined && firstAnswer > firstToken ? firstAnswer : undefined,
    end: end ?? ticks.at(-1)?.at,
    sizes,
    truncated: events.truncated,
  };
}

/** The two streams' shared axis: from each request's start to the later one's end (never zero wide). */
export function sharedSpan(a: Timeline | undefined, b: Timeline | undefined): number {
  const last = (t: Timeline | undefined) => Math.max(t?.end ?? 0, t?.ticks.at(-1)?.at ?? 0);
  return Math.max(1, last(a), last(b));
}

/** The histogram's bin names, as its text says them ("≤ 32 B" … "> 1024 B"). */
export const sizeBinLabels = [...SIZE_BINS.map((max) => `≤ ${max} B`), `> ${SIZE_BINS.at(-1)} B`];

/** A stall as a sentence, for the timeline's text and its screen reader: "B stalled 1.80 s after its thinking, at 2.10 s". */
export function stallSentence(who: string, stall: Stall): string {
  return `${who} stalled ${formatMs(stall.to - stall.from)} ${stall.phase}, at ${formatMs(stall.from)}`;
}

/** The first token as a sentence: "A's first token at 2.08 s, after 1.99 s without one (a slow start, not a stall)." */
export function firstTokenSentence(who: string, firstToken: number, slowStart: Timeline['slowStart']): string {
  const wait = slowStart ? `, after ${formatMs(slowStart.to - slowStart.from)} without one (a slow start, not a stall)` : '';
  return `${who}'s first token at ${formatMs(firstToken)}${wait}.`;
}

/** What the timeline shows of one stream, as sentences: its text equivalent, for a screen reader and the export. */
export function timelineFacts(who: string, t: Timeline | undefined): string[] {
  if (!t) return [`${who}: no stored stream.`];
  const facts = [`${who}: ${t.ticks.length} events${t.truncated ? ' (the log was cut at its bound)' : ''}.`];
  if (t.firstToken !== undefined) facts.push(firstTokenSentence(who, t.firstToken, t.slowStart));
  if (t.thinkingEnd !== undefined) facts.push(`${who}'s answer after its thinking at ${formatMs(t.thinkingEnd)}.`);
  facts.push(...t.stalls.map((s) => `${stallSentence(who, s)}.`));
  if (!t.stalls.length)
    facts.push(`${who} never stalled (no gap over ${STALL_MS} ms${t.slowStart ? ' once its first token came' : ''}).`);
  if (t.end !== undefined) facts.push(`${who} ended at ${formatMs(t.end)}.`);
  return facts;
}

/** A time's place on an axis `width` wide that spans `span` ms. */
export const xAt = (at: number, span: number, width: number) => Math.round((Math.min(at, span) / span) * width * 10) / 10;
