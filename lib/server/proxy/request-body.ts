import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { CAPTURED_BODY_BYTES, type CaptureRecorder } from './capture-recorder';
import type { Abortable, GiveUp } from './give-up';
import type { ProxyIo } from './proxy-io';

const HAS_NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The app's request body, for methods that have one. */
export const bodyOf = (io: ProxyIo): Readable | undefined => (HAS_NO_BODY.has(io.method) ? undefined : io.body);

/**
 * A body of a declared length up to WHOLE_BODY_BYTES (an SDK's request, in practice) that
 * is all here once the request is admitted (it came in the read that held the head) is
 * taken whole, and sent with its head in one write, as nginx buffers request bodies:
 * streamed on, undici sent the head only with the first chunk, which reached it through a
 * stream of its own several turns of the event loop later (docs/decisions.md: "The
 * recording proxy's lean path"). One still coming (an agent's 150 KB request arrives in
 * several reads) goes on as it comes (`streamedBody`): waiting for its last read, the
 * upstream began reading it only then (docs/decisions.md: "An agent's request streamed
 * on"). The capture keeps that much of it too.
 */
export const WHOLE_BODY_BYTES = CAPTURED_BODY_BYTES;

/** Whether the body of `declared` bytes is all here already: read whole, it costs no wait. */
export const bodyIsHere = (source: Readable, declared: number) => source.readableLength >= declared;

export class BodyBrokeOff extends Error {
  constructor() {
    super("The app's request body broke off before its end.");
  }
}

/**
 * The whole body; undefined when it broke off, or the request was given up (the app
 * hung up, or the wait for headers ran out); `too-large` past `max` bytes. At its
 * `declared` length it is whole: taken then, not at 'end', a few turns later.
 */
export function wholeBody(
  source: Readable,
  signal: Abortable,
  max = Infinity,
  declared?: number,
): Promise<Buffer | undefined | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > max) {
        source.destroy();
        return resolve('too-large');
      }
      chunks.push(chunk);
      // One chunk (an SDK's request, as a rule) is taken as it is, not copied.
      if (bytes === declared) resolve(chunks.length === 1 ? chunk : Buffer.concat(chunks));
    });
    source.once('end', () => resolve(Buffer.concat(chunks)));
    // After 'end' these change nothing.
    source.once('close', () => resolve(undefined));
    source.once('error', () => resolve(undefined));
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/**
 * The app's body of a declared length as undici takes an iterable: what has come goes out
 * with the head at once, each read after it as it comes, every chunk handed to `keep` for
 * the capture first (byte for byte, as the app sent it). Pulled: the app is read only as
 * fast as the upstream takes it. `brokeOff`: it ended before its declared length (the app
 * hung up mid-body), which undici hears as the iterable's error. `rest()`: what undici left
 * unread (the upstream failed first), read and kept, so the capture holds the request whole.
 * The source is never destroyed by an iterator let go early: it is the app's connection.
 */
export function streamedBody(
  source: Readable,
  keep: (chunk: Buffer) => void,
): AsyncIterable<Buffer> & { brokeOff: boolean; rest(): Promise<void> } {
  let ended = false;
  const read = async function* () {
    try {
      for await (const chunk of source.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
      ended = true;
    } catch (error) {
      body.brokeOff = true;
      throw error;
    }
  };
  const body = {
    brokeOff: false,
    async *[Symbol.asyncIterator]() {
      for await (const chunk of read()) {
        keep(chunk);
        yield chunk;
      }
    },
    async rest() {
      if (ended || body.brokeOff || source.readableEnded) return;
      try {
        for await (const chunk of read()) keep(chunk);
      } catch {
        // Broke off: what came is kept.
      }
    },
  };
  return body;
}

/** The app's body on its way upstream, kept for the capture and bounded. */
export function countedBody(source: Readable, capture: CaptureRecorder, abort: GiveUp): PassThrough & { tooLarge?: boolean } {
  const out: PassThrough & { tooLarge?: boolean } = new PassThrough();
  let bytes = 0;
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > MAX_BODY_BYTES) {
      out.tooLarge = true;
      source.destroy();
      abort.abort();
      return;
    }
    capture.requestChunk(chunk);
    if (!out.write(chunk)) source.pause();
  });
  out.on('drain', () => source.resume());
  source.once('end', () => out.end());
  source.once('error', (error) => out.destroy(error));
  return out;
}
