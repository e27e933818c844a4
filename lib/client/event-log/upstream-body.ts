import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { withWholeBody } from '@/lib/event-log/request-body';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';
import { api } from '../api';

/**
 * A reply's upstream exchange as the event log shows it: the marker's, and with the
 * whole request body once fetched when the marker carried only its start. Fetched when
 * asked (`load`: the details opened, "Copy as curl"), not with the log: it can be
 * megabytes. Where it cannot be had (an imported stream, an older server), the cut
 * exchange stays, and says it is cut.
 */
export function useWholeExchange(marked: UpstreamExchange): {
  exchange: UpstreamExchange;
  load: () => Promise<UpstreamExchange>;
} {
  const id = marked.request.truncated ? marked.messageId : undefined;
  const [wanted, setWanted] = useState(false);
  const client = useQueryClient();
  const query = useMemo(
    () => ({ queryKey: ['upstream-body', id], queryFn: () => api.upstreamBody(id!), staleTime: Infinity, retry: false }),
    [id],
  );
  const { data } = useQuery({ ...query, enabled: wanted && id !== undefined });
  const exchange = useMemo(() => (data === undefined ? marked : withWholeBody(marked, data)), [marked, data]);
  const load = useCallback(async () => {
    if (id === undefined) return marked;
    setWanted(true);
    try {
      return withWholeBody(marked, await client.fetchQuery(query));
    } catch {
      return marked;
    }
  }, [client, id, marked, query]);
  return { exchange, load };
}
