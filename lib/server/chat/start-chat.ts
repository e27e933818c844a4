import type { StreamOutcome } from '@/lib/assemble/assemble';
import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import { titleFrom } from '@/lib/conversation-title';
import { findProvider } from '@/lib/providers/config';
import type { Provider } from '@/lib/providers/types';
import { textOf, type ChatMessage } from '@/lib/protocols/conversation';
import { bffMarkers, MARKER_NONCE_HEADER, newMarkerNonce } from '@/lib/sse/bff-marker';
import { protocolModule } from '@/lib/protocols/registry';
import { ApiError } from '../http-errors';
import { isUuid, uuidv7 } from '../ids';
import { redact } from '../redact';
import { relayStream, type RelayOutcome } from '../relay/relay-stream';
import type { UpstreamResponse } from '../relay/http-client';
import { sendUpstream } from '../relay/send-upstream';
import { compareNotFound, conversationNotFound } from '../conversations/requests';
import { store } from '../store';
import type { ConversationStore, PackedEvents, ReplyTimings, StoredReply } from '../store/types';
import { exchangeMarker } from './exchange';
import { readChatRequest, type ChatRequest } from './request-body';
import { openServerCopy, type CopyResult } from './server-copy';
import { relaySettings } from './settings';
import { settling } from './settling-replies';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

function resolveProvider(body: ChatRequest): Provider {
  const provider = findProvider(body.provider);
  if (!provider) throw new ApiError(404, 'not_found', `Unknown provider "${body.provider}".`);
  // Listed models are the whole truth; discovered ones may be stale, so anything goes there.
  if (provider.models && !provider.models.some((m) => m.id === body.model)) {
    throw new ApiError(404, 'not_found', `Unknown model "${body.model}" for provider "${provider.id}".`);
  }
  return provider;
}

/** A new conversation gets its id at once (its row is written off the critical path); an existing one must exist. */
async function resolveConversation(db: ConversationStore, body: ChatRequest): Promise<{ id: string; isNew: boolean }> {
  if (body.compare && (!isUuid(body.compare.id) || !(await db.conversationExists(body.compare.id, 'compare')))) {
    throw compareNotFound(body.compare.id);
  }
  if (body.conversationId === undefined) return { id: uuidv7(), isNew: true };
  if (!isUuid(body.conversationId) || !(await db.conversationExists(body.conversationId))) {
    throw conversationNotFound(body.conversationId);
  }
  return { id: body.conversationId, isNew: false };
}

function titleOf(messages: ChatMessage[]): string {
  const first = messages.find((m) => m.role === 'user');
  return titleFrom(first ? textOf(first) : '');
}

/** The turn's new messages: all of a new conversation, else as many as the client says, else what follows the last assistant reply. */
function newMessages({ messages, newMessages: count }: ChatRequest, isNew: boolean): ChatMessage[] {
  if (isNew) return messages;
  if (count !== undefined) return messages.slice(messages.length - count);
  const lastAssistant = messages.findLastIndex((m) => m.role === 'assistant');
  return messages.slice(lastAssistant + 1);
}

