import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { SseComment, SseItem, SseRetry } from './types';
import { utf8Length } from './utf8';

/** An item before the parser stamps its order, size and time. */
type Unstamped<T = SseItem> = T extends SseItem ? Omit<T, 'seq' | 'bytes' | 'at'> : never;
type Held = Unstamped<SseComment | SseRetry>;

/**
 * Bytes to SSE items, incrementally, per the WHATWG event-stream rules.
 *
 * Field parsing is eventsource-parser's. We split lines ourselves (CR, LF, CRLF —
 * also a CRLF split across chunks) and hand it one line at a time, because that is
 * how each item keeps its exact raw text: joining every item's `raw` in order gives
 * back the stream's text.
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly parser = createParser({
    onEvent: (message) => this.onEvent(message),
    onComment: (text) => this.hold({ kind: 'comment', text, raw: this.takeLine() }),
    onRetry: (ms) => this.hold({ kind: 'retry', ms, raw: this.takeLine() }),
  });
  private started = false;
  /** Text of the line being read, not yet ended. */
  private partial = '';
  /** A line that ended in CR at the end of a chunk: it may be half of a CRLF. */
  private crLine: string | undefined;
  /** Raw text of the event being read. */
  private raw = '';
  private lineRaw = '';
  /** A comment or retry line, held until we see whether a blank line closes it. */
  private held: Held | undefined;
  private seq = 0;
  private at = 0;
  private out: SseItem[] = [];

  /** Feeds bytes (or already-decoded text); returns the items they complete. */
  feed(chunk: Uint8Array | string, at = 0): SseItem[] {
    this.at = at;
    this.out = [];
    this.split(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
    return this.out;
  }

  /** Ends the stream: an unfinished event is not dispatched, but reported as leftover text. */
  end(at = this.at): SseItem[] {
    this.at = at;
    this.out = [];
    this.split(this.decoder.decode());
    if (this.crLine !== undefined) this.line(this.crLine, '\r');
    this.crLine = undefined;
    this.release();
    const leftover = this.raw + this.partial;
    if (leftover !== '') this.emit({ kind: 'leftover', raw: leftover });
    this.raw = '';
    this.partial = '';
    return this.out;
  }

  private split(text: string): void {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // one leading BOM, as the spec says
    }
    let start = 0;
    if (this.crLine !== undefined && text.length > 0) {
      const crlf = text.charCodeAt(0) === 10;
      this.line(this.crLine, crlf ? '\r\n' : '\r');
      this.crLine = undefined;
      if (crlf) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const content = this.partial + text.slice(start, i);
      this.partial = '';
      if (c === 13 && i + 1 === text.length) {
        this.crLine = content;
        return;
      }
      const crlf = c === 13 && text.charCodeAt(i + 1) === 10;
      this.line(content, crlf ? '\r\n' : c === 13 ? '\r' : '\n');
      if (crlf) i++;
      start = i + 1;
    }
    this.partial += text.slice(start);
  }

  private line(content: string, ending: string): void {
    if (this.held) {
      if (content === '' && this.raw === '') {
        this.held.raw += ending; // the blank line after a keep-alive belongs to it
        this.release();
        return;
      }
      this.release();
    }
    this.lineRaw = content + ending;
    this.raw += this.lineRaw;
    this.parser.feed(content + '\n');
  }

  private onEvent(message: EventSourceMessage): void {
    this.release();
    const raw = this.raw;
    this.raw = '';
    this.emit({ kind: 'event', event: message.event, data: message.data, id: message.id, raw });
  }

  /** Comment and retry lines stand alone in the log: take the line back out of the event's raw text. */
  private takeLine(): string {
    this.raw = this.raw.slice(0, this.raw.length - this.lineRaw.length);
    return this.lineRaw;
  }

  private hold(item: Held): void {
    this.release();
    this.held = item;
  }

  private release(): void {
    if (this.held) this.emit(this.held);
    this.held = undefined;
  }

  private emit(item: Unstamped): void {
    this.out.push({ ...item, seq: this.seq++, bytes: utf8Length(item.raw), at: this.at } as SseItem);
  }
}

/** Parses a whole stream at once: for fixtures, imports and tests. */
export function parseSse(input: Uint8Array | string): SseItem[] {
  const parser = new SseParser();
  return [...parser.feed(input), ...parser.end()];
}
