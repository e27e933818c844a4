import 'server-only';
import type { CassetteMode } from '@/lib/api/cassettes';
import { inFlight, type InFlight } from '../captures/in-flight';
import { CAPTURE_INTERRUPTED } from '@/lib/server/store';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { formatBytes } from '@/lib/sse/limits';
import type { ProxyIo } from '../proxy-io';
import { bodyOf, wholeBody } from '../request-body';
import { CaptureRecorder } from '../capture-recorder';
import { cassetteLookedUp, streamClosed, streamOpened } from '@/lib/server/platform/telemetry';
import { sendError } from '../io-answers';
import type { ProxyTarget } from '../target';
import { play } from '../replay/serve-replay';
import type { CassetteChoice } from './cassette-choice';
import { CassetteError, readCassette } from './cassette-file';
import { entryRecording } from './cassette-entry';
import { recordingsWritten } from './being-recorded';
import { closestKey, nextMatch, requestKey, type KeyDifference, type RequestKey } from './request-key';

const SHOWN_KEY = 300;
/** How long a miss waits for this process's recordings of the cassette still being written (a capture and a file write: well under this). */
const RECORDING_WAIT_MS = 5_000;
const KEPT_KEY = 8 * 1024;
const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text);
const shown = (value: unknown) => (value === undefined ? 'absent' : clip(JSON.stringify(value), 80));

/** The 504's words: the request's key, the closest recorded one and where they part. */
function missMessage(
  name: string,
  key: RequestKey,
  closest: { index: number; key: RequestKey; differences: KeyDifference[] } | undefined,
): string {
  const head = `No exchange in cassette "${name}" matches ${clip(key.text, SHOWN_KEY)}.`;
  if (!closest) return `${head} The cassette has no exchanges.`;
  const where = closest.differences
    .slice(0, 3)
    .map((d) => `${d.at} (recorded ${shown(d.recorded)}, sent ${shown(d.sent)})`)
    .join('; ');
  const more = closest.differences.length > 3 ? `, and ${closest.differences.length - 3} more` : '';
  return `${head} The closest recorded is exchange ${closest.index}, ${clip(closest.key.text, SHOWN_KEY)}, which differs at ${where}${more}.`;
}

export type PlaybackOutcome = 'answered' | 'record';

/**
 * A request under a cassette in playback or hybrid mode: answered from the cassette when
 * one of its exchanges matches (played at the choice's pace, and captured as played back),
 * else, in playback, a 504 that names the request's key and the closest recorded one.
 * `record`: hybrid found no match, and the request goes upstream to be recorded.
 */
async function playFromCassette(
  io: ProxyIo,
  target: ProxyTarget,
  choice: CassetteChoice & { mode: Exclude<CassetteMode, 'record'> },
  body: Buffer,
  pathWithQuery: string,
  /** Whose the exchange is (the caller's id). */
  owner: string,
): Promise<PlaybackOutcome> {
  let cassette = await readCassette(choice.name, owner);
  let key = requestKey(io.method, pathWithQuery, body.toString('utf8'), cassette?.ignore ?? []);
  let match = cassette && nextMatch(cassette, key);
  // No match yet, but this process may still be writing the recording it needs: wait for those, then look again.
  if (!match && (await recordingsWritten(choice.name, owner, RECORDING_WAIT_MS))) {
    cassette = await readCassette(choice.name, owner);
    key = requestKey(io.method, pathWithQuery, body.toString('utf8'), cassette?.ignore ?? []);
    match = cassette && nextMatch(cassette, key);
  }
  cassetteLookedUp(match ? 'hit' : 'miss');
  if (!match && choice.mode === 'hybrid') return 'record';

  const closest = !match && cassette ? closestKey(key, cassette.entries) : undefined;
  const { method, headers, url } = io;
  const onCassette = { name: choice.name, mode: choice.mode, played: Boolean(match) };
  const recorder = new CaptureRecorder({ target, method, headers, url, cassette: onCassette, owner, body });
  if (!match) {
    const message = cassette
      ? missMessage(
          choice.name,
          key,
          closest && { index: closest.entry.index, key: closest.entry.key, differences: closest.differences },
        )
      : // By its name only: where the file would be on the server is none of the client's business.
        `Cassette "${choice.name}" has no recording yet: record it first, with mode=record or hybrid.`;
    recorder.end('cassette-miss', message);
    sendError(
      io,
      504,
      'cassette_miss',
      message,
      {
        cassette: choice.name,
        key: clip(key.text, KEPT_KEY),
        ...(closest
          ? {
              closest: {
                exchange: closest.entry.index,
                key: clip(closest.entry.key.text, KEPT_KEY),
                differences: closest.differences,
              },
            }
          : {}),
      },
      // The OpenAI and Anthropic SDKs retry a 504 unless told not to: a miss would miss again.
      { 'x-should-retry': 'false' },
    );
    return 'answered';
  }

  const recording = entryRecording(match.entry);
  const exchange: InFlight = { interrupt: () => recorder.end('interrupted', CAPTURE_INTERRUPTED), written: recorder.written };
  inFlight().add(exchange);
  streamOpened('proxy');
  recorder.responded(recording.status, recording.headers);
  play(io, recording, choice.pace, {
    wrote: (bytes, now) => recorder.responseChunk(bytes, now),
    ended: (closed) => {
      inFlight().delete(exchange);
      streamClosed('proxy');
      recorder.end(
        closed ? 'client-closed' : 'complete',
        closed ? 'The app closed the connection before the answer ended.' : undefined,
      );
    },
  });
  return 'answered';
}

/**
 * A request under a cassette that may play back: its body read whole (it is part of
 * what matches), then answered from the cassette, or handed back to go upstream.
 */
export async function answerFromCassette(
  io: ProxyIo,
  target: ProxyTarget,
  cassette: Parameters<typeof playFromCassette>[2],
  owner: string,
): Promise<'answered' | { body: Buffer }> {
  const abort = new AbortController();
  io.onClose(() => abort.abort());
  const source = bodyOf(io);
  const body = source ? await wholeBody(source, abort.signal, MAX_BODY_BYTES) : Buffer.alloc(0);
  if (body === 'too-large') {
    sendError(io, 413, 'body_too_large', `The request body passed ${formatBytes(MAX_BODY_BYTES)}, the proxy's bound.`);
    return 'answered';
  }
  if (!body) {
    io.destroy();
    return 'answered';
  }
  const query = target.url.indexOf('?');
  try {
    const outcome = await playFromCassette(
      io,
      target,
      cassette,
      body,
      target.path + (query === -1 ? '' : target.url.slice(query)),
      owner,
    );
    return outcome === 'answered' ? outcome : { body };
  } catch (error) {
    if (!(error instanceof CassetteError)) throw error;
    sendError(io, 500, 'server_error', error.message);
    return 'answered';
  }
}
