import type { ModelPricing, ReplyCost } from '@/lib/pricing/cost';
/**
 * The shapes of conversations as the HTTP API answers them (docs/contract.md): one
 * declaration, read by the server that stores them and the browser that shows them.
 */
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ChatMessage } from '@/lib/protocols/conversation';
import type { BlindState } from './blind';
import type { ReplayOf } from './providers';

export interface ReplyTimings {
  /** Epoch ms when the BFF received the request. */
  requestStart: number;
  /** ms after requestStart. */
  firstByte?: number;
  firstToken?: number;
  /** First token of the answer proper, after any thinking. */
  firstAnswer?: number;
  /** The last token: the speed is measured from the first token to it. */
  lastToken?: number;
  end?: number;
  /** Events that carried tokens: the speed's count when the upstream reported no usage. */
  tokenEvents?: number;
}

/** The fields of an assembled message that are stored with a reply (the rest is live-only bookkeeping). */
export const STORED_REPLY_FIELDS = [
  'status',
  'text',
  'thinking',
  'refusal',
  'parts',
  'toolCalls',
  'finishReason',
  'rawFinishReason',
  'usage',
  'inputTokensEstimate',
  'warnings',
  'error',
] as const satisfies readonly (keyof AssembledMessage)[];

/** The assistant's reply as stored: the assembled message's stored fields and where it came from. */
export type StoredReplyFields = Pick<AssembledMessage, (typeof STORED_REPLY_FIELDS)[number]>;

/** The stored fields of a message (an assembled one, or a stored reply read back). */
export function storedFields(message: StoredReplyFields): StoredReplyFields {
  return Object.fromEntries(STORED_REPLY_FIELDS.map((key) => [key, message[key]])) as StoredReplyFields;
}

export type StoredReply = StoredReplyFields & {
  provider: string;
  model: string;
  protocol: string;
  timings: ReplyTimings;
  /** The prices it was priced at (catalog or config); absent: the model has no known price. */
  pricing?: ModelPricing;
  /** What it cost (costOf its usage at `pricing`); null when the model has no known price. */
  cost?: ReplyCost | null;
  /** A replay (`provider` "replay", `model` the recording's id): its recording's provider and model, which it is named and priced by. */
  replayOf?: ReplayOf;
};

export type StoredMessage = (
  | ({ id: string; role: 'assistant'; createdAt: string } & StoredReply)
  | { id: string; role: Exclude<ChatMessage['role'], 'assistant'>; content: ChatMessage['content']; createdAt: string }
  /** An assistant message sent by the client (earlier history), not produced by a stream here. */
  | { id: string; role: 'assistant'; content: ChatMessage['content']; createdAt: string; status: 'complete' }
) & {
  /**
   * In a conversation's messages only, when its turn has more than one version (a
   * regenerated reply, an edited message): the ids of every version, oldest first, this
   * one among them. The others are reached by showing them (POST …/versions).
   */
  versions?: string[];
};

export interface ConversationSummary {
  id: string;
  /** A chat, or a compare session whose panes are conversations of their own. */
  kind: 'chat' | 'compare';
  title: string;
  createdAt: string;
  updatedAt: string;
  upstreamConversationId?: string;
  /**
   * In the list only: the model of its last reply; for a compare session, of each
   * pane's, in pane order. Empty before any reply.
   */
  models?: string[];
  /** In the list only: a reply of it (or of one of its panes) is still streaming. */
  streaming?: true;
  /** A blind race: 'hidden' until its vote, when its models are labels ("A", "B") wherever it is read; then 'revealed'. */
  blind?: 'hidden' | 'revealed';
  /** A copy of a shared link's conversation or race ("Fork into my conversations"): the share's title and when it was shared. */
  forkedFrom?: ForkedFrom;
}

/** Where a forked conversation came from, kept with it: its page says it is a copy, after a reload too. */
export interface ForkedFrom {
  /** The share's title when it was forked (the copy may be renamed since). */
  title: string;
  /** When the share was made: how old the snapshot is. */
  sharedAt: string;
}

export interface Conversation extends ConversationSummary {
  /** The messages shown: the path from the first message to the version last shown (see `versions`). */
  messages: StoredMessage[];
  /** For a compare pane: its session and its place (0-based). */
  compare?: { id: string; pane: number };
}

/** A compare session: its panes' conversations, in pane order. */
export interface CompareSession extends ConversationSummary {
  kind: 'compare';
  panes: Conversation[];
  /** A blind race's labels, and its vote once cast (lib/api/blind.ts). */
  blindState?: BlindState;
}

/** A reply's SSE items as they came (time in ms after the request started, exact text), for the event log. */
export interface StoredEvents {
  items: { at: number; raw: string }[];
  /** The log was cut at SLUICE_EVENT_LOG_MAX_BYTES. */
  truncated: boolean;
}

export interface ConversationPage {
  conversations: ConversationSummary[];
  /** Pass back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string;
}
