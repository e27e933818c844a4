import type { CaptureFeedEvent, CaptureQuery, CaptureSummary } from '@/lib/api/captures';

/** What the live feed said since the page opened: each capture's latest summary, and the ones deleted. */
export interface LiveChanges {
  captures: ReadonlyMap<string, CaptureSummary>;
  deleted: ReadonlySet<string>;
}

export const NO_CHANGES: LiveChanges = { captures: new Map(), deleted: new Set() };

export function applyFeedEvent(changes: LiveChanges, event: CaptureFeedEvent): LiveChanges {
  if (event.type === 'deleted') {
    const captures = new Map(changes.captures);
    captures.delete(event.id);
    return { captures, deleted: new Set(changes.deleted).add(event.id) };
  }
  return { ...changes, captures: new Map(changes.captures).set(event.capture.id, event.capture) };
}

/**
 * Whether the page can tell that a capture belongs in the filtered list. The search (`q`)
 * also reads the request's body and the reply's text, which a summary lacks: with one,
 * `undefined` says ask the server.
 */
export function matchesQuery(capture: CaptureSummary, query: CaptureQuery): boolean | undefined {
  if (query.provider && capture.provider !== query.provider) return false;
  if (query.status && capture.status !== query.status) return false;
  if (query.model && capture.model !== query.model) return false;
  if (!query.q) return true;
  const q = query.q.toLowerCase();
  return capture.path.toLowerCase().includes(q) || capture.model?.toLowerCase().includes(q) ? true : undefined;
}

/** A capture's summary from the feed against the list's: the later one, which an ended capture is to a streaming one. */
const later = (live: CaptureSummary, listed: CaptureSummary) =>
  live.status === 'streaming' && listed.status !== 'streaming' ? listed : live;

const newestFirst = (a: CaptureSummary, b: CaptureSummary) =>
  a.startedAt === b.startedAt ? (a.id < b.id ? 1 : -1) : a.startedAt < b.startedAt ? 1 : -1;

/**
 * The list as shown: the pages read from the server, merged by id with what the feed
 * said since (newer summaries in place, deletions out, new captures that match the
 * filters in), newest first. While older pages are still unread, a capture from the
 * feed older than the last one read waits for its page.
 */
export function mergeCaptures(
  listed: CaptureSummary[],
  changes: LiveChanges,
  query: CaptureQuery,
  morePages: boolean,
): CaptureSummary[] {
  const byId = new Map(listed.map((c) => [c.id, c]));
  const oldest = listed.at(-1)?.startedAt;
  for (const [id, live] of changes.captures) {
    const shown = byId.get(id);
    if (shown) byId.set(id, later(live, shown));
    else if (matchesQuery(live, query) === true && (!morePages || (oldest !== undefined && live.startedAt >= oldest)))
      byId.set(id, live);
  }
  for (const id of changes.deleted) byId.delete(id);
  // A capture whose new state no longer matches (a status filter, and it ended) leaves the list.
  return [...byId.values()].filter((c) => matchesQuery(c, query) !== false).sort(newestFirst);
}
