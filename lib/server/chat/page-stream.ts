import 'server-only';
import type { ApiError } from '@/lib/server/http/errors';
import type { KeptBytes } from '@/lib/server/streams/live/kept-bytes';
import type { StreamWriter } from '@/lib/server/streams/live/live-streams';

/**
 * A reply's stream as its page reads it. A chat's page reads the relay's bytes as they
 * are; a blind pane's reads their neutral copy (blind-relay.ts), and the real bytes are
 * kept apart for the store. The chat calls this one step either way: blind mode is a
 * kind of page stream, not branches through the chat.
 */
export interface PageStream {
  /** The protocol the page decodes the stream with (CHAT_HEADERS.protocol). */
  protocol: string;
  /** Whether the page may see what names the model: its price, the upstream's Server-Timing and conversation id. */
  names: boolean;
  /** Bytes the relay wrote `at` ms after the request started. */
  write(bytes: Uint8Array, at: number, live: StreamWriter): void;
  /** The relay has ended: whatever the page's copy still held goes out before the stream finishes. */
  finish(at: number, live: StreamWriter): void;
  /** The relay's own bytes, for the server's copy and the store. */
  kept(live: StreamWriter): KeptBytes;
  /** A failure before streaming, as the page reads it. */
  errorResponse(error: ApiError): Response;
}

/** A chat's page stream: the relay's bytes as they are. */
export function plainPageStream(protocol: string): PageStream {
  return {
    protocol,
    names: true,
    write: (bytes, at, live) => live.append(bytes, at),
    finish: () => {},
    kept: (live) => live.kept(),
    errorResponse: (error) => error.toResponse(),
  };
}
