import type { UiMessage } from '../thread/ui-message';

/** A series never holds more points than this: the chart redraws all of them, ten times a second. */
export const MAX_POINTS = 1000;
/** At first, one point per animation frame's worth of time: a read per event is far finer than the chart draws. */
const FIRST_SPACING_MS = 16;

/**
 * One pane's race: output tokens over time (ms since its request started, as its
 * stream and its stored log both time it), as a step line. Tokens estimated from the
 * text read (StreamReader.outputTokens), not events counted: one upstream sends a token
 * an event, another a sentence, and counted events drew the second six times slower
 * than its speed. Once the reply says its own count (`settle`), the line ends there.
 * Its start and first token are kept exactly (time to first token shows as a late
 * start); after them each `spacing` ms holds one point, the latest. When that makes
 * too many points, the spacing doubles and the series thins to match, so a redraw
 * costs the same at the end of a long race as at its start.
 */
export class RaceSeries {
  readonly at: number[] = [0];
  readonly tokens: number[] = [0];
  private spacing = FIRST_SPACING_MS;
  /** Where the first token's point is, once there is one: it is never merged away. */
  private firstToken = -1;
  /** The counts are the reply's own (its usage), not an estimate. */
  exact = false;
  /**
   * Read from the reply's stored event log, on the server's clock (stored-series.ts): the
   * race as a reload shows it. Otherwise the page's own reading, which may end a little
   * apart from it (its times are when this page read each byte), marked "≈" where shown.
   */
  stored = false;

  add(at: number, tokens: number): void {
    const last = this.at.length - 1;
    if (this.mergeable(last) && this.bucket(this.at[last]!) === this.bucket(at)) {
      this.at[last] = at;
      this.tokens[last] = tokens;
    } else {
      this.at.push(at);
      this.tokens.push(tokens);
    }
    if (this.firstToken < 0 && tokens > 0) this.firstToken = this.at.length - 1;
    if (this.at.length > MAX_POINTS) this.thin();
  }

  /**
   * The reply is over, and said how many tokens it wrote: the line is scaled to end at
   * that count, its shape (the estimate's) kept. Without one it stays as estimated.
   */
  settle(outputTokens: number | undefined): void {
    const estimated = this.tokens.at(-1)!;
    if (!outputTokens || !estimated) return;
    for (let i = 0; i < this.tokens.length; i++) this.tokens[i] = Math.round((this.tokens[i]! * outputTokens) / estimated);
    this.exact = true;
  }

  /** Tokens per second since the first one, or undefined before there is a second point to measure by. */
  rate(): number | undefined {
    if (this.firstToken < 0) return undefined;
    const seconds = (this.at.at(-1)! - this.at[this.firstToken]!) / 1000;
    return seconds > 0 ? (this.tokens.at(-1)! - this.tokens[this.firstToken]!) / seconds : undefined;
  }

  /** Where the line ends: its tokens and the time of the last (ms since its request started). */
  end(): { tokens: number; at: number } {
    return { tokens: this.tokens.at(-1)!, at: this.at.at(-1)! };
  }

  private mergeable(index: number): boolean {
    return index > 0 && index !== this.firstToken;
  }

  private bucket(at: number): number {
    return Math.floor(at / this.spacing);
  }

  /** Doubles the spacing and keeps each new bucket's latest point, with the start and the first token. */
  private thin(): void {
    this.spacing *= 2;
    let kept = 1;
    for (let i = 1; i < this.at.length; i++) {
      const next = this.at[i + 1];
      const latestOfBucket = next === undefined || this.bucket(next) !== this.bucket(this.at[i]!);
      if (!latestOfBucket && this.mergeable(i)) continue;
      if (i === this.firstToken) this.firstToken = kept;
      this.at[kept] = this.at[i]!;
      this.tokens[kept] = this.tokens[i]!;
      kept++;
    }
    this.at.length = kept;
    this.tokens.length = kept;
  }
}

/** A reply's output tokens as the upstream counted them, once it completed with its usage. */
export function usageTokens(reply: UiMessage | undefined): number | undefined {
  return reply?.role === 'assistant' && reply.reply.status === 'complete' ? reply.reply.usage?.outputTokens : undefined;
}
