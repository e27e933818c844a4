import { useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import type { ConversationPage, ConversationSummary } from '@/lib/api/conversations';
import { api, ApiCallError } from '../api';
import { getQueryClient } from '../query-client';

const ROOT = ['conversations'] as const;
const keyFor = (query: string) => [...ROOT, query.trim()] as const;
type Pages = InfiniteData<ConversationPage, string | undefined>;

export const PAGE_SIZE = 50;

/**
 * While a listed conversation has a reply streaming (here, in another tab, or from before
 * a reload), the list is asked again this often, so its mark goes once the reply ends.
 */
export const STREAMING_REFRESH_MS = 3000;

const fetchPage = (query: string, cursor: string | undefined): Promise<ConversationPage> =>
  api.listConversations({ query: query.trim(), cursor, limit: PAGE_SIZE });

/** The sidebar's list: most recent first, a page at a time, optionally searched. */
export function useConversationList(query: string) {
  return useInfiniteQuery({
    queryKey: keyFor(query),
    queryFn: ({ pageParam }) => fetchPage(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.conversations.some((c) => c.streaming)) ? STREAMING_REFRESH_MS : false,
  });
}

/** Applies `change` to every cached page of the list (searched ones too). */
function editLists(change: (list: ConversationSummary[]) => ConversationSummary[]): void {
  getQueryClient().setQueriesData<Pages>({ queryKey: ROOT }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, conversations: change(p.conversations) })) } : data,
  );
}

/**
 * A conversation just got a turn (its id arrived in the response headers): it goes to
 * the top of the list at once, marked streaming (and with the turn's `models`, when
 * given), before the server is asked again.
 */
export function conversationActive(
  id: string,
  titleIfNew: string,
  kind: ConversationSummary['kind'] = 'chat',
  models?: string[],
): void {
  const client = getQueryClient();
  const now = new Date().toISOString();
  let existing: ConversationSummary | undefined;
  for (const [, data] of client.getQueriesData<Pages>({ queryKey: ROOT })) {
    existing ??= data?.pages.flatMap((p) => p.conversations).find((c) => c.id === id);
  }
  const entry: ConversationSummary = existing
    ? { ...existing, updatedAt: now, streaming: true, ...(models ? { models } : {}) }
    : { id, kind, title: titleIfNew, createdAt: now, updatedAt: now, streaming: true, ...(models ? { models } : {}) };
  client.setQueryData<Pages>(keyFor(''), (data) => {
    if (!data) return data;
    const pages = data.pages.map((p) => ({ ...p, conversations: p.conversations.filter((c) => c.id !== id) }));
    pages[0] = { ...pages[0]!, conversations: [entry, ...pages[0]!.conversations] };
    return { ...data, pages };
  });
}

/**
 * The page saw the last reply of conversation `id` end: its streaming mark goes at once,
 * without waiting for the server's list (asked again right after, it confirms, or
 * marks it again if a reply of it still streams elsewhere).
 */
export function conversationIdle(id: string): void {
  editLists((list) => list.map((c) => (c.id === id && c.streaming ? { ...c, streaming: undefined } : c)));
}

/** Asks the server again (after a turn ends, or when an optimistic change failed). */
export function refreshConversations(): Promise<void> {
  return getQueryClient().invalidateQueries({ queryKey: ROOT });
}

export function useRenameConversation() {
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.renameConversation(id, title),
    onMutate: ({ id, title }) => editLists((list) => list.map((c) => (c.id === id ? { ...c, title } : c))),
    onSettled: () => refreshConversations(),
  });
}

export function useDeleteConversation() {
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.deleteConversation(id);
      } catch (error) {
        if (!(error instanceof ApiCallError && error.status === 404)) throw error; // already gone
      }
    },
    onMutate: (id) => editLists((list) => list.filter((c) => c.id !== id)),
    onSettled: () => refreshConversations(),
  });
}
