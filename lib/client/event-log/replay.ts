import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage } from '@/lib/assemble/message';
import type { ImportedStream } from '@/lib/event-log/import';
import { appendMessage } from '../chat/chat-store';
import { createLog } from '../stream/live-logs';
import { showEventsOf } from './log-panel';
import { replyPatch, type ReplyPatch } from '../stream/reply-patch';
import { replySink } from '../thread/page-frames';

/**
 * Rebuilds an imported stream as a reply in the chat, through the same reader a live
 * stream uses: at its recorded pace (timed exports) or at once. Its log opens beside it.
 */
export function replayImport(stream: ImportedStream, name: string, pace: 'recorded' | 'instant'): string {
  const id = crypto.randomUUID();
  const log = createLog(id, stream.protocol, name, stream.timed);
  const reader = new StreamReader(stream.protocol, log.record);
  const sink = replySink(id);
  appendMessage({
    id,
    role: 'assistant',
    provider: `imported · ${stream.protocol}`,
    model: name,
    reply: emptyMessage(),
    figures: {},
    imported: name,
    protocol: stream.protocol,
  });
  showEventsOf(id);
  const end = () => {
    const last = stream.chunks.at(-1)?.at ?? 0;
    const final = reader.finish('ended', last);
    log.end();
    const patch: ReplyPatch = replyPatch(reader, final, last);
    // Without timing every piece came "at 0 ms": times it never recorded, so it keeps none.
    if (!stream.timed) patch.figures = { tokenEvents: reader.tokenEvents, untimed: true };
    void sink.finish(() => patch);
  };
  if (pace === 'instant' || !stream.timed) {
    for (const chunk of stream.chunks) reader.push(chunk.raw, chunk.at);
    end();
    return id;
  }
  const started = performance.now();
  let next = 0;
  const step = () => {
    const now = performance.now() - started;
    while (next < stream.chunks.length && stream.chunks[next]!.at <= now) {
      const chunk = stream.chunks[next++]!;
      reader.push(chunk.raw, chunk.at);
    }
    sink.update(() => replyPatch(reader));
    if (next < stream.chunks.length) setTimeout(step, Math.max(0, stream.chunks[next]!.at - (performance.now() - started)));
    else end();
  };
  step();
  return id;
}
