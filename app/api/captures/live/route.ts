import type { CaptureFeedEvent } from '@/lib/api/captures';
import { route } from '@/lib/server/host/api-route';
import { sseFeed } from '@/lib/server/http/sse-feed';
import { followCaptures } from '@/lib/server/proxy/captures/capture-feed';

export const dynamic = 'force-dynamic';

/**
 * The Traffic page's live feed, as Server-Sent Events: each capture that appears or
 * changes (on any instance), and each deleted here, as one `data:` line of JSON.
 * Subscribed before the answer's head goes out: the page reads the list once its
 * EventSource opens, and nothing written in between is missed.
 */
export const GET = route(async (request: Request, _context: unknown, user) =>
  sseFeed(
    request.signal,
    (feed) =>
      followCaptures((event: CaptureFeedEvent, ownerId) => {
        if (ownerId === user.id) feed.data(event);
      }),
    { opening: 'captures', keepAliveMs: 15_000 },
  ),
);
