import type { Conversation } from '@/lib/api/conversations';
import { uiMessageOf } from './from-stored';
import { storedReplyId, type UiMessage } from './ui-message';

/**
 * A message's versions as the page shows them (‹ 2/3 ›). The server keeps a regenerated
 * reply or an edited message beside the ones it replaced, and names them by its own ids;
 * the page's messages sent here have ids of the page's own, so a message is matched to
 * its stored self by its place in the conversation shown.
 */

/** The server's id for a message, when the page knows it. */
export function serverIdOf(message: UiMessage): string | undefined {
  return message.serverId ?? (message.role === 'assistant' ? storedReplyId(message) : undefined);
}

export interface VersionPlace {
  /** Every version's server id, oldest first. */
  ids: string[];
  /** This one's place (0-based); ids.length for one still on its way. */
  index: number;
  count: number;
  previous?: string;
  next?: string;
}

/** Where a message is among its turn's versions; undefined for a turn of one version. */
export function versionPlace(message: UiMessage): VersionPlace | undefined {
  const ids = message.versions;
  if (!ids || ids.length === 0) return undefined;
  const id = serverIdOf(message);
  const found = id === undefined ? -1 : ids.indexOf(id);
  const index = found < 0 ? ids.length : found;
  const count = found < 0 ? ids.length + 1 : ids.length;
  if (count < 2) return undefined;
  return { ids, index, count, previous: ids[index - 1], next: ids[index + 1] };
}

/** The two versions "Compare versions" sets side by side: the previous one as A and this one as B (the first: it and the next). */
export function versionPair(place: VersionPlace): [string, string] | undefined {
  const { ids, index } = place;
  if (index >= ids.length) return undefined;
  return index > 0 ? [ids[index - 1]!, ids[index]!] : ids[1] ? [ids[0]!, ids[1]!] : undefined;
}

/**
 * The versions a new one of `message` goes beside (a regenerate, an edit): its turn's,
 * it among them (a version made here may not be in its list yet), or it alone.
 */
export function versionsBeside(message: UiMessage | undefined): string[] | undefined {
  if (!message) return undefined;
  const id = serverIdOf(message);
  const known = message.versions ?? [];
  const all = id && !known.includes(id) ? [...known, id] : known;
  return all.length > 0 ? all : undefined;
}

/** The page's stored messages of `order`, in place, beside the conversation's messages as stored. */
function pairs(order: string[], messages: Record<string, UiMessage>, conversation: Conversation) {
  const stored = order.flatMap((id) => (messages[id]?.stored ? [messages[id]] : []));
  return conversation.messages.map((m, i) => ({ shown: stored[i], stored: m }));
}

const sameVersions = (a: string[] | undefined, b: string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((id, i) => b?.[i] === id);

/**
 * After a regenerate or an edit: the messages shown here (ids of the page's own, some)
 * learn their server ids and versions from the conversation as the server now shows it,
 * by place and role. Only the messages that change are returned, to put back.
 */
export function withVersions(order: string[], messages: Record<string, UiMessage>, conversation: Conversation): UiMessage[] {
  return pairs(order, messages, conversation).flatMap(({ shown, stored }) => {
    if (!shown || shown.role !== stored.role) return [];
    if (shown.serverId === stored.id && sameVersions(shown.versions, stored.versions)) return [];
    return [{ ...shown, serverId: stored.id, versions: stored.versions }];
  });
}

/**
 * Another version shown: the thread's order and the messages to put. Messages up to
 * where the paths part stay as they are (their ids, their parsed text), given their
 * versions; from there on they are the server's.
 */
export function switchedPath(
  order: string[],
  messages: Record<string, UiMessage>,
  conversation: Conversation,
): { order: string[]; put: UiMessage[] } {
  const both = pairs(order, messages, conversation);
  const parted = both.findIndex(({ shown, stored }) => !shown || serverIdOf(shown) !== stored.id);
  const kept = parted < 0 ? both.length : parted;
  const put = [
    ...withVersions(order, messages, { ...conversation, messages: conversation.messages.slice(0, kept) }),
    ...conversation.messages.slice(kept).map(uiMessageOf),
  ];
  return {
    order: [...both.slice(0, kept).map(({ shown }) => shown!.id), ...conversation.messages.slice(kept).map((m) => m.id)],
    put,
  };
}
