import 'server-only';
import type { User } from '@/lib/api/users';
import { ownRequestId } from './owned-stream';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import { emptyMessage } from '@/lib/assemble/message';
import { CHAT_HEADERS } from '@/lib/api/headers';
import { protocolModule } from '@/lib/protocols/registry';
import { bffMarkers, newMarkerNonce } from '@/lib/sse/bff-marker';
import { ApiError, serverFailure } from '@/lib/server/http/errors';
import { uuidv7 } from '@/lib/server/platform/ids';
import { replyStreams } from './reply-streams';
import { streamAnswer, stopMessage } from './respond';
import type { UpstreamResponse } from '@/lib/server/streams/relay/http-client';
import { relayUpstream, type Relay } from '@/lib/server/streams/relay/relay-stream';
import { answeredError, upstreamBodyOf } from '@/lib/server/streams/relay/error-body';
import { sendUpstream } from '@/lib/server/streams/relay/send-upstream';
import { store } from '../store';
import type { ReplyTimings } from '../store/types';
import { exchangeMarker, sentBody } from '@/lib/server/streams/exchange';
import { ReplyWriter, toStoredReply } from './reply-writer';
import { readChatRequest } from './request-body';
import { resolveTurn } from './resolve-turn';
import { resumeUpstream, resumes } from './resume-upstream';
import { readServerCopy } from '@/lib/server/streams/server-copy/server-copy';
import { relaySettings } from '@/lib/server/streams/settings';
import { settling } from '@/lib/server/store/settling-replies';
import { pricingFor } from '@/lib/server/platform/pricing';
import { exchangeTiming, serverTimingHeader } from '@/lib/server/http/server-timing';
import { blindRelay } from './blind-relay';
import { NEUTRAL_PROTOCOL } from '@/lib/server/views/blind/neutral-stream';

/**
 * POST /api/chat: validate, resolve the provider and the conversation, send the
 * upstream request while the user's turn is stored, and relay its bytes into the
 * reply's live stream, which this answer reads from its first byte. The reply runs to
 * its end whoever reads it (only a stop ends it sooner) and is stored as the server's
 * own copy of the stream assembles it, whatever the ending. A POST whose `requestId`
 * already has a stream reads that stream instead: a retried request never pays twice.
 */
