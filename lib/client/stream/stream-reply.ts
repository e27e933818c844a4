import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { ChatRequestBody } from '@/lib/api/chat';
import type { ModelPricing } from '@/lib/pricing/cost';
import { CHAT_HEADERS } from '@/lib/api/headers';
import { api, ApiCallError, readApiError } from '../api';
import { createLog } from './live-logs';
import { replyPatch, type ReplyPatch } from './reply-patch';
import { answerStart, ServerClock } from './server-clock';
import { storedFigures, storedReplyMessage } from '../../figures/stored-reply';

/** What the reply keeps of a failure before streaming: plain data, not the error object. */
const preStreamError = ({ status, type, message, upstreamBody, upstreamBodyTruncated, upstreamStatus }: ApiCallError) => ({
  status,
  type,
  message,
  ...(upstreamStatus !== undefined ? { upstreamStatus } : {}),
  ...(upstreamBody ? { upstreamBody } : {}),
  ...(upstreamBody && upstreamBodyTruncated ? { upstreamBodyTruncated: true as const } : {}),
});

/** A POST that never reached the server is sent again with the same requestId (the server attaches it if the first did arrive). */
const POST_RETRY_MS = [300, 1000];
/** After the connection to the server drops, it is joined again from the last byte read, after these pauses. */
const RECONNECT_MS = [250, 500, 1000, 2000, 4000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where a reply's stream writes: its message, wherever the page keeps it. The thread
 * runner hands it over (on the page: through the page's frame loop, at most once a
 * frame), so the stream knows no store.
 */
export interface ReplySink {
  /** The reply has news: `snapshot` is read once, when its turn comes. */
  update(snapshot: () => ReplyPatch): void;
  /** The reply's last state; resolves once applied. */
  finish(snapshot: () => ReplyPatch): Promise<void>;
}

export interface StreamOptions {
  /** The assistant message (already placed by its thread) the reply streams into: its event log goes by this id. */
  replyId: string;
  sink: ReplySink;
  /** A new reply (POST /api/chat with this body, which carries a requestId), or a running one to join from its start (its stream id). */
  source: { body: ChatRequestBody } | { join: string };
  /** The page no longer reads (it moved on): the reply itself goes on, on the server. */
  signal: AbortSignal;
  /** The response headers arrived (before any token): the conversation id, if the server has the turn, and the reply's stream id. */
  onHeaders?: (conversationId: string | null, streamId: string | null) => void;
  /**
   * Each chunk read: the time since the request reached the server, on its clock (from the
   * answer's `x-sluice-clock`, or its receive times once joined),
   * and the output's tokens so far, estimated from its text (the compare chart).
   */
  onProgress?: (at: number, tokens: number) => void;
}

/**
 * How reading a reply ended: `ended`, the page read it to its end (or, come to join it,
 * found it no longer live); `left`, the page stopped reading (the reply goes on, on the
 * server); `lost`, the page lost its connection to the server first (the reply may go
 * on there).
 */
export type StreamEnd = 'ended' | 'left' | 'lost';

/**
 * One reply, from POST /api/chat (or a join of a reply already running) to its last
 * byte: the headers first, then every chunk through the same StreamReader the server
 * uses, into its sink, with an event log beside it. If the connection to the server
 * drops, it joins the stream again from the last byte read (shown as reconnecting).
 * Resolves when the reply is final, or the page left it, saying which.
 *
 * It reads on the page, not in a worker: a worker (commit 9064fe6, reverted) cut the
 * main thread's CPU time by 13–25%, but on the two shared cores the ui bench runs on
 * its thread took turns with the page's, and the page's script, style and layout took
 * 19–50% longer.
 */
export async function streamReply({
  replyId: id,
  sink,
  source,
  signal,
  onHeaders,
  onProgress,
}: StreamOptions): Promise<StreamEnd> {
  // From the fetch until the headers say where the server's clock stood (answerStart).
  let started = performance.now();
  const since = () => performance.now() - started;
  const finish = (patch: ReplyPatch): Promise<StreamEnd> => sink.finish(() => patch).then(() => 'ended');

  let response: Response;
  let clock: ServerClock | undefined;
  if ('body' in source) {
    try {
      response = await post(source.body, signal);
      started = answerStart(started, performance.now(), response.headers.get(CHAT_HEADERS.clock));
    } catch (error) {
      if (signal.aborted) return 'left';
      return finish({ reply: emptyMessage('error'), preError: preStreamError(error as ApiCallError) });
    }
    onHeaders?.(response.headers.get(CHAT_HEADERS.conversationId), response.headers.get(CHAT_HEADERS.messageId));
    if (!response.ok || !response.body)
      return finish({
        reply: emptyMessage('error'),
        preError: preStreamError(await readApiError(response)),
        figures: { end: since() },
      });
  } else {
    const joined = await join(source.join, 0, signal);
    if (signal.aborted) return 'left';
    if (typeof joined === 'string')
      return finish({
        streamId: source.join,
        connectionLost: true,
        reply: {
          ...emptyMessage('truncated'),
          error: { message: 'This reply is no longer streaming on the server; reopen the conversation for what it stored.' },
        },
      });
    ({ response, clock } = joined);
  }

  const protocol = response.headers.get(CHAT_HEADERS.protocol) as ProtocolId;
  const streamId = response.headers.get(CHAT_HEADERS.messageId) ?? undefined;
  const pricing = pricingOf(response.headers.get(CHAT_HEADERS.pricing));
  const log = createLog(id, protocol);
  const reader = new StreamReader(protocol, log.record, {
    markerNonce: response.headers.get(CHAT_HEADERS.markerNonce) ?? undefined,
  });
  let offset = 0;
  /** The server's time for the last bytes read, once joined: the reply's end is its end marker's. */
  let lastAt: number | undefined;
  const now = () => (clock ? (lastAt ?? clock.now()) : since());
  const read = (bytes: Uint8Array, at: number) => {
    reader.push(bytes, at);
    onProgress?.(at, reader.outputTokens);
  };
  const push = (bytes: Uint8Array) => {
    // Joined, each piece at the time the server received it: a backlog read at once draws
    // as its stored log does, a ramp, not one step at its last piece's time.
    if (clock) for (const piece of clock.pieces(bytes, offset)) read(piece.bytes, (lastAt = piece.at));
    else read(bytes, since());
    offset += bytes.byteLength;
    sink.update(() => ({
      protocol,
      streamId,
      pricing,
      reconnecting: false,
      startedAt: clock ? clock.startedAt : started,
      ...replyPatch(reader),
    }));
  };

  const left = (): StreamEnd => {
    log.end();
    return 'left';
  };
  let connectionLost = false;
  let body: ReadableStream<Uint8Array> | undefined = response.body!;
  for (let attempt = 0; ; attempt++) {
    if (body) await readAll(body, push);
    if (signal.aborted) return left();
    // Without the BFF's end marker (its stream's last line), it was our connection to the server that ended.
    reader.settle(now());
    if (reader.bffEnd) break;
    if (!streamId || attempt >= RECONNECT_MS.length) {
      connectionLost = true;
      break;
    }
    sink.update(() => ({ reconnecting: true }));
    await sleep(RECONNECT_MS[attempt]!);
    const joined = await join(streamId, offset, signal);
    if (signal.aborted) return left();
    if (joined === 'gone') {
      connectionLost = true;
      break;
    }
    body = joined === 'unreachable' ? undefined : joined.response.body!;
    if (joined !== 'unreachable') clock = joined.clock;
  }
  const final = reader.finish('ended', now());
  log.end();
  // Every field of the updates again: the last update, still waiting for its frame, is replaced by this patch, not merged.
  await finish({ protocol, streamId, pricing, reconnecting: false, ...replyPatch(reader, final, now()), connectionLost });
  // Not awaited: the reply is over for the page (Send is back) while the server's figures come.
  void settleFromServer(
    sink,
    response.headers.get(CHAT_HEADERS.conversationId),
    streamId,
    signal,
    reader.bffEnd?.reason === 'server-lost',
  );
  return connectionLost ? 'lost' : 'ended';
}

/**
 * One clock: the page's figures were its own estimate while the reply streamed; once
 * the server has stored the reply they become the server's, measured from when it
 * received the request, the same that a reload shows. With `wholeReply` the stored
 * reply replaces the page's too: the server running it died, and the page may have read
 * bytes from it that never reached the instance that stored the reply.
 */
async function settleFromServer(
  sink: ReplySink,
  conversationId: string | null,
  streamId: string | undefined,
  signal: AbortSignal,
  wholeReply: boolean,
): Promise<void> {
  if (!conversationId || !streamId) return;
  const stored = await api.storedMessage(conversationId, streamId).catch(() => null);
  if (signal.aborted || !stored || stored.role !== 'assistant' || !('timings' in stored) || stored.status === 'streaming') return;
  void sink.finish(() => ({
    figures: storedFigures(stored.timings),
    ...(wholeReply ? { reply: storedReplyMessage(stored) } : {}),
  }));
}

/** POST /api/chat, sent again (same requestId) when it did not reach the server. */
async function post(body: ChatRequestBody, signal: AbortSignal): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.startChat(body, signal);
    } catch (error) {
      if (
        signal.aborted ||
        !(error instanceof ApiCallError) ||
        error.type !== 'network' ||
        attempt >= POST_RETRY_MS.length ||
        !body.requestId
      )
        throw error;
      await sleep(POST_RETRY_MS[attempt]!);
    }
  }
}

