import 'server-only';

const LF = 10;
const CR = 13;
const I = 0x69;
const D = 0x64;
const COLON = 0x3a;
/** An id line longer than this is not kept (its event still counts as dispatched). */
const MAX_ID_LINE = 1024;

/**
 * Follows an upstream's `id:` fields as the relay passes its bytes on, as an
 * EventSource would: an `id` line sets the id buffer, a blank line (an event's
 * dispatch) makes it the last event id. That id is what a reconnection sends as
 * `Last-Event-ID`. Lines are found with native indexOf, and only a line that starts
 * with `i` is copied at all: a byte-by-byte loop here was a large share of the relay's
 * CPU (docs/decisions.md: "Event ids found with indexOf").
 */
export class EventIds {
  /** The id of the last dispatched event, once one came with an id. */
  lastEventId: string | undefined;
  /** Whether any `id:` line came. */
  seen = false;
  private buffer: string | undefined;
  private lineLength = 0;
  /** The start of the current line, while it may be an id line. */
  private head: Buffer | undefined;
  private notId = false;
  private afterCr = false;

  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const n = bytes.length;
    let pos = this.afterCr && bytes[0] === LF ? 1 : 0;
    this.afterCr = false;
    let cr = bytes.indexOf(CR, pos);
    while (pos < n) {
      const lf = bytes.indexOf(LF, pos);
      if (cr !== -1 && cr < pos) cr = bytes.indexOf(CR, pos);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) return this.take(bytes, pos, n);
      this.take(bytes, pos, end);
      this.endLine();
      if (bytes[end] !== CR) pos = end + 1;
      else if (end + 1 < n) pos = bytes[end + 1] === LF ? end + 2 : end + 1;
      else {
        this.afterCr = true; // the LF of a CRLF may open the next chunk
        pos = n;
      }
    }
  }

  /** Forgets the unfinished line and event: the connection they came on broke. */
  reset(): void {
    this.lineLength = 0;
    this.head = undefined;
    this.notId = false;
    this.afterCr = false;
    this.buffer = this.lastEventId;
  }

  private take(bytes: Buffer, start: number, end: number): void {
    if (end === start) return;
    if (this.lineLength === 0 && bytes[start] !== I) this.notId = true;
    if (!this.notId && this.lineLength < MAX_ID_LINE) {
      const piece = Buffer.from(bytes.subarray(start, Math.min(end, start + MAX_ID_LINE - this.lineLength)));
      this.head = this.head ? Buffer.concat([this.head, piece]) : piece;
    }
    this.lineLength += end - start;
  }

  private endLine(): void {
    const head = this.head;
    if (this.lineLength === 0) this.lastEventId = this.buffer;
    else if (head && this.lineLength <= MAX_ID_LINE && head[1] === D && (head.length === 2 || head[2] === COLON)) {
      let value = head.subarray(3).toString('utf8');
      if (value.startsWith(' ')) value = value.slice(1);
      if (!value.includes('\u0000')) {
        this.buffer = value;
        this.seen = true;
      }
    }
    this.lineLength = 0;
    this.head = undefined;
    this.notId = false;
  }
}
