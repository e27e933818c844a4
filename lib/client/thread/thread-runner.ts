import { api } from '../api';
import { createReplyReader, type Reading } from './reply-reader';
import { appendMessage, cutThread, learnVersions, switchVersion } from './thread-edits';
import type { ThreadHost, ToolResult } from './thread-host';
import { newId, pendingReply, turnRequest } from './turn-request';
import { versionsBeside } from './versions';

export type { RunTracker, Thread, ThreadHost, ThreadMessages, ToolResult } from './thread-host';

/**
 * The one runner of a thread's turns, for the chat and each compare pane alike:
 * send, regenerate, edit and resend, answer tool calls, stop. It sends a turn's request
 * (turn-request.ts), reads its reply (reply-reader.ts) and edits the thread's order and
 * versions (thread-edits.ts).
 */
export function createThreadRunner(host: ThreadHost) {
  const reader = createReplyReader(host);
  const busy = () => Boolean(host.read()?.streaming);

  /**
   * Streams the assistant's reply to the thread as it stands; `replaceFrom`: the stored
   * position this turn replaces from (a regenerate, an edit), `versions`: those the new
   * reply goes beside (a regenerate).
   */
  async function run(replaceFrom?: number, versions?: string[]): Promise<void> {
    const thread = host.read();
    if (!thread?.provider || !thread.model || thread.streaming) return;
    const { provider, model, conversationId } = thread;
    const { body, requestId, unstored } = turnRequest(host, { ...thread, provider, model }, replaceFrom);
    const id = newId();
    appendMessage(host, pendingReply(id, provider, model, versions, thread.replayOf));
    const reading: Reading = { detach: new AbortController(), requestId };
    await reader.follow(id, reading, host.track?.(), {
      source: { body },
      onHeaders: (returnedId, streamId) => {
        reading.streamId = streamId ?? undefined;
        // Stop pressed before the server had this reply (its POST still on the way) found
        // nothing to stop: now that the server names it, stop it.
        if (reading.stopAsked && streamId) api.stopChat(streamId).catch(() => {});
        if (!returnedId || host.read()?.streaming !== id) return;
        host.write({ conversationId: returnedId });
        host.markStored([...unstored, id]);
        host.onConversation?.(returnedId, !conversationId);
      },
    });
    // What this turn replaced is kept as other versions: the page learns their ids.
    if (replaceFrom !== undefined) await learnVersions(host);
  }

  return {
    run,
    send(text: string): Promise<void> {
      if (busy()) return Promise.resolve();
      appendMessage(host, { id: newId(), role: 'user', content: text });
      return run();
    },
    /** Replaces an assistant reply (and what followed it) with a new one, here and in the store. */
    regenerate(assistantId: string): Promise<void> {
      if (busy() || !host.read()?.order.includes(assistantId)) return Promise.resolve();
      const versions = versionsBeside(host.messages()[assistantId]);
      return run(cutThread(host, assistantId, 'at'), versions);
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
      const position = cutThread(host, userId, 'after');
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
      return switchVersion(host, conversationId, versionId);
    },
    /** Answers tool calls; once every call of the reply has a result, the turn continues. */
    answerTools(results: ToolResult[]): Promise<void> {
      if (busy() || results.length === 0) return Promise.resolve();
      appendMessage(host, {
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
      const reading: Reading = { detach: new AbortController(), requestId: replyId, streamId: replyId };
      return reader.follow(replyId, reading, host.track?.(), { source: { join: replyId } });
    },
    /** Stops the running reply, on the server (see the reader's `stop`). */
    stop: reader.stop,
    /** Stops reading here (the page moves on); the reply goes on, on the server. */
    detach: reader.detach,
  };
}

export type ThreadRunner = ReturnType<typeof createThreadRunner>;
