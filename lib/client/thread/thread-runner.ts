import { emptyMessage } from '@/lib/assemble/message';
import type { ChatRequestBody } from '@/lib/api/chat';
import { api, ApiCallError } from '../api';
import { streamReply, type ReplySink, type StreamEnd, type StreamOptions } from '../stream/stream-reply';
import { storedPosition, toRequestMessages, unseenByServer } from './request-messages';
import type { UiMessage } from './ui-message';
import { switchedPath, versionsBeside, withVersions } from './versions';

/**
 * A thread: one conversation's messages, in order, among the page's messages (the
 * pool), its model and its place on the server. The chat is one thread; a comparison
 * is one thread per pane (and a session around them).
 */
export interface Thread {
  order: string[];
  provider?: string;
  model?: string;
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

const newId = () => crypto.randomUUID();

/**
 * The one runner of a thread's turns, for the chat and each compare pane alike:
 * send, regenerate, edit and resend, answer tool calls, stop.
 */
export function createThreadRunner(host: ThreadHost) {
  /** The run being read here: how to stop reading it, and what the server knows its reply by. */
  let current: { detach: AbortController; requestId: string; streamId?: string; stopAsked?: boolean } | undefined;

  const busy = () => Boolean(host.read()?.streaming);

  /** Adds a message at the thread's end. */
  const add = (message: UiMessage) => {
    host.put(message);
    host.write((t) => ({ order: [...t.order, message.id] }));
  };

  /**
   * Streams the assistant's reply to the thread as it stands; `replaceFrom`: the stored
   * position this turn replaces from (a regenerate, an edit), `versions`: those the new
   * reply goes beside (a regenerate).
   */
  async function run(replaceFrom?: number, versions?: string[]): Promise<void> {
    const thread = host.read();
    if (!thread?.provider || !thread.model || thread.streaming) return;
    const { provider, model, conversationId } = thread;
    const messages = host.messages();
    const { unstored, history } = unseenByServer(thread.order, messages, conversationId, replaceFrom);
    const requestId = newId();
    const body: ChatRequestBody = {
      ...host.extras?.(),
      ...(history ?? host.firstTurn?.()),
      provider,
      model,
      messages: toRequestMessages(thread.order, messages),
      requestId,
    };
    const id = newId();
    // Its request starts now, as far as its progress line goes: the stream restates it from
    // its own start a moment later. A reply joined instead learns it from the server's clock.
    add({
      id,
      role: 'assistant',
      provider,
      model,
      reply: emptyMessage(),
      figures: {},
      startedAt: performance.now(),
      ...(versions ? { versions } : {}),
    });
    const run = { detach: new AbortController(), requestId } as NonNullable<typeof current>;
    await follow(id, run, host.track?.(), {
      source: { body },
      onHeaders: (returnedId, streamId) => {
        run.streamId = streamId ?? undefined;
        // Stop pressed before the server had this reply (its POST still on the way) found
        // nothing to stop: now that the server names it, stop it.
        if (run.stopAsked && streamId) api.stopChat(streamId).catch(() => {});
        if (!returnedId || host.read()?.streaming !== id) return;
        host.write({ conversationId: returnedId });
        host.markStored([...unstored, id]);
        host.onConversation?.(returnedId, !conversationId);
      },
    });
    // What this turn replaced is kept as other versions: the page learns their ids.
    if (replaceFrom !== undefined) await learnVersions();
  }

  /** The thread's messages learn their server ids and versions from the conversation as stored. */
  async function learnVersions(): Promise<void> {
    const conversationId = host.read()?.conversationId;
    if (!conversationId) return;
    const conversation = await api.getConversation(conversationId).catch(() => undefined);
    const thread = host.read();
    if (!conversation || thread?.conversationId !== conversation.id || thread.streaming) return;
    withVersions(thread.order, host.messages(), conversation).forEach(host.put);
  }

  /** Reads a reply into the thread as its streaming one, until it ends or the page leaves it. */
  async function follow(
    id: string,
    run: NonNullable<typeof current>,
    tracker: RunTracker | undefined,
    options: Pick<StreamOptions, 'source' | 'onHeaders'>,
  ): Promise<void> {
    host.write({ streaming: id });
    current = run;
    let end: StreamEnd = 'left';
    try {
      await tracker?.ready;
      end = await streamReply({
        replyId: id,
        sink: host.replySink(id),
        signal: run.detach.signal,
        onProgress: tracker?.onProgress,
        ...options,
      });
    } finally {
      tracker?.end(host.messages()[id]);
      // The thread may have moved on while this stream wound down: to New chat, another
      // conversation, or a newer reader of this same reply (a page opened by a link can
      // open its conversation twice, the first reader detached by the second), whose
      // streaming mark is not this run's to clear.
      if (current === run) {
        current = undefined;
        host.write((t) => (t.streaming === id ? { streaming: undefined } : {}));
      }
      host.afterRun?.(end === 'ended');
    }
  }

  /** Drops `id` and what follows it ('at'), or only what follows it ('after'); returns the stored position it had. */
  function cut(id: string, from: 'at' | 'after'): number {
    const thread = host.read()!;
    const position = storedPosition(thread.order, host.messages(), id);
    const index = thread.order.indexOf(id);
    host.write({ order: thread.order.slice(0, from === 'after' ? index + 1 : index) });
    return position;
  }

  return {
    run,
    send(text: string): Promise<void> {
      if (busy()) return Promise.resolve();
      add({ id: newId(), role: 'user', content: text });
      return run();
    },
    /** Replaces an assistant reply (and what followed it) with a new one, here and in the store. */
    regenerate(assistantId: string): Promise<void> {
      if (busy() || !host.read()?.order.includes(assistantId)) return Promise.resolve();
      const versions = versionsBeside(host.messages()[assistantId]);
      return run(cut(assistantId, 'at'), versions);
    },
    /** The last reply again. */
    retryLast(): Promise<void> {
      const messages = host.messages();
      const last = host.read()?.order.findLast((k) => messages[k]?.role === 'assistant');
      return last ? this.regenerate(last) : Promise.resolve();
    },
    /** Rewrites a user message and resends from there; the store drops what followed it too. */
    edit(userId: string, text: string): Promise<void> {
      if (busy() || !host.read()?.order.includes(userId)) return Promise.resolve();
      const versions = versionsBeside(host.messages()[userId]);
      const position = cut(userId, 'after');
      host.put({ id: userId, role: 'user', content: text, ...(versions ? { versions } : {}) });
      return run(position);
    },
    /**
     * Shows another version of a turn (the server's id of it): the server's path goes
     * through it from now on, and the thread shows that path. Not while a reply streams.
     * Resolves to whether it was shown.
     */
    async showVersion(versionId: string): Promise<boolean> {
      const conversationId = host.read()?.conversationId;
      if (busy() || !conversationId) return false;
      const conversation = await api.showVersion(conversationId, versionId).catch(() => undefined);
      const thread = host.read();
      if (!conversation || thread?.conversationId !== conversation.id || thread.streaming) return false;
      const { order, put } = switchedPath(thread.order, host.messages(), conversation);
      put.forEach(host.put);
      host.write({ order });
      return true;
    },
    /** Answers tool calls; once every call of the reply has a result, the turn continues. */
    answerTools(results: ToolResult[]): Promise<void> {
      if (busy() || results.length === 0) return Promise.resolve();
      add({
        id: newId(),
        role: 'tool',
        content: results.map((r) => ({ type: 'tool-result', callId: r.callId, name: r.name, content: r.content })),
      });
      return run();
    },
    /**
     * Picks up a reply still streaming on the server (opened from history, after a
     * reload, in a second tab): it is read from its first byte, live.
     */
    join(replyId: string): Promise<void> {
      if (busy()) return Promise.resolve();
      return follow(replyId, { detach: new AbortController(), requestId: replyId, streamId: replyId }, host.track?.(), {
        source: { join: replyId },
      });
    },
    /**
     * Stops the running reply on the server, wherever it runs: its stream then ends with
     * the BFF's end marker and the partial reply stays, marked stopped. Only when the
     * server cannot be reached does the page stop reading on its own.
     */
    stop(): void {
      const run = current;
      if (!run) return;
      run.stopAsked = true;
      api.stopChat(run.streamId ?? run.requestId).catch((error: unknown) => {
        if (error instanceof ApiCallError && error.type === 'network') run.detach.abort();
      });
    },
    /** Stops reading here (the page moves on); the reply goes on, on the server. */
    detach(): void {
      current?.detach.abort();
    },
  };
}

export type ThreadRunner = ReturnType<typeof createThreadRunner>;
