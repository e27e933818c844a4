import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CaptureDetail, CaptureQuery } from '@/lib/api/captures';
import { api } from '../api';
import { getQueryClient } from '../query-client';
import { followCaptureFeed, type FeedState } from '../capture-feed';
import { applyFeedEvent, matchesQuery, mergeCaptures, NO_CHANGES, type LiveChanges } from './capture-list';

const ROOT = ['captures'] as const;
const PAGE_SIZE = 50;
/** A search the page cannot judge from a summary asks the server again, at most this often. */
const SEARCH_AGAIN_MS = 400;

export type CaptureFilters = Omit<CaptureQuery, 'before' | 'limit'>;

/**
 * The Traffic list, live: the feed is followed first and the list read once it is open
 * (and again each time it opens again), so no capture written in between is missed; what
 * the feed says is merged into the pages read by id (lib/client/traffic/capture-list.ts).
 */
export function useCaptures(filters: CaptureFilters) {
  const [changes, setChanges] = useState<LiveChanges>(NO_CHANGES);
  const [feed, setFeed] = useState<FeedState>('connecting');
  const current = useRef(filters);
  useEffect(() => {
    current.current = filters;
  }, [filters]);

  useEffect(() => {
    let searchAgain: ReturnType<typeof setTimeout> | undefined;
    const readAgain = () => void getQueryClient().invalidateQueries({ queryKey: ROOT });
    const stop = followCaptureFeed({
      onEvent: (event) => {
        setChanges((c) => applyFeedEvent(c, event));
        if (event.type === 'capture' && matchesQuery(event.capture, current.current) === undefined && !searchAgain)
          searchAgain = setTimeout(() => {
            searchAgain = undefined;
            readAgain();
          }, SEARCH_AGAIN_MS);
      },
      onOpen: readAgain,
      onState: setFeed,
    });
    return () => {
      stop();
      clearTimeout(searchAgain);
    };
  }, []);

  const list = useInfiniteQuery({
    queryKey: [...ROOT, filters],
    queryFn: ({ pageParam }) => api.listCaptures({ ...filters, before: pageParam, limit: PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    // Subscribed first: the list is read once the feed is open (or has failed once: then it is read anyway).
    enabled: feed !== 'connecting',
    // The feed keeps it fresh; it is read again when the feed opens again.
    staleTime: Infinity,
  });
  const pages = list.data?.pages;
  const captures = useMemo(
    () => mergeCaptures(pages?.flatMap((p) => p.items) ?? [], changes, filters, list.hasNextPage),
    [pages, changes, filters, list.hasNextPage],
  );
  return { captures, feed, list };
}

/**
 * One capture whole, read again whenever the feed says it changed (a streaming one as
 * it ends); null once it is gone.
 */
export function useCapture(id: string, initial?: CaptureDetail) {
  const key = useMemo(() => [...ROOT, 'one', id], [id]);
  useEffect(
    () =>
      followCaptureFeed({
        onEvent: (event) => {
          if (event.type === 'deleted' && event.id === id) getQueryClient().setQueryData(key, null);
          if (event.type === 'capture' && event.capture.id === id) void getQueryClient().invalidateQueries({ queryKey: key });
        },
        onOpen: () => void getQueryClient().invalidateQueries({ queryKey: key }),
      }),
    [id, key],
  );
  return useQuery({ queryKey: key, queryFn: () => api.capture(id), staleTime: Infinity, initialData: initial });
}

/** Deletes a capture: its page reads it as gone at once, and the lists are read again. */
export function useDeleteCapture() {
  return useMutation({
    mutationFn: (id: string) => api.deleteCapture(id),
    onSuccess: (_, id) => {
      getQueryClient().setQueryData([...ROOT, 'one', id], null);
      void getQueryClient().invalidateQueries({ queryKey: ROOT });
    },
  });
}