export async function startChat(request: Request, _context: unknown, user: User): Promise<Response> {
  const requestStart = Date.now();
  // Receive times on the monotonic clock, in whole ms as stored: Next.js wraps Date.now (to track prerender IO), and this runs per chunk.
  const clockStart = performance.now();
  const since = () => Math.round(performance.now() - clockStart);
  const body = await readChatRequest(request);
  const live = replyStreams();
  if (live.closing) throw new ApiError(503, 'server_stopping', 'The server is stopping; send again once it is back.');
  const db = await store();
  const { provider, conversationId, turn, model, blind } = await resolveTurn(db, body, user);
  const replyId = uuidv7();
  const timings: ReplyTimings = { requestStart };
  const settings = relaySettings();
  // Markers only this reply's stream can write: the upstream's bytes are relayed as they are, and cannot know this.
  const markerNonce = newMarkerNonce();
  const markers = bffMarkers(markerNonce);
  // A blind pane's page reads a neutral copy of the stream; the real bytes are kept apart, for the store.
  const neutral = blind && blindRelay(provider.protocol, blind, markerNonce);

  // The stream exists before the upstream is asked, so a stop or a retried POST finds it from the start.
  let relay: Relay | undefined = undefined; // set once the upstream answered
  const beforeHeaders = new AbortController();
  const pricing = pricingFor(provider, model);
  const headers: Record<string, string> = {
    [CHAT_HEADERS.conversationId]: conversationId,
    [CHAT_HEADERS.protocol]: neutral ? NEUTRAL_PROTOCOL : provider.protocol,
    [CHAT_HEADERS.messageId]: replyId,
    [CHAT_HEADERS.markerNonce]: markerNonce,
  };
  // A price tells models apart: a blind pane's comes with the vote.
  if (pricing && !neutral) headers[CHAT_HEADERS.pricing] = JSON.stringify(pricing);
  let stoppedAs: string | undefined;
  const origin = { provider: provider.id, model: model, pricing };
  const acquired = await live.acquire(
    replyId,
    // A requestId is the client's: it names a stream only among its user's own.
    {
      headers,
      requestId: body.requestId && ownRequestId(user, body.requestId),
      startedAt: requestStart,
      origin,
      userId: user.id,
    },
    (reason) => {
      stoppedAs = stopMessage(reason);
      if (relay) relay.stop(stoppedAs);
      else beforeHeaders.abort();
    },
  );
  if (acquired.kind === 'attached') return (await streamAnswer(user, acquired.id))!;
  const stream = acquired.writer;

  const upstreamRequest = protocolModule(provider.protocol).buildRequest({
    target: provider,
    model: model,
    messages: body.messages,
    params: body.params,
  });
  // The turn is written once the answer's first bytes are on their way (or by the
  // first other write, if it comes first): every later write of this reply is chained
  // after it. The placeholder gets a copy of the timings: the live ones fill in before
  // its row is written.
  const placeholder = toStoredReply(emptyMessage(), provider, model, { ...timings }, pricing);
  // A body too long for the upstream marker is stored whole with the turn (GET /api/chat/{id}/upstream-body).
  const sent = sentBody(upstreamRequest, provider);
  const upstreamBody = sent.cut ? sent.text : undefined;
  const writer = new ReplyWriter(db, { ...turn, replyId, placeholder, upstreamBody }, provider, model, timings, pricing);
  // A shared database is read by other instances, which cannot start this one's deferred
  // write: a page reloaded through them before the upstream answers must find the turn.
  if (db.shared) void writer.begin();
  const upstreamOptions = {
    headersTimeoutMs: settings.headersTimeoutMs,
    signal: beforeHeaders.signal,
    secrets: provider.secrets,
  };
  const write = (bytes: Uint8Array, fromUpstream: boolean) => {
    const at = since();
    if (fromUpstream) timings.firstByte ??= at;
    if (neutral) neutral.write(bytes, at, stream);
    else stream.append(bytes, at);
  };
  // The stream has ended: the server reads its own copy of it, the bytes the live stream kept, and stores that.
  const storeReply = (outcome: StreamOutcome) => {
    timings.end = since();
    neutral?.finish(timings.end, stream);
    stream.finish();
    const copyOptions = { maxBytes: settings.eventLogMaxBytes, markerNonce, limits: settings.limits };
    const kept = neutral ? neutral.kept() : stream.kept();
    settling(writer.saveFromCopy(readServerCopy(provider.protocol, kept, outcome, timings.end, copyOptions)));
  };

  let upstream: UpstreamResponse;
  const sendingAt = performance.now();
  try {
    upstream = await sendUpstream(upstreamRequest, upstreamOptions);
  } catch (thrown) {
    // Stopped before the upstream answered: the reply is kept, stopped, and its stream says so.
    if (stoppedAs !== undefined) {
      write(new TextEncoder().encode(markers.open + markers.end({ reason: 'stopped', message: stoppedAs })), false);
      storeReply('stopped');
      return (await streamAnswer(user, replyId))!;
    }
    timings.end = since();
    const error = thrown instanceof ApiError ? thrown : serverFailure(thrown, provider.secrets);
    // Nothing streamed, but the turn is kept: the reply is stored as the error it was,
    // with the upstream's own body, so a reload shows what the page showed.
    await writer.save({
      ...emptyMessage('error'),
      error: { message: error.message, ...answeredError(error), ...upstreamBodyOf(error) },
    });
    const response = neutral ? neutral.errorResponse(error) : error.toResponse();
    response.headers.set(CHAT_HEADERS.conversationId, conversationId);
    stream.abandon({ status: response.status, body: await response.clone().json() });
    return response;
  }

  const timing = exchangeTiming(clockStart, sendingAt, performance.now());
  // The upstream's own Server-Timing may name it: a blind pane's answer has Sluice's only.
  stream.setHeader('server-timing', serverTimingHeader(timing, neutral ? null : upstream.headers.get('server-timing')));
  const upstreamConversationId = upstream.headers.get(CHAT_HEADERS.conversationId);
  if (upstreamConversationId && !neutral) {
    writer.setUpstreamConversationId(upstreamConversationId);
    stream.setHeader(CHAT_HEADERS.upstreamConversationId, upstreamConversationId);
  }
  relay = relayUpstream(upstream.body, {
    markers,
    preamble: exchangeMarker(upstreamRequest, upstream, provider, markers, { messageId: replyId, body: sent, timing }),
    limits: settings.limits,
    secrets: provider.secrets,
    keepAliveMs: settings.keepAliveMs,
    idleMs: settings.idleMs,
    write,
    reconnect: resumes(provider)
      ? (lastEventId) =>
          resumeUpstream(upstreamRequest, lastEventId, { ...upstreamOptions, signal: new AbortController().signal })
      : undefined,
    onDone: (outcome) => storeReply(outcome.kind === 'stopped' ? 'stopped' : 'ended'),
  });
  const answer = (await streamAnswer(user, replyId))!;
  // After this handler returns, Next.js writes the answer's first bytes in the same turn of the event loop.
  setImmediate(() => void writer.begin());
  return answer;
}
