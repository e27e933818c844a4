import type { CaptureFeedEvent } from '@/lib/api/captures';
import { route } from '@/lib/server/host/api-route';
import { followCaptures } from '@/lib/server/proxy/captures/capture-feed';

export const dynamic = 'force-dynamic';

const encoder = new TextEncoder();
const KEEP_ALIVE_MS = 15_000;

/**
 * The Traffic page's live feed, as Server-Sent Events: each capture that appears or
 * changes (on any instance), and each deleted here, as one `data:` line of JSON.
 * Subscribed before the answer's head goes out: the page reads the list once its
 * EventSource opens, and nothing written in between is missed.
 */
export const GET = route(async (request: Request, _context: unknown, user) => {
  let out: ReadableStreamDefaultController<Uint8Array> | undefined;
  let over = false;
  const send = (text: string) => {
    if (over) return;
    try {
      out?.enqueue(encoder.encode(text));
    } catch {
      // the page is gone; the abort or cancel unsubscribes
    }
  };
  const stop = await followCaptures((event: CaptureFeedEvent, ownerId) => {
    if (ownerId === user.id) send(`data: ${JSON.stringify(event)}\n\n`);
  });
  const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const end = () => {
    over = true;
    stop();
    clearInterval(keepAlive);
  };
  request.signal.addEventListener('abort', end);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
      send(': captures\n\n');
    },
    cancel: end,
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
});
