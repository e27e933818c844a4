import 'server-only';
import type { ProtocolId } from '@/lib/protocols/ids';
import { apiError, type ApiError } from '@/lib/server/http/errors';
import { KeptBuilder } from '@/lib/server/streams/live/kept-bytes';
import type { StreamWriter } from '@/lib/server/streams/live/live-streams';
import type { PageStream } from './page-stream';
import type { BlindTurn } from '@/lib/server/views/blind/blind-session';
import { NEUTRAL_PROTOCOL, NeutralStream } from '@/lib/server/views/blind/neutral-stream';
import { scrubNames } from '@/lib/server/views/blind/scrub-names';

const encoder = new TextEncoder();

/**
 * A blind pane's page stream: the relay's bytes (markers and the upstream's) kept here
 * as they are, for the server's copy and the store, while the reply's live stream,
 * which the page reads and joins, gets their neutral copy (NeutralStream), each chunk at
 * the time its original came. Nothing that names the model reaches the page.
 */
export function blindPageStream(protocol: ProtocolId, blind: BlindTurn, markerNonce: string): PageStream {
  const raw = new KeptBuilder();
  const neutral = new NeutralStream({ protocol, label: blind.label, markerNonce, hide: blind.hide });
  const send = (items: string[], at: number, live: StreamWriter) => {
    const text = items.join('');
    if (text) live.append(encoder.encode(text), at);
  };
  return {
    protocol: NEUTRAL_PROTOCOL,
    names: false,
    write(bytes: Uint8Array, at: number, live: StreamWriter): void {
      raw.append(bytes, at);
      send(neutral.push(bytes, at), at, live);
    },
    /** The relay has ended: what the neutral copy still held goes out before the stream finishes. */
    finish(at: number, live: StreamWriter): void {
      send(neutral.end(at), at, live);
    },
    kept: () => raw.kept(),
    /** A failure before streaming, as the page reads it: its message without the names, its numbers, nothing of the upstream's body. */
    errorResponse(error: ApiError): Response {
      const numbers = Object.fromEntries(Object.entries(error.extra).filter(([, value]) => typeof value === 'number'));
      return apiError(error.status, error.type, scrubNames(error.message, blind.hide, blind.label), numbers);
    },
  };
}
