import { markStored, putMessage, useMessagePool } from './message-pool';
import { replySink } from './page-frames';
import type { ThreadMessages } from './thread-runner';

/**
 * The pool's half of a thread's host, the same for the chat and every pane: a runner
 * reaches the messages only through its host, so it depends on no store.
 */
export const poolHost: ThreadMessages = {
  messages: () => useMessagePool.getState().messages,
  put: putMessage,
  markStored,
  replySink,
};
