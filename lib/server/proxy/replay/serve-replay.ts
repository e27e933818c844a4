import 'server-only';
import { REPLAY_MOUNT } from '@/lib/api/replay';
import type { ProxyIo } from '../proxy-io';
import { refusedHere, sendError } from '../io-answers';
import { readPace, type Pace } from './pace';
import { loadRecording, STILL_RECORDING, type Recording } from '@/lib/server/views/recording';
import { followCaptures } from '../captures/capture-feed';
import { hasReplayGrant } from '@/lib/server/views/replay-grant';
import { proxyCaller } from '@/lib/server/auth/current-user';
import { ANY_OWNER } from '@/lib/server/auth/ownership';
import { TOKEN_HEADER } from '@/lib/server/auth/tokens/sluice-token';

export { REPLAY_MOUNT };

/** What a caller learns of a playing recording (a cassette's playback records it as a capture). */
export interface PlayWatch {
  /** A read went to the app, at this performance.now(). */
  wrote?(bytes: Buffer, now: number): void;
  /** It ended: every read written, or the app hung up first (`closed`). */
  ended?(closed: boolean): void;
}

/**
 * Plays a recording to the app: its status and headers at once, then each read at its
 * recorded time (divided by the pace's speed), waiting for the app to take the last
 * when it reads slower; every read is written apart, so the app's reads split where the
 * upstream's did as far as its socket allows. The app hanging up ends it.
 */
export function play(io: ProxyIo, recording: Recording, pace: Pace, watch: PlayWatch = {}): void {
  io.writeHead(recording.status, recording.headers);
  const started = performance.now();
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  io.onClose(() => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    watch.ended?.(true);
  });
  const next = (i: number): void => {
    if (closed) return;
    if (i >= recording.chunks.length) {
      closed = true;
      io.end();
      return watch.ended?.(false);
    }
    const { bytes, at } = recording.chunks[i]!;
    const wait = started + at / pace.speed - performance.now();
    const write = () => {
      if (closed) return;
      watch.wrote?.(bytes, performance.now());
      if (io.write(bytes)) next(i + 1);
      else io.onDrain(() => next(i + 1));
    };
    if (wait > 0 && Number.isFinite(wait)) timer = setTimeout(write, wait);
    else write();
  };
  next(0);
}

/**
 * `/replay/{id}/…?pace=`: a capture's answer or a stored reply's stream, served again as
 * if from its upstream, whatever path and method follow the id (an SDK appends its own).
 */
export async function serveReplay(io: ProxyIo): Promise<void> {
  if (refusedHere(io)) return;
  io.body?.resume(); // the app's request is not needed: read and dropped
  const url = new URL(io.url, 'http://replay');
  const id = url.pathname.slice(REPLAY_MOUNT.length).split('/')[0] ?? '';
  const pace = readPace(url.searchParams.get('pace'));
  if (!pace)
    return sendError(
      io,
      400,
      'invalid_request',
      `pace must be "recorded", "instant" or a multiple such as "2x", not "${url.searchParams.get('pace')?.slice(0, 50)}".`,
    );
  // Whose recordings it may serve: any, to the relay that checked the caller and sends
  // its grant; else the caller's own, by their personal token (`local`'s without sign-in).
  let owner = hasReplayGrant(io.headers, id) ? ANY_OWNER : proxyCaller(io.headers, io.url);
  if (owner instanceof Promise) owner = await owner;
  if (typeof owner !== 'string' && 'refused' in owner)
    return sendError(io, 401, 'sign_in_required', owner.refused, { header: TOKEN_HEADER });
  const recording = /^[0-9a-f-]{36}$/.test(id)
    ? await settledRecording(id, typeof owner === 'string' ? owner : owner.id)
    : undefined;
  if (!recording) return sendError(io, 404, 'not_found', `No capture or stored reply "${id.slice(0, 100)}" to replay.`);
  if (recording === STILL_RECORDING) {
    const message =
      `Capture "${id}" is still being recorded: its exchange has not ended ` +
      `(or it has not been stored ${SETTLE_WAIT_MS / 1000} s after). Replay it once it has.`;
    return sendError(io, 409, 'conflict', message);
  }
  play(io, recording, pace);
}

/** How long a replay waits for a capture still being recorded to be stored. */
const SETTLE_WAIT_MS = 10_000;

/**
 * The recording, once stored: a capture asked for the moment its exchange ended (an
 * app's next call, a test) is still being written; the replay waits for the captures'
 * feed (any instance) to say it changed, then reads it again, up to SETTLE_WAIT_MS.
 */
async function settledRecording(id: string, owner: string): ReturnType<typeof loadRecording> {
  const first = await loadRecording(id, owner);
  if (first !== STILL_RECORDING) return first;
  let changed!: () => void;
  const change = new Promise<void>((resolve) => (changed = resolve));
  const stop = await followCaptures((event) => {
    if (event.type === 'capture' && event.capture.id === id && event.capture.status !== 'streaming') changed();
  });
  const timer = setTimeout(changed, SETTLE_WAIT_MS);
  try {
    // Read again once subscribed: it may have been stored in between.
    const again = await loadRecording(id, owner);
    if (again !== STILL_RECORDING) return again;
    await change;
    return await loadRecording(id, owner);
  } finally {
    clearTimeout(timer);
    stop();
  }
}
