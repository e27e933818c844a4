import 'server-only';
import type {
  CompareSession,
  Conversation,
  ConversationPage,
  ConversationSummary,
  StoredEvents,
  StoredMessage,
  StoredReply,
} from '@/lib/api/conversations';
import type { ChatMessage } from '@/lib/protocols/conversation';
import type { ReplayOf } from '@/lib/api/providers';
import type { ModelPricing } from '@/lib/pricing/cost';
import type { BlindSeat, BlindVote } from '@/lib/api/blind';
import type { CaptureStore } from './capture-store';
import type { RunStore } from './run-store';
import type { VoteStore } from '@/lib/server/store/vote-store';
import type { SessionStore } from './session-store';
import type { UserStore } from './user-store';
import type { ShareStore } from '@/lib/server/store/share-store';
import type { TokenStore } from './token-store';
import type { UsageStore } from './usage-store';

import type { PackedEvents } from '@/lib/server/database/packed-events';

export type { PackedEvents };

/** The store speaks the API's shapes (lib/api/conversations.ts); these are its own. */
export { STORED_REPLY_FIELDS } from '@/lib/api/conversations';
export type {
  CompareSession,
  Conversation,
  ConversationPage,
  ConversationSummary,
  ReplyTimings,
  StoredEvents,
  StoredMessage,
  StoredReply,
} from '@/lib/api/conversations';

/** A stored reply with a stream to replay: what the replay provider reads of it (its protocol, what it re-runs, its prices). */
export interface ReplyRecord {
  id: string;
  conversationId: string;
  /** Its conversation's title. */
  title: string;
  provider: string;
  model: string;
  protocol: string;
  createdAt: string;
  /** A replay's: what it re-ran (lib/api/conversations.ts). */
  replayOf?: ReplayOf;
  /** The prices it was priced at, when known. */
  pricing?: ModelPricing;
}

export interface ListOptions {
  /** Only this user's conversations. */
  ownerId: string;
  /** Matches titles and message text, case-insensitively. */
  query?: string;
  cursor?: string;
  limit?: number;
}

/** A blind race as stored with its session: who sits in each pane (A, B, … in order), and its vote once cast. */
export interface BlindSeating {
  sessionId: string;
  seats: BlindSeat[];
  vote?: BlindVote;
}

/** What one POST /api/chat writes before its upstream answers, all at once. */
export interface Turn {
  conversationId: string;
  /** Who asked: a new conversation is theirs. */
  ownerId: string;
  /** Set for a conversation that does not exist yet: it is created with this title. */
  newTitle?: string;
  /** With newTitle: the new conversation is this compare session's pane. */
  compare?: { id: string; pane: number };
  /**
   * A regenerate or an edit: the turn replaces the shown messages from this position
   * (0-based) on. They stay, as other versions: the turn's first message goes beside the
   * one at this position (under the one before it), and the conversation shows the new path.
   */
  replaceFrom?: number;
  messages: { id: string; message: ChatMessage }[];
  replyId: string;
  placeholder: StoredReply;
  /** The reply's upstream request body as sent (secrets redacted), when too long for its upstream marker. */
  upstreamBody?: string;
}

