import { DEFAULT_SSE_LIMITS, eventTooLarge, lineTooLong, SseLimitError, type SseLimits } from './limits';
import type { SseComment, SseItem, SseRetry } from './types';
import { Utf8Decoder, utf8Length } from './utf8';

/** An item before the parser stamps its order, size and time. */
type Unstamped<T = SseItem> = T extends SseItem ? Omit<T, 'seq' | 'bytes' | 'at'> : never;
type Held = Unstamped<SseComment | SseRetry>;

const DIGITS = /^\d+$/;

/**
 * Bytes to SSE items, incrementally, per the WHATWG event-stream rules: CR, LF and
 * CRLF line ends (a CRLF may be split across chunks), one leading BOM, comments,
 * `event`/`data`/`id`/`retry`, multi-line data joined with "\n", one leading space
 * removed, an unfinished event at EOF not dispatched (reported as leftover).
 *
 * Every item keeps its exact raw text: joining every item's `raw` in order gives
 * back the stream. We first delegated field parsing to eventsource-parser, line by
 * line, to keep that raw text; in the protocols benchmark it fell far below the
 * line-split + JSON.parse floor (docs/decisions.md: "Our own SSE scanner"), so this
 * scanner works on offsets with native indexOf instead. eventsource-parser remains the
 * oracle in the tests.
 *
 * A line or an event longer than its bound (counted in UTF-16 units, a lower bound
 * of its bytes) throws SseLimitError: the reader fails that stream, and only it.
 */
export class SseParser {
  /**
   * `resetsEvent`: a comment after which the event being read is dropped (reported as
   * leftover text), as a reconnecting EventSource drops it: the BFF's upstream-reconnect
   * marker, written after the broken connection's unfinished event.
   */
  constructor(
    private readonly limits: SseLimits = DEFAULT_SSE_LIMITS,
    private readonly resetsEvent?: (comment: string) => boolean,
  ) {}

  private readonly decoder = new Utf8Decoder();
  private started = false;
  /** Unconsumed text; `blockStart` and `pos` index into it. */
  private buffer = '';
  private pos = 0;
  /** Where the current block's raw text starts. */
  private blockStart = 0;
  private data = '';
  private hasData = false;
  private eventType: string | undefined;
  private id: string | undefined;
  private held: Held | undefined;
  private seq = 0;
  private at = 0;
  private out: SseItem[] = [];

