/// <reference lib="webworker" />
/**
 * Replies read off the main thread: fetch, SSE parsing, protocol decoding and assembly
 * happen here, and the page receives only what each update added (read-reply.ts).
 */
import { readReply } from './read-reply';
import type { StreamCommand, StreamNews } from './stream-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const running = new Map<string, AbortController>();

/** News of every reply goes out together, once per task: four side-by-side streams cost the page one message, not four. */
const outbox: StreamNews[] = [];
function emit(news: StreamNews): void {
  if (outbox.length === 0) setTimeout(() => scope.postMessage(outbox.splice(0)));
  outbox.push(news);
}

scope.onmessage = ({ data: command }: MessageEvent<StreamCommand>) => {
  if (command.type === 'stop') return running.get(command.id)?.abort();
  const abort = new AbortController();
  running.set(command.id, abort);
  emit({ type: 'accepted', id: command.id });
  readReply(command, abort.signal, emit)
    .catch((error: unknown) => emit({ type: 'lost', id: command.id, message: error instanceof Error ? error.message : String(error) }))
    .finally(() => running.delete(command.id));
};
