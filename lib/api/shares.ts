/**
 * Shares (issue 40): a read-only snapshot of a conversation, a compare session or a diff,
 * behind a random link (`/s/{token}`). The bodies and answers of `/api/shares`, declared
 * once (docs/contract.md).
 */
import { z } from 'zod';
import type { StoredEvents, StoredMessage } from './conversations';
import type { DiffSide } from './diff';
import type { RunDetail } from './runs';

export const SHARE_KINDS = ['conversation', 'compare', 'diff', 'run'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** The expiries the dialog offers, in days (none: the link lasts until revoked). */
export const SHARE_EXPIRY_DAYS = [1, 7, 30, 90] as const;

const Id = z.string().min(1).max(100);

/** POST /api/shares: what to snapshot (a conversation or compare session by `id`, a diff by its replies `a` and `b`). */
export const NewShareSchema = z
  .object({
    kind: z.enum(SHARE_KINDS),
    id: Id.optional(),
    a: Id.optional(),
    b: Id.optional(),
    expiresInDays: z.number().int().min(1).max(365).optional(),
    signedInOnly: z.boolean().optional(),
  })
  .strict()
  .refine((body) => (body.kind === 'diff' ? body.a !== undefined && body.b !== undefined : body.id !== undefined), {
    message: 'a conversation, compare or run share names its `id`; a diff share its replies `a` and `b`',
  });
export type NewShareBody = z.input<typeof NewShareSchema>;

/** POST /api/shares/fork: the share to copy into the caller's own conversations. */
export const ForkShareSchema = z.object({ token: z.string().min(1).max(200) }).strict();

/** A share as its owner's list shows it: never its token, which is shown once, when made. */
export interface ShareSummary {
  id: string;
  kind: ShareKind;
  title: string;
  createdAt: string;
  /** Absent: it lasts until revoked. */
  expiresAt?: string;
  signedInOnly: boolean;
  revoked: boolean;
}

/** POST /api/shares' answer: the one time the token is seen. `url` is the page's path, `/s/{token}`. */
export interface CreatedShare extends ShareSummary {
  token: string;
  url: string;
}

/** One conversation as read when shared: the messages it showed, and each reply's raw event log by message id. */
export interface SharedThread {
  title: string;
  messages: StoredMessage[];
  events: Record<string, StoredEvents>;
}

/** What a share holds, as read when it was made; nothing done to its source later changes it. */
export type ShareSnapshot =
  | { kind: 'conversation'; conversation: SharedThread }
  | { kind: 'compare'; title: string; panes: SharedThread[] }
  | { kind: 'diff'; title: string; sides: [DiffSide, DiffSide] }
  /** An agent run: its steps and figures, as its page showed them (docs/contract.md "Runs"). */
  | { kind: 'run'; title: string; run: RunDetail };

/** POST /api/shares/fork's answer: the caller's new conversation (a chat, or a compare session). */
export interface ForkedShare {
  id: string;
  kind: 'chat' | 'compare';
  /** Where it opens: `/c/{id}` or `/race/{id}`. */
  url: string;
}
