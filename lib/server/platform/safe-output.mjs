/**
 * A log line that cannot be written is dropped: output that goes away (a closed terminal,
 * a `| tee` that exited, a launcher that died) never wedges the process.
 *
 * Why it is needed: Node reports a failed write to a pipe as an 'error' event on the
 * stream, a tick later. The console guards the first one; the stdio streams are never
 * destroyed, so every later write is tried again and its 'error' has no listener: an
 * uncaught exception. Next.js logs those to stderr; when stderr is gone too, that write
 * fails, its 'error' is uncaught in turn, and so on for ever. Each round throws from the
 * tick queue before the promise continuations behind it run: the process spins at full
 * CPU failing thousands of writes a second, answers no request, and a SIGTERM's shutdown
 * never gets to store the replies or exit.
 *
 * So each stream gets a listener that swallows its errors; and once a write fails in a
 * way that means the other end is gone for good (the reader closed, the terminal hung
 * up, the descriptor closed), later writes are dropped without being tried. Plain
 * JavaScript, to serve both the server (instrumentation.ts) and the launcher
 * (scripts/start.mjs), which runs without a TypeScript loader.
 */

/** Errors after which the stream cannot be written again (any other failed write only loses its own line). */
const GONE = new Set(['EPIPE', 'EIO', 'EBADF', 'ECONNRESET', 'ENOTCONN']);

const INSTALLED = Symbol.for('sluice.safe-output');

/** Makes a failed write to `process.stdout` and `process.stderr` (or `streams`) drop its line instead of failing the process. */
export function dropFailedWrites(streams = [process.stdout, process.stderr]) {
  for (const stream of streams) {
    if (stream[INSTALLED]) continue;
    stream[INSTALLED] = true;
    let gone = false;
    const failed = (error) => {
      if (GONE.has(error?.code)) gone = true;
    };
    stream.on('error', failed);
    const write = stream.write;
    stream.write = function (chunk, encoding, callback) {
      if (!gone) {
        try {
          return write.call(this, chunk, encoding, callback);
        } catch (error) {
          // A file or a terminal written synchronously throws where a pipe emits 'error'.
          failed(error);
        }
      }
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done);
      return true;
    };
  }
}
