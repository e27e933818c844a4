import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EventLog } from '@/lib/event-log/event-log';
import { readIntoLog } from '@/lib/event-log/read-into-log';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { StoredEvents } from '@/lib/api/conversations';
import { api } from '../api';
import { liveLog } from '../stream/live-logs';
import { frameLoop } from '../thread/page-frames';

/** A stored reply's log, rebuilt from its raw items through the same reader the stream used. */
function rebuild(protocol: ProtocolId, stored: StoredEvents): EventLog {
  const log = new EventLog(protocol);
  log.truncated = stored.truncated;
  readIntoLog(log, stored.items);
  return log;
}

/** The log of a reply: live if it streamed here, else fetched from the store. */
export function useEventLog(replyId: string | undefined, conversationId: string | undefined, protocol: ProtocolId | undefined) {
  const here = replyId ? liveLog(replyId) : undefined;
  const stored = useQuery({
    queryKey: ['events', conversationId, replyId],
    enabled: !here && !!replyId && !!conversationId && !!protocol,
    staleTime: Infinity,
    queryFn: async () => {
      const events = await api.replyEvents(conversationId!, replyId!);
      return events && rebuild(protocol!, events);
    },
  });
  return { log: here ?? stored.data ?? undefined, loading: stored.isLoading, error: stored.error };
}

/**
 * Re-renders once per frame at most while the log grows, on the page's frame loop (so
 * with the frame's store update, not in a frame of its own); stops once it has ended.
 */
export function useLogVersion(log: EventLog | undefined): number {
  const [version, setVersion] = useState(log?.version ?? 0);
  useEffect(() => {
    if (!log) return;
    return frameLoop.onFrame(() => {
      setVersion(log.version);
      return !log.ended;
    });
  }, [log]);
  return version;
}
