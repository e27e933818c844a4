import type { ChatRequestBody } from '@/lib/api/chat';
import type { ReplayOf } from '@/lib/api/providers';
import type { ReplySink } from '../stream/stream-reply';
import type { UiMessage } from './ui-message';

/**
 * A thread: one conversation's messages, in order, among the page's messages (the
 * pool), its model and its place on the server. The chat is one thread; a comparison
 * is one thread per pane (and a session around them).
 */
export interface Thread {
  order: string[];
  provider?: string;
  model?: string;
  /** On the replay provider: the recording's provider and model, which its replies are named by. */
  replayOf?: ReplayOf;
  conversationId?: string;
  /** The reply streaming in this thread, if any. */
  streaming?: string;
}

/** What a reply run reports as it goes (the compare chart), started when its request is about to go out. */
export interface RunTracker {
  /** Resolves when the request may go out (a pane starts its own in a task of its own). */
  ready?: Promise<unknown>;
  onProgress?: (at: number, tokens: number) => void;
  /** The run is over; `reply`: the reply as it stands then (its usage, when the upstream said it). */
  end(reply: UiMessage | undefined): void;
}

/**
 * The messages a thread's order names, wherever the page keeps them: the runner's one
 * door to them, as assistant-ui's ExternalStoreAdapter is between its runtime and the
 * app. On the page, the pool's (lib/client/thread/pool-host.ts).
 */
export interface ThreadMessages {
  messages(): Record<string, UiMessage>;
  /** Puts a message in (new, or replacing one with its id), outside any order: the runner places it. */
  put(message: UiMessage): void;
  /** The server has these messages. */
  markStored(ids: string[]): void;
  /** Where reply `id`'s stream writes. */
  replySink(id: string): ReplySink;
}

/** Where a thread and its messages live, and what its host adds to each request. */
export interface ThreadHost extends ThreadMessages {
  /** The thread as it is now; undefined once it is gone (a pane removed). */
  read(): Thread | undefined;
  write(patch: Partial<Thread> | ((thread: Thread) => Partial<Thread>)): void;
  /** Request fields of the host's own: the chat's parameters. */
  extras?(): Partial<ChatRequestBody>;
  /** Fields of a turn that starts the conversation: a pane's session and place. */
  firstTurn?(): Partial<ChatRequestBody>;
  /** The server has the turn (its conversation id arrived, before any token); `started`: this turn started the conversation. */
  onConversation?(conversationId: string, started: boolean): void;
  track?(): RunTracker;
  /** A run has ended, however; `ended`: the page saw its reply end (it did not leave it, nor lose the server). */
  afterRun?(ended: boolean): void;
}

export type ToolResult = { callId: string; name: string; content: string };
