const LF = 10;
const CR = 13;
const ID_FIELD = Buffer.from('id');

/**
 * Follows an upstream's `id:` fields as the relay passes its bytes on, as an
 * EventSource would: an `id` line sets the id buffer, a blank line (an event's
 * dispatch) makes it the last event id. That id is what a reconnection sends as
 * `Last-Event-ID`. One pass over the bytes; only lines that may be an `id` field are
 * kept, and only up to a bound.
 */
export class EventIds {
  /** The id of the last dispatched event, once one came with an id. */
  lastEventId: string | undefined;
  /** Whether any `id:` line came. */
  seen = false;
  private buffer: string | undefined;
  private line: number[] = [];
  private lineLength = 0;
  private afterCr = false;

  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === LF && this.afterCr) {
        this.afterCr = false;
        continue;
      }
      this.afterCr = b === CR;
      if (b === LF || b === CR) this.endLine();
      else {
        // Keep a line only while it can still be an id field (and its value is bounded).
        if (this.lineLength < 2 ? b === ID_FIELD[this.lineLength] : this.line.length > 0 && this.line.length < 1024) this.line.push(b);
        else this.line.length = 0;
        this.lineLength++;
      }
    }
  }

  /** Forgets the unfinished line and event: the connection they came on broke. */
  reset(): void {
    this.line = [];
    this.lineLength = 0;
    this.afterCr = false;
    this.buffer = this.lastEventId;
  }

  private endLine(): void {
    if (this.lineLength === 0) this.lastEventId = this.buffer;
    else if (this.line.length >= 2 && this.line.length === this.lineLength && (this.line.length === 2 || this.line[2] === 58 /* : */)) {
      let value = Buffer.from(this.line.slice(3)).toString('utf8');
      if (value.startsWith(' ')) value = value.slice(1);
      if (!value.includes('\u0000')) {
        this.buffer = value;
        this.seen = true;
      }
    }
    this.line = [];
    this.lineLength = 0;
  }
}
