import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage, type AssembledMessage, type MessageStatus } from '@/lib/assemble/message';
import { EventLog } from '@/lib/event-log/event-log';
import type { ProtocolId } from '@/lib/protocols/ids';
import { readApiError } from './api-error';
import { MIN_UPDATE_INTERVAL_MS } from './frame-loop';
import { replyDiffer } from './reply-delta';
import type { ReplyUpdate, StreamCommand, StreamNews } from './stream-protocol';

/**
 * Updates go out at most this often per reply: the page applies a stream's news at
 * most every MIN_UPDATE_INTERVAL_MS (frame-loop.ts), so more would only cost the page
 * messages to read.
 */
export const UPDATE_INTERVAL_MS = MIN_UPDATE_INTERVAL_MS;

/** A reply being read: its reader, its log, and what of them went out already. */
class ReplyReading {
  readonly log: EventLog;
  readonly reader: StreamReader;
  private readonly diff = replyDiffer();
  private sentEntries = 0;
  private sentExchange = false;
  private progress: [number, number][] = [];

  constructor(protocol: ProtocolId) {
    this.log = new EventLog(protocol);
    this.reader = new StreamReader(protocol, this.log.record);
  }

  push(chunk: Uint8Array, at: number): void {
    this.reader.push(chunk, at);
    this.progress.push([at, this.reader.tokenEvents]);
  }

  update(message: AssembledMessage = this.reader.snapshot()): ReplyUpdate {
    const { log, reader } = this;
    const update: ReplyUpdate = {
      delta: this.diff(message),
      firstToken: reader.firstTokenAt,
      firstAnswer: reader.firstAnswerAt,
      entries: log.entries.slice(this.sentEntries),
      ...(log.exchange && !this.sentExchange ? { exchange: log.exchange } : {}),
      progress: this.progress,
    };
    this.sentEntries = log.entries.length;
    this.sentExchange ||= !!log.exchange;
    this.progress = [];
    return update;
  }
}

/** The update of a reply that never streamed. */
const emptyUpdate = (status: MessageStatus): ReplyUpdate => ({ delta: replyDiffer()(emptyMessage(status)), entries: [], progress: [] });

/**
 * One reply, from POST /api/chat to its last byte, told as news: the headers first,
 * then updates (each chunk through the same StreamReader the server uses), then its
 * end. The same code runs in the stream worker and, when that cannot run, on the page.
 */
export async function readReply(start: Extract<StreamCommand, { type: 'start' }>, signal: AbortSignal, emit: (news: StreamNews) => void): Promise<void> {
  const { id, body, startedAt } = start;
  const since = () => performance.timeOrigin + performance.now() - startedAt;

  let response: Response;
  try {
    response = await fetch('/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  } catch (error) {
    const stopped = signal.aborted;
    return emit({
      type: 'end',
      id,
      update: emptyUpdate(stopped ? 'stopped' : 'error'),
      ...(stopped ? {} : { preError: { status: 0, type: 'network', message: `Cannot reach the Sluice server: ${(error as Error).message}` } }),
    });
  }
  const protocol = response.ok && response.body ? (response.headers.get('x-sluice-protocol') as ProtocolId) : undefined;
  emit({ type: 'headers', id, conversationId: response.headers.get('x-conversation-id'), ...(protocol ? { protocol } : {}) });
  if (!protocol || !response.body) return emit({ type: 'end', id, update: emptyUpdate('error'), preError: await readApiError(response), end: since() });

  const reading = new ReplyReading(protocol);
  let lastUpdate = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sendUpdate = () => {
    timer = undefined;
    lastUpdate = since();
    emit({ type: 'progress', id, update: reading.update() });
  };
  const chunks = response.body.getReader();
  let outcome: 'ended' | 'stopped' = 'ended';
  let connectionLost = false;
  try {
    for (;;) {
      const { done, value } = await chunks.read();
      if (done) break;
      const at = since();
      reading.push(value, at);
      // The first news at once (time to first token shows), then at most one update per interval.
      if (at - lastUpdate >= UPDATE_INTERVAL_MS) sendUpdate();
      else timer ??= setTimeout(sendUpdate, UPDATE_INTERVAL_MS - (at - lastUpdate));
    }
  } catch {
    if (signal.aborted) outcome = 'stopped';
    else connectionLost = true;
  }
  clearTimeout(timer);
  const end = since();
  const final = reading.reader.finish(outcome, end);
  // Without the BFF's end marker (read by finish: it is the stream's last line), it was our connection to the server that ended.
  if (outcome === 'ended' && !reading.reader.bffEnd) connectionLost = true;
  emit({ type: 'end', id, update: reading.update(final), end, ...(connectionLost ? { connectionLost } : {}) });
}
