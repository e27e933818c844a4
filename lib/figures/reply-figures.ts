import type { ReplyTimes } from '@/lib/assemble/reply-summary';

/**
 * Figures of one reply, in ms from the request's start. While it streams they are the
 * page's own estimate; once stored they are the server's (settled), as after a reload.
 */
export interface ReplyFigures extends ReplyTimes {
  /** Epoch ms when the server received the request: known once the reply is stored. */
  requestStart?: number;
  /** Its stream came with no times at all (a capture imported without timing): it has none to show, not zeros. */
  untimed?: boolean;
}
