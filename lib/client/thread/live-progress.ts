import type { AssembledMessage } from '@/lib/assemble/message';
import { outputRate } from '@/lib/assemble/reply-summary';
import type { ReplyFigures } from '@/lib/figures/reply-figures';

/**
 * Silence after the first token past which a streaming reply counts as stalled: longer
 * than the gaps of any upstream streaming at all (a token a second is already slow),
 * short enough that nobody wonders long whether the page froze.
 */
export const STALL_MS = 3000;

/** Where a streaming reply stands, `elapsed` ms after its request started. */
export type LiveProgress =
  | { phase: 'waiting'; elapsed: number }
  | { phase: 'streaming'; elapsed: number; rate?: number }
  | { phase: 'stalled'; elapsed: number; silent: number };

/**
 * A streaming reply's progress at `now` (ms on its figures' clock): waiting for its
 * first token, streaming at its rate so far (the figures' own speed, from the first
 * token to the last, its count as the figures count it), or silent since its last token.
 */
export function liveProgress(reply: AssembledMessage, figures: ReplyFigures, now: number): LiveProgress {
  const elapsed = Math.max(0, now);
  if (figures.firstToken === undefined) return { phase: 'waiting', elapsed };
  const silent = now - (figures.lastToken ?? figures.firstToken);
  if (silent >= STALL_MS) return { phase: 'stalled', elapsed, silent };
  const rate = outputRate(reply, { ...figures, end: now })?.rate;
  return { phase: 'streaming', elapsed, ...(rate !== undefined ? { rate } : {}) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The progress line: "waiting for the first token · 1.2 s", "elapsed 3.4 s · ≈52 tok/s", "no data for 4 s · elapsed 9.0 s". */
export function progressText(progress: LiveProgress): string {
  switch (progress.phase) {
    case 'waiting':
      return `waiting for the first token · ${seconds(progress.elapsed)}`;
    case 'streaming':
      return `elapsed ${seconds(progress.elapsed)}${progress.rate !== undefined ? ` · ≈${Math.round(progress.rate)} tok/s` : ''}`;
    case 'stalled':
      return `no data for ${Math.floor(progress.silent / 1000)} s · elapsed ${seconds(progress.elapsed)}`;
  }
}
