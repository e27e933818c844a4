import type { CaptureFeedEvent } from '@/lib/api/captures';
import { route } from '@/lib/server/api-route';
import { followCaptures } from '@/lib/server/captures/capture-feed';

export const dynamic = 'force-dynamic';

const encoder = new TextEncoder();
const KEEP_ALIVE_MS = 15_000;

/**
 * The Traffic page's live feed, as Server-Sent Events: each capture that appears or
 * changes (on any instance), and each deleted here, as one `data:` line of JSON.
 */
export const GET = route(async (request: Request) => {
  let stop: (() => void) | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // the page is gone; cancel() unsubscribes
        }
      };
      send(': captures\n\n');
      stop = await followCaptures((event: CaptureFeedEvent) => send(`data: ${JSON.stringify(event)}\n\n`));
      keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.signal.addEventListener('abort', () => {
        stop?.();
        clearInterval(keepAlive);
      });
    },
    cancel() {
      stop?.();
      clearInterval(keepAlive);
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
});
