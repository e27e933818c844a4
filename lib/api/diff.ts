/**
 * The shapes of the compare-two-replies page (`/diff?a={messageId}&b={messageId}`,
 * docs/contract.md): each side a stored reply with its conversation and its stream as
 * stored, read on the server by the same loaders as the conversation routes.
 */
import type { StoredEvents, StoredMessage } from './conversations';

export type StoredAssistantReply = Extract<StoredMessage, { role: 'assistant'; timings: unknown }>;

export interface DiffSide {
  /** The reply's id (or the capture's): what `a` or `b` said. */
  id: string;
  /** A stored reply of a conversation, or a capture of the recording proxy read as one. */
  kind: 'reply' | 'capture';
  /** Its conversation; empty for a capture. */
  conversationId: string;
  /** Its conversation's title; a capture's request line. */
  title: string;
  reply: StoredAssistantReply;
  /** Its stream as stored; null when it has none (the timeline says so). */
  events: StoredEvents | null;
  /**
   * Its place among its turn's versions (1-based), when it has others: two versions of one
   * reply share their model and title, and are told apart by it, not by their ids.
   */
  version?: { index: number; of: number };
}

/** The versions of one turn that `id` is among (each shown message names its turn's, see StoredMessage `versions`). */
export function versionOf(id: string, messages: { versions?: string[] }[]): DiffSide['version'] {
  const versions = messages.find((m) => m.versions?.includes(id))?.versions;
  return versions && versions.length > 1 ? { index: versions.indexOf(id) + 1, of: versions.length } : undefined;
}

/** A recent stored reply, as the page offers it to compare with. */
export interface ReplyChoice {
  id: string;
  conversationId: string;
  title: string;
  provider: string;
  model: string;
  createdAt: string;
  /** Where it is, beside the page's reply A: "this conversation", "pane 2". */
  near?: string;
  /** The start of its answer, to tell replies of one model apart. */
  snippet?: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * A reply's id in what the page's address was given: the id itself, or the first one in
 * a pasted address (a diff's, a replay URL, a reply's id with words around it).
 */
export function replyIdIn(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.match(UUID)?.[0]?.toLowerCase() ?? (text?.trim() || undefined);
}

/**
 * The picker's two lists once one side is chosen: never that reply itself, and each other
 * reply once. One beside it (its conversation, its race) is listed there, with where it is
 * and its answer's start; the newest anywhere, under it, only if not already so: listed
 * twice, a sibling read "sim-openai · sim-markdown in “{the same title}”" as A itself does.
 */
export function pickerChoices(
  chosen: string | undefined,
  near: ReplyChoice[],
  recent: ReplyChoice[],
): { near: ReplyChoice[]; recent: ReplyChoice[] } {
  const seen = new Set(chosen ? [chosen] : []);
  const once = (c: ReplyChoice) => !seen.has(c.id) && Boolean(seen.add(c.id));
  return { near: near.filter(once), recent: recent.filter(once) };
}

/**
 * The page's two sides as its address names them: one named twice is one side (a reply
 * is not diffed with itself), and B alone (or beside an A that is no reply) is the side
 * the picker starts from.
 */
export function diffIds(a: string | undefined, b: string | undefined): [a?: string, b?: string] {
  if (a === b) return [a];
  return a ? [a, b] : [b];
}
