import 'server-only';
import { titleFrom } from '@/lib/conversation-title';
import { REPLAY_PROVIDER } from '@/lib/api/providers';
import { findProvider } from '@/lib/providers/config';
import type { Provider } from '@/lib/providers/types';
import { textOf, type ChatMessage } from '@/lib/protocols/conversation';
import { compareNotFound, conversationNotFound } from '@/lib/server/http/not-found';
import { ApiError } from '@/lib/server/http/errors';
import { isUuid, uuidv7 } from '@/lib/server/platform/ids';
import { replayProvider, type ReplayTurn } from '@/lib/server/views/replay-provider';
import type { ConversationStore, Turn } from '../store/types';
import type { ChatRequest } from '@/lib/api/chat';
import type { User } from '@/lib/api/users';
import { BLIND_PROVIDER } from '@/lib/api/blind';
import { blindTurn, type BlindTurn } from '@/lib/server/views/blind/blind-session';

/** What one POST /api/chat is about: its provider, its conversation, and the turn to store. */
export interface ResolvedTurn {
  provider: Provider;
  conversationId: string;
  /** The turn's rows, but for the reply's placeholder (the reply writer adds it). */
  turn: Omit<Turn, 'replyId' | 'placeholder'>;
  /** The model asked: the body's, or for a blind pane (`provider: "blind"`) the one its seat hides. */
  model: string;
  /** A blind pane's turn: its stream reaches the page neutral (chat/blind-page-stream.ts). */
  blind?: BlindTurn;
  /** A replay's turn: the recording's provider and model, and its prices, which the reply is named and priced by. */
  replay?: ReplayTurn;
}

async function resolveProvider(body: ChatRequest, user: User): Promise<{ provider: Provider; replay?: ReplayTurn }> {
  // The replay provider's models are recordings: each one its own upstream and protocol.
  if (body.provider === REPLAY_PROVIDER) {
    const replay = await replayProvider(user, body.model);
    if (!replay) throw new ApiError(404, 'not_found', `No stored reply or capture "${body.model.slice(0, 100)}" to replay.`);
    return replay;
  }
  const provider = findProvider(body.provider);
  if (!provider) throw new ApiError(404, 'not_found', `Unknown provider "${body.provider}".`);
  // Listed models are the whole truth; discovered ones may be stale, so anything goes there.
  if (provider.models && !provider.models.some((m) => m.id === body.model)) {
    throw new ApiError(404, 'not_found', `Unknown model "${body.model}" for provider "${provider.id}".`);
  }
  return { provider };
}

/** A new conversation gets its id at once (its row is written off the critical path); an existing one must exist. */
async function resolveConversation(
  db: ConversationStore,
  body: ChatRequest,
  user: User,
): Promise<{ id: string; isNew: boolean }> {
  if (body.compare && (!isUuid(body.compare.id) || !(await db.conversationExists(body.compare.id, 'compare', user.id)))) {
    throw compareNotFound(body.compare.id);
  }
  if (body.conversationId === undefined) return { id: uuidv7(), isNew: true };
  if (!isUuid(body.conversationId) || !(await db.conversationExists(body.conversationId, 'chat', user.id))) {
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

/** Resolves the provider and the conversation (404s named), and which messages this turn stores. */
export async function resolveTurn(db: ConversationStore, body: ChatRequest, user: User): Promise<ResolvedTurn> {
  // The caller's conversation first: another user's (a blind race too) is not even said to exist.
  const conversation = await resolveConversation(db, body, user);
  // A blind pane's turn goes to the model its seat hides.
  const blind = body.provider === BLIND_PROVIDER ? await blindTurn(db, body) : undefined;
  const { provider, replay } = await resolveProvider(blind ? { ...body, ...blind.seat } : body, user);
  return resolved(body, user, provider, conversation, blind, replay);
}

function resolved(
  body: ChatRequest,
  user: User,
  provider: Provider,
  conversation: { id: string; isNew: boolean },
  blind?: BlindTurn,
  replay?: ReplayTurn,
): ResolvedTurn {
  return {
    provider,
    model: blind ? blind.seat.model : body.model,
    ...(blind ? { blind } : {}),
    ...(replay ? { replay } : {}),
    conversationId: conversation.id,
    turn: {
      conversationId: conversation.id,
      ownerId: user.id,
      newTitle: conversation.isNew ? titleOf(body.messages) : undefined,
      compare: conversation.isNew ? body.compare : undefined,
      replaceFrom: conversation.isNew ? undefined : body.replaceFrom,
      messages: newMessages(body, conversation.isNew).map((message) => ({ id: uuidv7(), message })),
    },
  };
}
