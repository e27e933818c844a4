import type { ParsedBlock, TreeAnswer, TreeRequest } from '@/lib/markdown/tree-protocol';
import { treesKey, useChatStore, type ReplyTrees } from './chat-store';
import { requestFlush } from './frame-loop';

interface Sent {
  done: number;
  tail?: string;
  tailIndex?: number;
  streaming?: boolean;
}

/**
 * Parses streaming replies' markdown in a Web Worker. The page sends each finished
 * block once and the tail whenever it changed; trees come back in order and join the
 * chat store through the frame loop, in the same one update per frame as the text.
 */
class MarkdownTrees {
  private worker: Worker | undefined;
  private failed = false;
  private outbox: TreeRequest[] = [];
  private readonly sent = new Map<string, Sent>();
  /** Answers not yet in the store, per reply. */
  private readonly arrived = new Map<string, TreeAnswer[]>();
  private readonly listeners = new Set<() => void>();

  /** Off the main thread when the page can start a worker and it has not failed. */
  get available(): boolean {
    return !this.failed && typeof Worker !== 'undefined';
  }

  /** Tells `listener` when the worker fails (for useSyncExternalStore); returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Asks for the trees this split of a text part still lacks. */
  update(replyId: string, part: number, done: readonly string[], tail: string, streaming: boolean): void {
    const key = `${replyId}:${part}`;
    let sent = this.sent.get(key);
    // A text that was replaced rather than appended to starts over.
    if (!sent || sent.done > done.length) this.sent.set(key, (sent = { done: 0 }));
    for (let i = sent.done; i < done.length; i++) this.outbox.push({ id: replyId, part, index: i, text: done[i]!, streaming: false });
    sent.done = done.length;
    if (tail && (tail !== sent.tail || done.length !== sent.tailIndex || streaming !== sent.streaming)) {
      this.outbox.push({ id: replyId, part, index: done.length, text: tail, streaming });
      Object.assign(sent, { tail, tailIndex: done.length, streaming });
    }
    if (this.outbox.length > 0) this.post();
  }

  private post(): void {
    try {
      this.worker ??= this.start();
      this.worker.postMessage(this.outbox);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
    this.outbox = [];
  }

  private start(): Worker {
    const worker = new Worker(new URL('../markdown/markdown.worker.ts', import.meta.url), { type: 'module', name: 'sluice-markdown' });
    worker.onmessage = ({ data }: MessageEvent<TreeAnswer[]>) => this.receive(data);
    // A script that fails to load or to run (a bundling mistake once made it throw on import) reports here.
    worker.onerror = (event) => this.fail(event.message || 'the worker script failed');
    return worker;
  }

  /** Without the worker, replies parse on the main thread again: every Markdown re-renders on its own. */
  private fail(why: string): void {
    if (this.failed) return;
    console.error(`sluice: markdown parses on the main thread, the worker failed: ${why}`);
    this.failed = true;
    this.worker?.terminate();
    this.listeners.forEach((listener) => listener());
  }

  private receive(answers: TreeAnswer[]): void {
    for (const answer of answers) {
      const list = this.arrived.get(answer.id);
      if (list) list.push(answer);
      else {
        this.arrived.set(answer.id, [answer]);
        requestFlush(treesKey(answer.id), () => ({ trees: this.merge(answer.id) }));
      }
    }
  }

  /** The reply's trees as the store has them, with the answers that arrived since. */
  private merge(replyId: string): ReplyTrees {
    const message = useChatStore.getState().messages[replyId];
    const trees: Record<number, (ParsedBlock | undefined)[]> = {};
    for (const [part, list] of Object.entries(message?.role === 'assistant' ? (message.trees ?? {}) : {})) trees[Number(part)] = [...list];
    for (const { part, index, text, streaming, tree } of this.arrived.get(replyId) ?? []) (trees[part] ??= [])[index] = { text, streaming, tree };
    this.arrived.delete(replyId);
    return trees;
  }
}

export const markdownTrees = new MarkdownTrees();
