import type { AssembledMessage } from '@/lib/assemble/message';
import type { ChatMessage } from '@/lib/protocols/conversation';

export interface ReplyTimings {
  /** Epoch ms when the BFF received the request. */
  requestStart: number;
  /** ms after requestStart. */
  firstByte?: number;
  firstToken?: number;
  end?: number;
}

/** The assistant's reply as stored: the assembled message and where it came from. */
export interface StoredReply {
  status: AssembledMessage['status'];
  text: string;
  thinking: string;
  refusal?: string;
  parts: AssembledMessage['parts'];
  toolCalls: AssembledMessage['toolCalls'];
  finishReason?: AssembledMessage['finishReason'];
  rawFinishReason?: string;
  usage?: AssembledMessage['usage'];
  error?: AssembledMessage['error'];
  provider: string;
  model: string;
  protocol: string;
  timings: ReplyTimings;
}

export type StoredMessage =
  | ({ id: string; role: 'assistant'; createdAt: string } & StoredReply)
  | { id: string; role: Exclude<ChatMessage['role'], 'assistant'>; content: ChatMessage['content']; createdAt: string }
  /** An assistant message sent by the client (earlier history), not produced by a stream here. */
  | { id: string; role: 'assistant'; content: ChatMessage['content']; createdAt: string; status: 'complete' };

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  upstreamConversationId?: string;
}

export interface Conversation extends ConversationSummary {
  messages: StoredMessage[];
}

/** Where conversations live: the embedded database by default, PostgreSQL for teams. */
export interface ConversationStore {
  createConversation(input: { id: string; title: string }): Promise<void>;
  conversationExists(id: string): Promise<boolean>;
  listConversations(): Promise<ConversationSummary[]>;
  getConversation(id: string): Promise<Conversation | undefined>;
  deleteConversation(id: string): Promise<boolean>;
  setUpstreamConversationId(id: string, upstreamId: string): Promise<void>;
  /** Appends client messages at the end of the conversation. */
  appendMessages(conversationId: string, messages: { id: string; message: ChatMessage }[]): Promise<void>;
  /** Inserts or updates the assistant reply with this id (first as `streaming`, then final). */
  saveReply(conversationId: string, messageId: string, reply: StoredReply): Promise<void>;
  close(): Promise<void>;
}
