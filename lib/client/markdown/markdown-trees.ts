import type { ParsedBlock, TreeAnswer, TreeRequest } from '@/lib/markdown/tree-messages';
import { useMessagePool } from '../thread/message-pool';
import { frameLoop } from '../thread/page-frames';
import type { AssistantPatch, ReplyTrees } from '../thread/ui-message';

/** With requests out and no answer for this long, the worker counts as failed (hung, or loaded without running). */
const ANSWER_TIMEOUT_MS = 3000;

interface Sent {
  done: number;
  tail?: string;
  tailIndex?: number;
  streaming?: boolean;
}

/** Where trees go: a reply's news for the frame loop, and the trees the store has for it. */
export interface TreesTarget {
  requestFlush: (replyId: string, snapshot: () => Pick<AssistantPatch, 'trees'>, source: string) => void;
  treesOf: (replyId: string) => ReplyTrees | undefined;
}

/**
 * Parses streaming replies' markdown in a Web Worker. The page sends each finished
 * block once and the tail whenever it changed; trees come back in order and join the
 * page's message pool through the frame loop, in the reply's own patch: the trees of
 * one update land with the text of the next, in one render rather than one each.
 */
class MarkdownTrees {
  private worker: Worker | undefined;
  private failed = false;
  private readonly sent = new Map<string, Sent>();
  /** Answers not yet in the store, per reply. */
  private readonly arrived = new Map<string, TreeAnswer[]>();
  private readonly listeners = new Set<() => void>();
  /** Requests not yet in the store, per reply: what a reply's blocks wait for. */
  private readonly unmerged = new Map<string, number>();
  /** Requests not yet answered, and when the worker was last heard from (or asked, with nothing out): what the watchdog reads. */
  private unanswered = 0;
  private heardAt = 0;
  private watchdog: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly target: TreesTarget) {}

  /** Off the main thread when the page can start a worker and it has not failed. */
  get available(): boolean {
    return !this.failed && typeof Worker !== 'undefined';
  }

  /** Tells `listener` when the worker fails (for useSyncExternalStore); returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /**
   * Whether this reply's blocks should wait for trees rather than parse on the page:
   * trees asked for are still on their way, or this split of a part has blocks not yet
   * asked for (the effect after this render asks).
   */
  isWaiting(replyId: string, part: number, done: readonly string[], tail: string, streaming: boolean): boolean {
    if (this.failed) return false;
    return (this.unmerged.get(replyId) ?? 0) > 0 || this.requestsFor(replyId, part, done, tail, streaming).length > 0;
  }

  /** Asks for the trees this split of a text part still lacks. */
  update(replyId: string, part: number, done: readonly string[], tail: string, streaming: boolean): void {
    const requests = this.requestsFor(replyId, part, done, tail, streaming);
    if (requests.length === 0) return;
    this.sent.set(`${replyId}:${part}`, { done: done.length, ...(tail ? { tail, tailIndex: done.length, streaming } : {}) });
    this.post(requests);
  }

  /** Each finished block not sent yet, and the tail when it changed; everything again when the text was replaced rather than appended to. */
  private requestsFor(replyId: string, part: number, done: readonly string[], tail: string, streaming: boolean): TreeRequest[] {
    const stored = this.sent.get(`${replyId}:${part}`);
    const sent = !stored || stored.done > done.length ? { done: 0 } : stored;
    const requests: TreeRequest[] = [];
    for (let i = sent.done; i < done.length; i++)
      requests.push({ id: replyId, part, index: i, text: done[i]!, streaming: false });
    if (tail && (tail !== sent.tail || done.length !== sent.tailIndex || streaming !== sent.streaming))
      requests.push({ id: replyId, part, index: done.length, text: tail, streaming });
    return requests;
  }

  private post(requests: TreeRequest[]): void {
    try {
      this.worker ??= this.start();
      this.worker.postMessage(requests);
      if (this.unanswered === 0) this.heardAt = Date.now();
      this.unanswered += requests.length;
      for (const { id } of requests) count(this.unmerged, id, 1);
      this.armWatchdog(ANSWER_TIMEOUT_MS);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private start(): Worker {
    const worker = new Worker(new URL('../../markdown/markdown.worker.ts', import.meta.url), {
      type: 'module',
      name: 'sluice-markdown',
    });
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
    clearTimeout(this.watchdog);
    this.worker?.terminate();
    this.listeners.forEach((listener) => listener());
  }

  /**
   * One timer at a time, never reset by answers (a stream brings dozens a second): when
   * it fires it fails the worker only after ANSWER_TIMEOUT_MS of silence with requests
   * out, and otherwise waits out the rest of that time.
   */
  private armWatchdog(after: number): void {
    if (this.watchdog !== undefined) return;
    this.watchdog = setTimeout(() => {
      this.watchdog = undefined;
      if (this.unanswered === 0) return;
      const silent = Date.now() - this.heardAt;
      if (silent >= ANSWER_TIMEOUT_MS) this.fail(`no answer in ${ANSWER_TIMEOUT_MS / 1000} s`);
      else this.armWatchdog(ANSWER_TIMEOUT_MS - silent);
    }, after);
  }

  private receive(answers: TreeAnswer[]): void {
    this.unanswered -= answers.length;
    this.heardAt = Date.now();
    for (const answer of answers) {
      const list = this.arrived.get(answer.id);
      if (list) list.push(answer);
      else {
        this.arrived.set(answer.id, [answer]);
        this.target.requestFlush(answer.id, () => ({ trees: this.merge(answer.id) }), 'markdown');
      }
    }
  }

  /** The reply's trees as the store has them, with the answers that arrived since. */
  private merge(replyId: string): ReplyTrees {
    const trees: Record<number, (ParsedBlock | undefined)[]> = {};
    for (const [part, list] of Object.entries(this.target.treesOf(replyId) ?? {})) trees[Number(part)] = [...list];
    const arrived = this.arrived.get(replyId) ?? [];
    for (const { part, index, text, streaming, tree } of arrived) (trees[part] ??= [])[index] = { text, streaming, tree };
    this.arrived.delete(replyId);
    count(this.unmerged, replyId, -arrived.length);
    return trees;
  }
}

function count(counts: Map<string, number>, id: string, by: number): void {
  const n = (counts.get(id) ?? 0) + by;
  if (n > 0) counts.set(id, n);
  else counts.delete(id);
}

/** A parser for trees that go to `target` (a test's own frame loop and store). */
export const createMarkdownTrees = (target: TreesTarget) => new MarkdownTrees(target);

/** The page's: trees join the message pool through the page's frame loop. */
export const markdownTrees = createMarkdownTrees({
  requestFlush: frameLoop.requestFlush,
  treesOf: (replyId) => useMessagePool.getState().trees[replyId],
});
