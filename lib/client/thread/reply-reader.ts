import { api, ApiCallError } from '../api';
import { streamReply, type StreamEnd, type StreamOptions } from '../stream/stream-reply';
import type { RunTracker, ThreadHost } from './thread-host';

/** A run being read here: how to stop reading it, and what the server knows its reply by. */
export interface Reading {
  detach: AbortController;
  requestId: string;
  streamId?: string;
  stopAsked?: boolean;
}

/**
 * A thread's one reader of replies: it reads one at a time into the thread as its
 * streaming reply, and stops it, on the server or here.
 */
export function createReplyReader(host: ThreadHost) {
  /** The run being read here. */
  let current: Reading | undefined;

  return {
    /** Reads a reply into the thread as its streaming one, until it ends or the page leaves it. */
    async follow(
      id: string,
      run: Reading,
      tracker: RunTracker | undefined,
      options: Pick<StreamOptions, 'source' | 'onHeaders'>,
    ): Promise<void> {
      host.write({ streaming: id });
      current = run;
      let end: StreamEnd = 'left';
      try {
        await tracker?.ready;
        end = await streamReply({
          replyId: id,
          sink: host.replySink(id),
          signal: run.detach.signal,
          onProgress: tracker?.onProgress,
          ...options,
        });
      } finally {
        tracker?.end(host.messages()[id]);
        // The thread may have moved on while this stream wound down: to New chat, another
        // conversation, or a newer reader of this same reply (a page opened by a link can
        // open its conversation twice, the first reader detached by the second), whose
        // streaming mark is not this run's to clear.
        if (current === run) {
          current = undefined;
          host.write((t) => (t.streaming === id ? { streaming: undefined } : {}));
        }
        host.afterRun?.(end === 'ended');
      }
    },

    /**
     * Stops the running reply on the server, wherever it runs: its stream then ends with
     * the BFF's end marker and the partial reply stays, marked stopped. Only when the
     * server cannot be reached does the page stop reading on its own.
     */
    stop(): void {
      const run = current;
      if (!run) return;
      run.stopAsked = true;
      api.stopChat(run.streamId ?? run.requestId).catch((error: unknown) => {
        if (error instanceof ApiCallError && error.type === 'network') run.detach.abort();
      });
    },

    /** Stops reading here (the page moves on); the reply goes on, on the server. */
    detach(): void {
      current?.detach.abort();
    },
  };
}
