import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { CaptureFeedEvent } from '@/lib/api/captures';
import type { RunDetail, RunPage } from '@/lib/api/runs';
import { api } from '../api';
import { followCaptureFeed } from '../capture-feed';
import { getQueryClient } from '../query-client';

const ROOT = ['runs'] as const;
const PAGE_SIZE = 50;
/**
 * A run is read again at most this often as its captures change: an agent may start a
 * dozen requests a second, and each would otherwise read the whole run once more.
 */
const READ_AGAIN_MS = 400;
/** While a step streams, its bar grows: the run is read again this often until none does. */
const STREAMING_POLL_MS = 1000;

/**
 * Calls `readAgain` (at most once every READ_AGAIN_MS) whenever the captures' live feed
 * says a capture `concerns` changed, and each time the feed opens (again): what changed
 * while it was closed is not told.
 */
function useFeedReads(concerns: (event: CaptureFeedEvent) => boolean, readAgain: () => void) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        readAgain();
      }, READ_AGAIN_MS);
    };
    const stop = followCaptureFeed({
      onEvent: (event) => {
        if (concerns(event)) soon();
      },
      onOpen: soon,
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [concerns, readAgain]);
}

/**
 * The runs list, newest first, `q` words in the name; `initial` the first page the server
 * rendered for the query the page opened with. A capture of any run changing reads it again.
 */
export function useRunList(q: string, initial?: { q: string; page: RunPage }) {
  const key = useMemo(() => [...ROOT, 'list', q], [q]);
  const concerns = useMemo(() => (event: CaptureFeedEvent) => event.type === 'deleted' || !!event.capture.run, []);
  const readAgain = useMemo(() => () => void getQueryClient().invalidateQueries({ queryKey: [...ROOT, 'list'] }), []);
  useFeedReads(concerns, readAgain);
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => api.listRuns({ q, before: pageParam, limit: PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    staleTime: Infinity,
    ...(initial && initial.q === q
      ? { initialData: { pages: [initial.page], pageParams: [undefined] } satisfies InfiniteData<RunPage, string | undefined> }
      : {}),
  });
}

/**
 * One run, live: read again when the feed says one of its captures changed (a new step, a
 * step ending, one deleted), and every second while a step streams, so its bar grows.
 */
export function useRun(id: string, initial: RunDetail) {
  const key = useMemo(() => [...ROOT, 'one', id], [id]);
  const concerns = useMemo(
    () => (event: CaptureFeedEvent) => {
      if (event.type === 'capture') return event.capture.run?.id === id;
      const run = getQueryClient().getQueryData<RunDetail>(key);
      return !!run?.steps.some((s) => s.captureId === event.id);
    },
    [id, key],
  );
  const readAgain = useMemo(() => () => void getQueryClient().invalidateQueries({ queryKey: key }), [key]);
  useFeedReads(concerns, readAgain);
  return useQuery({
    queryKey: key,
    queryFn: () => api.run(id),
    initialData: initial,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.steps.some((s) => s.status === 'streaming') ? STREAMING_POLL_MS : false),
  });
}

/** Other runs to diff with (`q` words in their name), the first page: read as the chooser opens. */
export function useRunChoices(q: string) {
  return useQuery({
    queryKey: [...ROOT, 'choices', q],
    queryFn: () => api.listRuns({ q, limit: PAGE_SIZE }),
    staleTime: 5_000,
  });
}

/** "Replay this run offline": a cassette of its exchanges; its error is the server's (a 409 says why). */
export function useRunCassette(id: string) {
  return useMutation({ mutationFn: () => api.runCassette(id) });
}