/** Reads a body to its end or until the connection breaks; either way it returns. */
async function readAll(body: ReadableStream<Uint8Array>, push: (bytes: Uint8Array) => void): Promise<void> {
  const chunks = body.getReader();
  try {
    for (;;) {
      const { done, value } = await chunks.read();
      if (done) return;
      push(value);
    }
  } catch {
    // the connection broke: the caller joins again from the last byte read
  }
}

/** Joins a reply's stream from byte `from`, with the server's receive times: 'gone' once the server no longer has it live. */
async function join(
  streamId: string,
  from: number,
  signal: AbortSignal,
): Promise<{ response: Response; clock: ServerClock } | 'gone' | 'unreachable'> {
  try {
    // The clock runs from when the server's time was asked for, not from once the join
    // answered too: it then ran behind the server by that wait (100–200 ms on a busy
    // machine), and so did every time after the bytes the server had when asked.
    const asked = performance.now();
    const clock = new ServerClock(await api.streamTimes(streamId, from), asked);
    const response = await api.joinStream(streamId, from, signal);
    if (response.status === 404) return 'gone';
    if (!response.ok || !response.body) return 'unreachable';
    return { response, clock };
  } catch (error) {
    return error instanceof ApiCallError && error.status === 404 ? 'gone' : 'unreachable';
  }
}

/** The `x-sluice-pricing` header: the model's prices, or null when it has none (or the header is not one). */
function pricingOf(header: string | null): ModelPricing | null {
  if (!header) return null;
  try {
    const value = JSON.parse(header) as ModelPricing;
    return typeof value.input === 'number' && typeof value.output === 'number' ? value : null;
  } catch {
    return null;
  }
}
