import 'server-only';
import { formatBytes } from '@/lib/sse/limits';
import type { relaySettings } from '@/lib/server/streams/settings';
import type { CaptureRecorder } from './capture-recorder';
import type { ProxyIo } from './proxy-io';
import type { UpstreamAnswer } from './upstream-dispatch';

/**
 * The upstream's body to the app, as it comes, at the app's pace; bounded, watched for
 * silence. The pieces undici parses from one read of the upstream's socket (one per
 * HTTP chunk: a fast stream's read holds many) are kept one by one for the capture, and
 * go to the app as one write once the read is parsed (a microtask later, before any
 * other I/O), as nginx passes on what one read gave it: the capture's copy of them, one
 * run of bytes. Written one by one, each cost Node's chunked framing and a slot in the
 * socket's writev, on the proxy's main thread the larger part of relaying
 * (docs/decisions.md: "The proxy at undici's dispatch level").
 */
export function pipeBody(
  io: ProxyIo,
  upstream: UpstreamAnswer,
  capture: CaptureRecorder,
  finish: CaptureRecorder['end'],
  settings: ReturnType<typeof relaySettings>,
): void {
  let bytes = 0;
  let lastAt = performance.now();
  let over = false;
  /** Where this read's bytes start in the capture's copy; -1: none waiting to be written. */
  let readFrom = -1;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  const watch = () => {
    if (over) return;
    watchdog = setInterval(
      () => {
        if (performance.now() - lastAt < settings.idleMs) return;
        over = true;
        clearInterval(watchdog);
        upstream.destroy();
        finish('upstream-error', `The upstream sent nothing for ${Math.round(settings.idleMs / 1000)} s.`);
        io.destroy();
      },
      Math.max(50, settings.idleMs / 4),
    );
    watchdog.unref?.();
  };
  const stop = () => {
    over = true;
    clearInterval(watchdog);
  };
  const write = () => {
    if (readFrom === -1) return;
    const read = capture.responseFrom(readFrom);
    readFrom = -1;
    if (!io.write(read)) {
      upstream.pause();
      io.onDrain(() => upstream.resume());
    }
  };
  const writeRead = () => {
    if (!over) write();
  };
  upstream.take({
    data: (chunk) => {
      if (over) return;
      bytes += chunk.byteLength;
      if (bytes > settings.limits.maxReplyBytes) {
        stop();
        upstream.destroy();
        finish(
          'cut',
          `The answer passed ${formatBytes(settings.limits.maxReplyBytes)} (SLUICE_MAX_REPLY_BYTES); the rest was not read.`,
        );
        return io.destroy();
      }
      if (readFrom === -1) {
        lastAt = performance.now();
        readFrom = capture.responseBytes;
        queueMicrotask(writeRead);
      }
      capture.responseChunk(chunk, lastAt);
    },
    end: () => {
      if (over) return;
      write();
      stop();
      io.end();
      finish('complete');
    },
    error: (error) => {
      if (over) return;
      stop();
      finish('upstream-error', `The upstream connection broke: ${error.message}`);
      io.destroy();
    },
  });
  // The timers once what came with the head is written (the microtask queued before this one):
  // setting them up is none of the app's wait for it.
  queueMicrotask(() => {
    watch();
    capture.waitToList();
  });
}
