import type { BffEnd, BffMarker } from '@/lib/sse/bff-marker';

/*
 * What a line Sluice added to the stream means, in words, for the log's row: its raw
 * text (`: sluice 1a2b… end {"reason":"upstream-eof"}`) is the wire's, exact, and reads
 * like an error to anyone who does not know the markers (lib/sse/bff-marker.ts).
 */

const ENDS: Record<Exclude<BffEnd['reason'], 'upstream-eof'>, string> = {
  'upstream-idle': 'End: the upstream went silent past the idle limit, so Sluice ended the reply',
  'upstream-connection-lost': 'End: the connection to the upstream broke',
  'sse-limit': 'End: a line or an event passed the size the parser takes',
  'reply-too-large': 'End: the reply passed SLUICE_MAX_REPLY_BYTES; it is kept cut there',
  stopped: 'End: the reply was stopped',
  'live-stream-lost': 'End: this reader lost the live stream; the instance running the reply still stores it',
  'server-lost': 'End: the instance running the reply stopped; another stored what it had written',
};

/**
 * The row's words for a marker. `sawTerminal`: the protocol's terminal event came before
 * it, so an upstream that closed its stream ended a complete reply.
 */
export function markerNote(marker: BffMarker, sawTerminal: boolean): string {
  switch (marker.kind) {
    case 'open':
      return 'Sluice: the upstream answered; its stream follows';
    case 'upstream':
      return `Sluice: the request sent upstream, and its answer (${marker.exchange.response.status})`;
    case 'keep-alive':
      return 'Sluice: still waiting for the upstream (said every 15 s of silence)';
    case 'upstream-reconnect':
      return `Sluice: the upstream's connection broke; asked again after event ${marker.reconnect.lastEventId} (attempt ${marker.reconnect.attempt})`;
    case 'end': {
      const { end } = marker;
      if (end.reason === 'upstream-eof')
        return sawTerminal
          ? 'End: the stream is complete (the upstream closed it after its terminal event)'
          : 'End: the upstream closed its stream before its terminal event';
      return end.message ? `${ENDS[end.reason]}: ${end.message}` : ENDS[end.reason];
    }
  }
}
