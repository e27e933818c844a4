import type { SseItem } from './types';
/**
 * How much of one SSE line and one event a reader holds, as eventsource-parser's
 * `maxBufferSize` does: an upstream that never ends a line (or an event) must not
 * take the server's memory with it. The relay enforces the same bounds on the bytes
 * it passes on (and aborts the upstream); the parser's are the backstop for every
 * other reader (imports, the browser).
 */
export interface SseLimits {
  maxLineBytes: number;
  maxEventBytes: number;
}

const MiB = 1 << 20;

export const DEFAULT_SSE_LIMITS: SseLimits = { maxLineBytes: 4 * MiB, maxEventBytes: 8 * MiB };

/** A line or an event passed its bound: the stream cannot be read further. */
export class SseLimitError extends Error {
  override name = 'SseLimitError';
  /** The items the same feed completed before it passed the bound: whole, and the reader's to keep. */
  items: SseItem[] = [];
}

export function formatBytes(n: number): string {
  return n >= MiB && n % (MiB / 4) === 0 ? `${n / MiB} MiB` : n >= 1024 && n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;
}

export const lineTooLong = (limit: number) => `An SSE line passed ${formatBytes(limit)} without a line end.`;
export const eventTooLarge = (limit: number) => `An SSE event passed ${formatBytes(limit)} without its blank line.`;
