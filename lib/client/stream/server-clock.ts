import type { StreamTimes } from '@/lib/api/streams';

/**
 * The server's clock for a stream joined late: its receive time for each byte it had
 * when asked (`GET /api/chat/{id}/times`), and for bytes after those, the time the
 * server had then plus what has passed here since. A reply's figures and its event
 * log's timings then read as the first client saw them, not as one burst.
 */
export class ServerClock {
  /**
   * @param askedAt When the page asked for the times (performance.now()), taken as when
   * the server read its clock for `now`. The server, in a process of its own, reads it a
   * moment after; the page, whose main thread is busy after a reload, may hear the answer
   * much later: timed from then, the clock ran up to 200 ms behind the server's.
   */
  constructor(
    private readonly times: StreamTimes,
    private readonly askedAt: number,
  ) {}

  /** Splits bytes that start at `offset` where the server received them in separate chunks, each with its time. */
  pieces(bytes: Uint8Array, offset: number): { bytes: Uint8Array; at: number }[] {
    const { offsets, at, length } = this.times;
    const pieces: { bytes: Uint8Array; at: number }[] = [];
    let start = 0;
    while (start < bytes.byteLength) {
      const position = offset + start;
      if (position >= length) {
        pieces.push({ bytes: bytes.subarray(start), at: this.now() });
        break;
      }
      const chunk = lastAtOrBefore(offsets, position);
      const next = chunk + 1 < offsets.length ? offsets[chunk + 1]! : length;
      const end = Math.min(bytes.byteLength, next - offset);
      pieces.push({ bytes: bytes.subarray(start, end), at: at[chunk] ?? this.now() });
      start = end;
    }
    return pieces;
  }

  /** When the reply's request started, on this page's clock (performance.now()). */
  get startedAt(): number {
    return this.askedAt - this.times.now;
  }

  /** Now, on the server's clock (ms since the reply's request started). */
  now(): number {
    return this.times.now + (performance.now() - this.askedAt);
  }
}

/** Index of the last value ≤ target in an ascending list (0 when none is). */
function lastAtOrBefore(values: number[], target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (values[mid]! <= target) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * When a reply the page asked for started, on this page's clock (performance.now()): on
 * the server's clock, as its stored times count, not from the page's fetch. The answer's
 * headers say where the server's clock stood as they left (`x-sluice-clock`); they came
 * in at `headersAt`, and each byte after them comes the same way back, so a byte read
 * `t` after the headers came was received about `clock + t` into the reply on the server.
 * Timed from the fetch instead, the live figures carried what the request took to reach
 * the server's handler (its upload, the app's routing, the other panes' requests ahead of
 * it): a time to first token read ~650 ms live was ~190 ms stored. Without a usable
 * header (an error answer, an older server), the fetch's own start.
 */
export function answerStart(fetchedAt: number, headersAt: number, clockHeader: string | null): number {
  const clock = clockHeader === null || clockHeader.trim() === '' ? NaN : Number(clockHeader);
  if (!Number.isFinite(clock) || clock < 0) return fetchedAt;
  // The server's part is within the page's wait for the headers: never before the fetch.
  return Math.max(fetchedAt, headersAt - clock);
}