  /** Feeds bytes (or already-decoded text); returns the items they complete. */
  feed(chunk: Uint8Array | string, at = 0): SseItem[] {
    this.at = at;
    this.out = [];
    this.append(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk));
    this.scan(false);
    return this.out;
  }

  /**
   * The comment held back for a blank line that may follow it, now: the connection
   * closed (a reader that may join again must know whether the BFF's end marker came).
   */
  settle(at = this.at): SseItem[] {
    this.at = at;
    this.out = [];
    this.release();
    return this.out;
  }

  /** Ends the stream: an unfinished event is not dispatched, but reported as leftover text. */
  end(at = this.at): SseItem[] {
    this.at = at;
    this.out = [];
    this.append(this.decoder.end());
    this.scan(true);
    this.release();
    const leftover = this.buffer.slice(this.blockStart);
    if (leftover !== '') this.emit({ kind: 'leftover', raw: leftover });
    this.buffer = '';
    this.pos = this.blockStart = 0;
    return this.out;
  }

  private append(text: string): void {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.buffer = this.buffer.length === 0 ? text : this.buffer + text;
  }

  private scan(final: boolean): void {
    const buffer = this.buffer;
    let lf = -2;
    let cr = buffer.indexOf('\r', this.pos) === -1 ? -1 : -2;
    for (;;) {
      if (lf !== -1 && lf < this.pos) lf = buffer.indexOf('\n', this.pos);
      if (cr !== -1 && cr < this.pos) cr = buffer.indexOf('\r', this.pos);
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        if (lf === -1) break;
        end = lf;
        next = lf + 1;
      } else if (cr + 1 < buffer.length) {
        end = cr;
        next = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
      } else if (final) {
        end = cr;
        next = cr + 1;
      } else break; // a CR at the very end may be half of a CRLF
      this.line(end, next);
      this.pos = next;
    }
    // Drop what has been emitted; keep the current block and the unfinished line.
    if (this.blockStart > 0) {
      this.buffer = buffer.slice(this.blockStart);
      this.pos -= this.blockStart;
      this.blockStart = 0;
    }
    this.checkBounds();
  }

  private checkBounds(): void {
    const { maxLineBytes, maxEventBytes } = this.limits;
    if (this.buffer.length - this.pos > maxLineBytes) this.fail(lineTooLong(maxLineBytes));
    if (this.buffer.length - this.blockStart > maxEventBytes) this.fail(eventTooLarge(maxEventBytes));
  }

  /** Lets go of what it holds, so that a failed stream keeps no memory, and says why. */
  private fail(message: string): never {
    this.buffer = this.data = '';
    this.pos = this.blockStart = 0;
    const error = new SseLimitError(message);
    // What this feed completed before the bound was passed came whole: it is not lost with the rest.
    error.items = this.out;
    throw error;
  }

  private line(end: number, next: number): void {
    const { buffer, pos } = this;
    if (end === pos) return this.blankLine(next);
    if (this.held) this.release();
    const first = buffer.charCodeAt(pos);
    if (first === 58 /* : */) {
      const text = buffer.slice(pos + 1 + (buffer.charCodeAt(pos + 1) === 32 ? 1 : 0), end);
      if (this.resetsEvent?.(text)) this.dropEvent();
      return this.standalone({ kind: 'comment', text, raw: '' }, next);
    }
    const colon = buffer.indexOf(':', pos);
    const field = colon === -1 || colon > end ? buffer.slice(pos, end) : buffer.slice(pos, colon);
    let value = '';
    if (colon !== -1 && colon < end) value = buffer.slice(colon + (buffer.charCodeAt(colon + 1) === 32 ? 2 : 1), end);
    switch (field) {
      case 'data':
        this.data = this.hasData ? `${this.data}\n${value}` : value;
        this.hasData = true;
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.id = value;
        break;
      case 'retry':
        if (DIGITS.test(value)) this.standalone({ kind: 'retry', ms: Number(value), raw: '' }, next);
        break;
    }
  }

  private blankLine(next: number): void {
    if (this.held && this.blockStart === this.pos && !this.hasData) {
      // The blank line after a keep-alive belongs to it.
      this.held.raw += this.buffer.slice(this.pos, next);
      this.blockStart = next;
      return this.release();
    }
    this.release();
    if (!this.hasData) {
      this.eventType = undefined;
      this.id = undefined;
      return;
    }
    const raw = this.buffer.slice(this.blockStart, next);
    this.blockStart = next;
    this.emit({ kind: 'event', event: this.eventType || undefined, data: this.data, id: this.id, raw });
    this.data = '';
    this.hasData = false;
    this.eventType = undefined;
    this.id = undefined;
  }

  /** Drops the event being read, reporting its text as leftover. */
  private dropEvent(): void {
    this.release();
    const partial = this.buffer.slice(this.blockStart, this.pos);
    this.blockStart = this.pos;
    if (partial !== '') this.emit({ kind: 'leftover', raw: partial });
    this.data = '';
    this.hasData = false;
    this.eventType = undefined;
    this.id = undefined;
  }

  /**
   * Comment and retry lines between events stand alone in the log. One inside an event
   * (after its first line) stays in that event's text, where it came, and its item carries
   * no text: the log, joined, is the stream in wire order, each byte counted once.
   */
  private standalone(item: Held, next: number): void {
    this.release();
    if (this.blockStart < this.pos) return this.emit(item);
    item.raw = this.buffer.slice(this.pos, next);
    this.blockStart = next;
    this.held = item;
  }

  private release(): void {
    if (!this.held) return;
    const held = this.held;
    this.held = undefined;
    this.emit(held);
  }

  /** Stamps the item in place (no copy: this runs once per event). */
  private emit(item: Unstamped): void {
    // Eager: one native scan for ASCII text. A lazy getter swapped in by prototype is
    // slower: it knocks every item off V8's fast paths
    // (docs/decisions.md: "SSE items carry their UTF-8 size eagerly").
    const stamped = item as Unstamped & { seq: number; at: number; bytes: number };
    stamped.seq = this.seq++;
    stamped.bytes = utf8Length(item.raw);
    stamped.at = this.at;
    this.out.push(stamped as SseItem);
  }
}

/** Parses a whole stream at once: for fixtures, imports and tests. */
export function parseSse(input: Uint8Array | string): SseItem[] {
  const parser = new SseParser();
  return [...parser.feed(input), ...parser.end()];
}
