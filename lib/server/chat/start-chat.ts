import { StreamReader } from '@/lib/assemble/stream-reader';
import type { AssembledMessage } from '@/lib/assemble/message';
import { findProvider } from '@/lib/providers/config';
import type { Provider } from '@/lib/providers/types';
import { textOf, type ChatMessage } from '@/lib/protocols/conversation';
import { protocolModule } from '@/lib/protocols/registry';
import { ApiError } from '../http-errors';
import { isUuid, uuidv7 } from '../ids';
import { redact } from '../redact';
import { relayStream, type RelayOutcome } from '../relay/relay-stream';
import { sendUpstream } from '../relay/send-upstream';
import { store } from '../store';
import type { ConversationStore, ReplyTimings, StoredReply } from '../store/types';
import { readChatRequest, type ChatRequest } from './request-body';
import { relaySettings } from './settings';

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

async function resolveConversation(db: ConversationStore, body: ChatRequest): Promise<{ id: string; isNew: boolean }> {
  if (body.conversationId === undefined) {
    const id = uuidv7();
    const first = body.messages.find((m) => m.role === 'user');
    await db.createConversation({ id, title: (first ? textOf(first) : '').trim().slice(0, 80) || 'New conversation' });
    return { id, isNew: true };
  }
  if (!isUuid(body.conversationId) || !(await db.conversationExists(body.conversationId))) {
    throw new ApiError(404, 'not_found', `Unknown conversation "${body.conversationId}".`);
  }
  return { id: body.conversationId, isNew: false };
}

/** The turn's new messages: all of a new conversation, else what follows the last assistant reply. */
function newMessages(messages: ChatMessage[], isNew: boolean): ChatMessage[] {
  if (isNew) return messages;
  const lastAssistant = messages.findLastIndex((m) => m.role === 'assistant');
  return messages.slice(lastAssistant + 1);
}

function toStoredReply(message: AssembledMessage, provider: Provider, model: string, timings: ReplyTimings): StoredReply {
  const { status, text, thinking, refusal, parts, toolCalls, finishReason, rawFinishReason, usage, error } = message;
  return { status, text, thinking, refusal, parts, toolCalls, finishReason, rawFinishReason, usage, error, provider: provider.id, model, protocol: provider.protocol, timings };
}

/**
 * POST /api/chat: validate, resolve the provider and the conversation, store the
 * user's turn, send the upstream request, relay its bytes unbuffered, and store the
 * reply as the server's own copy of the stream assembles it — whatever the ending.
 */
export async function startChat(request: Request): Promise<Response> {
  const requestStart = Date.now();
  const since = () => Date.now() - requestStart;
  const body = await readChatRequest(request);
  const provider = resolveProvider(body);
  const db = await store();
  const conversation = await resolveConversation(db, body);
  await db.appendMessages(conversation.id, newMessages(body.messages, conversation.isNew).map((message) => ({ id: uuidv7(), message })));

  const replyId = uuidv7();
  const timings: ReplyTimings = { requestStart };
  const save = (message: AssembledMessage) => db.saveReply(conversation.id, replyId, toStoredReply(message, provider, body.model, timings));
  const settings = relaySettings();
  const abort = new AbortController();
  const upstreamRequest = protocolModule(provider.protocol).buildRequest({ target: provider, model: body.model, messages: body.messages, params: body.params });

  let upstream: Response;
  try {
    upstream = await sendUpstream(upstreamRequest, { headersTimeoutMs: settings.headersTimeoutMs, signal: AbortSignal.any([abort.signal, request.signal]), secrets: [provider.apiKey] });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Nothing streamed, but the turn is kept: the reply is stored as the error it was.
    timings.end = since();
    await save({ status: 'error', text: '', thinking: '', parts: [], toolCalls: [], annotations: [], unknownEvents: 0, malformedEvents: 0, error: { message: error.message } });
    const response = error.toResponse();
    response.headers.set('x-conversation-id', conversation.id);
    return response;
  }

  const upstreamConversationId = upstream.headers.get('x-conversation-id');
  if (upstreamConversationId) await db.setUpstreamConversationId(conversation.id, upstreamConversationId);

  const reader = new StreamReader(provider.protocol);
  await save(reader.snapshot());
  const body$ = relayStream(upstream.body!, () => abort.abort(), {
    keepAliveMs: settings.keepAliveMs,
    idleMs: settings.idleMs,
    signal: request.signal,
    onBytes: (bytes, fromUpstream) => {
      const at = since();
      if (fromUpstream) timings.firstByte ??= at;
      reader.push(bytes, at);
      if (reader.firstTokenAt !== undefined) timings.firstToken ??= reader.firstTokenAt;
    },
    onDone: (outcome: RelayOutcome) => {
      timings.end = since();
      const message = reader.finish(outcome.kind === 'stopped' ? 'stopped' : 'ended', timings.end);
      save(message).catch((error: unknown) => console.error(`sluice: storing reply ${replyId} failed: ${redact(String(error), [provider.apiKey])}`));
    },
  });

  return new Response(body$, {
    status: 200,
    headers: {
      ...SSE_HEADERS,
      'x-conversation-id': conversation.id,
      'x-sluice-protocol': provider.protocol,
      'x-sluice-message-id': replyId,
      ...(upstreamConversationId ? { 'x-upstream-conversation-id': upstreamConversationId } : {}),
    },
  });
}
