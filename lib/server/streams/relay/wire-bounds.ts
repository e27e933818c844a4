import 'server-only';
import { eventTooLarge, formatBytes, lineTooLong, type SseLimits } from '@/lib/sse/limits';

export interface WireLimits extends SseLimits {
  /** The whole reply's upstream bytes (SLUICE_MAX_REPLY_BYTES). */
  maxReplyBytes: number;
}

export type BoundBroken = { reason: 'sse-limit' | 'reply-too-large'; message: string };

const LF = 10;
const CR = 13;

/**
 * Counts an upstream's bytes as the relay passes them on: the current line, the
 * current event (since the last blank line) and the whole reply, each against its
 * bound. Native indexOf over each chunk; no copy, no decoding.
 */
export class WireBounds {
  private line = 0;
  private event = 0;
  private total = 0;
  /** The last two bytes seen, for a blank line split across chunks. */
  private tail: number[] = [];

  constructor(private readonly limits: WireLimits) {}

  /** Adds a chunk; says which bound it broke, if any. */
  add(bytes: Buffer): BoundBroken | undefined {
    const { maxLineBytes, maxEventBytes, maxReplyBytes } = this.limits;
    this.total += bytes.byteLength;
    if (this.total > maxReplyBytes)
      return {
        reason: 'reply-too-large',
        message: `The reply passed ${formatBytes(maxReplyBytes)} (SLUICE_MAX_REPLY_BYTES); the rest was not read.`,
      };

    const lastBreak = Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR));
    this.line = lastBreak === -1 ? this.line + bytes.byteLength : bytes.byteLength - lastBreak - 1;
    const blank = this.lastBlankLineEnd(bytes);
    this.event = blank === -1 ? this.event + bytes.byteLength : bytes.byteLength - blank;
    this.tail = [...this.tail, ...bytes.subarray(Math.max(0, bytes.byteLength - 2))].slice(-2);

    if (this.line > maxLineBytes) return { reason: 'sse-limit', message: lineTooLong(maxLineBytes) };
    if (this.event > maxEventBytes) return { reason: 'sse-limit', message: eventTooLarge(maxEventBytes) };
    return undefined;
  }

  /** Where the last blank line in this chunk ends (the event after it starts there), or -1. */
  private lastBlankLineEnd(bytes: Buffer): number {
    const found = (pattern: string) => {
      const at = bytes.lastIndexOf(pattern);
      return at === -1 ? -1 : at + pattern.length;
    };
    const end = Math.max(found('\n\n'), found('\r\r'), found('\n\r\n'));
    if (end !== -1) return end;
    // A blank line across the chunk boundary: the previous chunk ended a line, this one starts with a line end.
    const [a, b] = this.tail.length === 2 ? this.tail : [undefined, this.tail[0]];
    const first = bytes[0];
    if (b === LF && (first === LF || first === CR)) return first === CR && bytes[1] === LF ? 2 : 1;
    if (b === CR && first === CR) return 1;
    if (a === CR && b === LF && first === CR) return bytes[1] === LF ? 2 : 1;
    return -1;
  }
}