/** Where conversations live: the embedded database by default, PostgreSQL for teams. */
export interface ConversationStore {
  /** The recording proxy's captures, in the same database. */
  readonly captures: CaptureStore;
  /** The agent runs they are grouped into. */
  readonly runs: RunStore;
  /** The blind votes of the compare page, in the same database. */
  readonly votes: VoteStore;
  /** The people who signed in (issue 40), in the same database. */
  readonly users: UserStore;
  /** The shares' snapshots (issue 40), in the same database. */
  readonly shares: ShareStore;
  /** Sluice's own sign-ins (SLUICE_AUTH=oidc), in the same database. */
  readonly sessions: SessionStore;
  /** Their personal tokens, for the recording proxy and the API (hashes only). */
  readonly tokens: TokenStore;
  /** Their usage totals, which admins see. */
  readonly usage: UsageStore;
  /** Other servers read this store too (PostgreSQL): a turn one takes, the others must find at once. */
  readonly shared: boolean;
  /** True when `id` is a conversation of this kind that `ownerId` owns. */
  conversationExists(id: string, kind: 'chat' | 'compare', ownerId: string): Promise<boolean>;
  /** Who owns a conversation (a compare session or one of its panes); undefined when there is none. */
  ownerOf(id: string): Promise<string | undefined>;
  /** Chats and compare sessions (not their panes), most recently active first, a page at a time. */
  listConversations(options?: ListOptions): Promise<ConversationPage>;
  getConversation(id: string): Promise<Conversation | undefined>;
  /** One message of a conversation, as stored. */
  getMessage(conversationId: string, messageId: string): Promise<StoredMessage | undefined>;
  renameConversation(id: string, title: string): Promise<ConversationSummary | undefined>;
  /**
   * Shows this version of its turn: the conversation's path goes through it, and on
   * below it through the version of each turn chosen or made last. 'busy' while a reply of
   * the conversation streams (its path is that reply's); undefined: no such message there.
   */
  showVersion(conversationId: string, messageId: string): Promise<Conversation | 'busy' | undefined>;
  /** `blind`: the seats of a blind race, in pane order (already drawn). */
  createCompare(input: { id: string; title: string; blind?: BlindSeat[]; ownerId: string }): Promise<ConversationSummary>;
  /** The blind race a session or one of its panes belongs to (`pane`: which one), if it is one. */
  blindSeating(conversationId: string): Promise<(BlindSeating & { pane?: number }) | undefined>;
  /** Stores a blind race's vote, which reveals it; false when it had one already (or is not blind). */
  castBlindVote(sessionId: string, vote: BlindVote): Promise<boolean>;
  getCompare(id: string): Promise<CompareSession | undefined>;
  /** A copy of a conversation as a new, standalone chat (its messages and their events). */
  forkConversation(id: string, newId: string, newMessageId: () => string): Promise<ConversationSummary | undefined>;
  deleteConversation(id: string): Promise<boolean>;
  setUpstreamConversationId(id: string, upstreamId: string): Promise<void>;
  /** Writes a turn atomically: the conversation if new, the new messages and the reply's placeholder, contiguous; the reply is then the one shown. */
  beginTurn(turn: Turn): Promise<void>;
  /**
   * Updates the assistant reply with this id (its final state, or a later one), with its
   * raw events when given; with `ifStreaming`, only if it is still `streaming` (another
   * instance storing a dead one's reply must not overwrite what that one stored).
   */
  saveReply(
    conversationId: string,
    messageId: string,
    reply: StoredReply,
    events?: PackedEvents,
    options?: { ifStreaming?: boolean },
  ): Promise<void>;
  /**
   * Marks the reply an error with this message, keeping what its row holds (its
   * placeholder's provider and model): the second write of a reply whose save failed, of
   * one text and nothing else, so that it is never left `streaming`.
   */
  failReply(conversationId: string, messageId: string, message: string): Promise<void>;
  /** A reply's event log; `conversationId` undefined: whichever conversation it is in (a replay names the reply alone). */
  replyEvents(conversationId: string | { ownerId: string }, messageId: string): Promise<StoredEvents | undefined>;
  /** Replies with a stored stream, newest first; `id`: that one alone (none if it has no stream). */
  replyRecords(options: ({ limit: number } | { id: string }) & { ownerId: string }): Promise<ReplyRecord[]>;
  /** A reply's upstream request body, stored when its upstream marker had to cut it (see Turn). */
  upstreamBody(messageId: string, ownerId: string): Promise<string | undefined>;
  /** Marks every reply still `streaming` as an error with this message; how many there were. */
  settleInterrupted(message: string): Promise<number>;
  close(): Promise<void>;
}
