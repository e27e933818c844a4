import { vi } from 'vitest';

/**
 * Replaces `Worker` with a stand-in that records what the page posts to it and lets
 * the test answer (`answer`) or fail (`fail`) as the worker would; with `reply`, it
 * answers each post itself, in a microtask. Undo with `vi.unstubAllGlobals()`.
 */
export function stubWorker<Post, Answer>(reply?: (post: Post) => Answer) {
  const posts: Post[] = [];
  const workers: FakeWorker[] = [];
  class FakeWorker {
    onmessage: ((event: { data: Answer }) => void) | null = null;
    onerror: ((event: { message: string }) => void) | null = null;
    constructor() {
      workers.push(this);
    }
    postMessage(post: Post) {
      posts.push(post);
      if (reply) queueMicrotask(() => this.onmessage?.({ data: reply(post) }));
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return {
    posts,
    workers,
    answer: (data: Answer) => workers[0]!.onmessage!({ data }),
    fail: (message: string) => workers[0]!.onerror!({ message }),
  };
}
