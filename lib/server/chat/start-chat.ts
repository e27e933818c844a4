import { emptyMessage } from '@/lib/assemble/message';
import { protocolModule } from '@/lib/protocols/registry';
import { bffMarkers, MARKER_NONCE_HEADER, newMarkerNonce } from '@/lib/sse/bff-marker';
import { ApiError } from '../http-errors';
import { uuidv7 } from '../ids';
import type { UpstreamResponse } from '../relay/http-client';
import { relayStream } from '../relay/relay-stream';
import { sendUpstream } from '../relay/send-upstream';
import { store } from '../store';
import type { ReplyTimings } from '../store/types';
import { exchangeMarker } from './exchange';
import { ReplyWriter, toStoredReply } from './reply-writer';
import { readChatRequest } from './request-body';
import { resolveTurn } from './resolve-turn';
import { openServerCopy } from './server-copy';
import { relaySettings } from './settings';
import { settling } from './settling-replies';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * POST /api/chat: validate, resolve the provider and the conversation, send the
 * upstream request while the user's turn is stored, relay its bytes unbuffered, and
 * store the reply as the server's own copy of the stream assembles it — whatever
 * the ending.
 */
export async function startChat(request: Request): Promise<Response> {
  const requestStart = Date.now();
  const since = () => Date.now() - requestStart;
  const body = await readChatRequest(request);
  const db = await store();
  const { provider, conversationId, turn } = await resolveTurn(db, body);
  const replyId = uuidv7();
  const timings: ReplyTimings = { requestStart };
  const settings = relaySettings();
  // Markers only this response can write: the upstream's bytes are relayed as they are, and cannot know this.
  const markerNonce = newMarkerNonce();
  const markers = bffMarkers(markerNonce);
  const copy = openServerCopy(provider.protocol, { maxBytes: settings.eventLogMaxBytes, markerNonce, limits: settings.limits });
  const upstreamRequest = protocolModule(provider.protocol).buildRequest({ target: provider, model: body.model, messages: body.messages, params: body.params });

  // The turn is written while the upstream request goes out, not before it: every
  // later write of this reply is chained after it. The placeholder gets a copy of
  // the timings: the live ones fill in before its row is written.
  const placeholder = toStoredReply(emptyMessage(), provider, body.model, { ...timings });
  const writer = new ReplyWriter(db, { ...turn, replyId, placeholder }, provider, body.model, timings);

  let upstream: UpstreamResponse;
  try {
    upstream = await sendUpstream(upstreamRequest, { headersTimeoutMs: settings.headersTimeoutMs, signal: request.signal, secrets: provider.secrets });
  } catch (error) {
    timings.end = since();
    // The browser left (Stop) before the upstream answered: the reply is kept, stopped.
    if (request.signal.aborted) {
      await writer.save(emptyMessage('stopped'));
      return new Response(null, { status: 499, statusText: 'Client Closed Request' }); // nobody is left to read it
    }
    if (!(error instanceof ApiError)) throw error;
    // Nothing streamed, but the turn is kept: the reply is stored as the error it was.
    await writer.save({ ...emptyMessage('error'), error: { message: error.message } });
    const response = error.toResponse();
    response.headers.set('x-conversation-id', conversationId);
    return response;
  }

  const upstreamConversationId = upstream.headers.get('x-conversation-id');
  if (upstreamConversationId) writer.setUpstreamConversationId(upstreamConversationId);
  const body$ = relayStream(upstream.body, {
    markers,
    preamble: exchangeMarker(upstreamRequest, upstream, provider, markers),
    limits: settings.limits,
    secrets: provider.secrets,
    backlog: copy.backlog,
    keepAliveMs: settings.keepAliveMs,
    idleMs: settings.idleMs,
    signal: request.signal,
    onBytes: (bytes, fromUpstream) => {
      const at = since();
      if (fromUpstream) timings.firstByte ??= at;
      copy.push(bytes, at);
    },
    onDone: (outcome) => {
      timings.end = since();
      settling(writer.saveFromCopy(copy, outcome.kind === 'stopped' ? 'stopped' : 'ended', timings.end));
    },
  });

  return new Response(body$, {
    status: 200,
    headers: {
      ...SSE_HEADERS,
      'x-conversation-id': conversationId,
      'x-sluice-protocol': provider.protocol,
      'x-sluice-message-id': replyId,
      [MARKER_NONCE_HEADER]: markerNonce,
      ...(upstreamConversationId ? { 'x-upstream-conversation-id': upstreamConversationId } : {}),
    },
  });
}