function toStoredReply(message: AssembledMessage, provider: Provider, model: string, timings: ReplyTimings): StoredReply {
  const { status, text, thinking, refusal, parts, toolCalls, finishReason, rawFinishReason, usage, error } = message;
  return { status, text, thinking, refusal, parts, toolCalls, finishReason, rawFinishReason, usage, error, provider: provider.id, model, protocol: provider.protocol, timings };
}

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
  const provider = resolveProvider(body);
  const db = await store();
  const conversation = await resolveConversation(db, body);
  const replyId = uuidv7();
  const timings: ReplyTimings = { requestStart };
  const settings = relaySettings();
  // Markers only this response can write: the upstream's bytes are relayed as they are, and cannot know this.
  const markerNonce = newMarkerNonce();
  const markers = bffMarkers(markerNonce);
  const copy = openServerCopy(provider.protocol, { maxBytes: settings.eventLogMaxBytes, markerNonce, limits: settings.limits });
  const upstreamRequest = protocolModule(provider.protocol).buildRequest({ target: provider, model: body.model, messages: body.messages, params: body.params });

  // The turn is written while the upstream request goes out, not before it: every
  // later write of this reply is chained after it, so the order in the store holds.
  // A copy of the timings: the live ones fill in before this row is written.
  const placeholder = toStoredReply(emptyMessage(), provider, body.model, { ...timings });
  const logFailure = (error: unknown) => console.error(`sluice: storing conversation ${conversation.id} failed: ${redact(String(error), provider.secrets)}`);
  let writes: Promise<unknown> = db
    .beginTurn({
      conversationId: conversation.id,
      newTitle: conversation.isNew ? titleOf(body.messages) : undefined,
      compare: conversation.isNew ? body.compare : undefined,
      replaceFrom: conversation.isNew ? undefined : body.replaceFrom,
      messages: newMessages(body, conversation.isNew).map((message) => ({ id: uuidv7(), message })),
      replyId,
      placeholder,
    })
    .catch(logFailure);
  const persist = (write: () => Promise<unknown>): Promise<unknown> => (writes = writes.then(write).catch(logFailure));
  // A reply is never left `streaming`: if the database refuses the reply as it is
  // (too large, a bad value), it is stored again as an error that says so, without its log.
  const save = (message: AssembledMessage, events?: PackedEvents) =>
    persist(() =>
      db.saveReply(conversation.id, replyId, toStoredReply(message, provider, body.model, timings), events).catch((error: unknown) => {
        const refused = { ...emptyMessage('error'), error: { message: `The database refused this reply (${redact(error instanceof Error ? error.message : String(error), provider.secrets).slice(0, 300)}).` } };
        return db.saveReply(conversation.id, replyId, toStoredReply(refused, provider, body.model, timings));
      }),
    );

  let upstream: UpstreamResponse;
  try {
    upstream = await sendUpstream(upstreamRequest, { headersTimeoutMs: settings.headersTimeoutMs, signal: request.signal, secrets: provider.secrets });
  } catch (error) {
    timings.end = since();
    // The browser left (Stop) before the upstream answered: the reply is kept, stopped.
    if (request.signal.aborted) {
      await save(emptyMessage('stopped'));
      return new Response(null, { status: 499, statusText: 'Client Closed Request' }); // nobody is left to read it
    }
    if (!(error instanceof ApiError)) throw error;
    // Nothing streamed, but the turn is kept: the reply is stored as the error it was.
    await save({ ...emptyMessage('error'), error: { message: error.message } });
    const response = error.toResponse();
    response.headers.set('x-conversation-id', conversation.id);
    return response;
  }

  /** The stream ended: the server's copy, read to its end, is the reply as stored. */
  const storeReply = async (outcome: StreamOutcome, at: number) => {
    let read: CopyResult;
    try {
      read = await copy.finish(outcome, at);
    } catch (error) {
      return save({ ...emptyMessage('error'), error: { message: `Sluice could not read its copy of this reply: ${error instanceof Error ? error.message : String(error)}` } });
    }
    Object.assign(timings, { firstToken: read.firstTokenAt, firstAnswer: read.firstAnswerAt });
    return save(read.message, read.events);
  };

  const upstreamConversationId = upstream.headers.get('x-conversation-id');
  if (upstreamConversationId) void persist(() => db.setUpstreamConversationId(conversation.id, upstreamConversationId));
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
    onDone: (outcome: RelayOutcome) => {
      timings.end = since();
      settling(storeReply(outcome.kind === 'stopped' ? 'stopped' : 'ended', timings.end));
    },
  });

  return new Response(body$, {
    status: 200,
    headers: {
      ...SSE_HEADERS,
      'x-conversation-id': conversation.id,
      'x-sluice-protocol': provider.protocol,
      'x-sluice-message-id': replyId,
      [MARKER_NONCE_HEADER]: markerNonce,
      ...(upstreamConversationId ? { 'x-upstream-conversation-id': upstreamConversationId } : {}),
    },
  });
}
