import 'server-only';
import { sseResponse } from '@/lib/http/sse';

const encoder = new TextEncoder();

/** A write to one client's feed: an event's `data:` JSON, or a comment. */
export interface FeedWriter {
  data(value: unknown): void;
  comment(text: string): void;
}

/**
 * A feed of events pushed to one client as Server-Sent Events, with a comment every
 * `keepAliveMs` so proxies keep it open. `subscribe` runs before the answer's head goes
 * out (nothing written in between is missed) and returns how to unsubscribe, which
 * runs once the client leaves (abort or cancel). A write to a client already gone is
 * dropped.
 */
export async function sseFeed(
  signal: AbortSignal,
  subscribe: (feed: FeedWriter) => Promise<() => void>,
  { opening, keepAliveMs }: { opening: string; keepAliveMs: number },
): Promise<Response> {
  let out: ReadableStreamDefaultController<Uint8Array> | undefined;
  let over = false;
  const send = (text: string) => {
    if (over) return;
    try {
      out?.enqueue(encoder.encode(text));
    } catch {
      // the client is gone; the abort or cancel unsubscribes
    }
  };
  const feed: FeedWriter = {
    data: (value) => send(`data: ${JSON.stringify(value)}\n\n`),
    comment: (text) => send(`: ${text}\n\n`),
  };
  const unsubscribe = await subscribe(feed);
  const keepAlive = setInterval(() => feed.comment('keep-alive'), keepAliveMs);
  const end = () => {
    over = true;
    unsubscribe();
    clearInterval(keepAlive);
  };
  signal.addEventListener('abort', end);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
      feed.comment(opening);
    },
    cancel: end,
  });
  return sseResponse(body, { headers: { 'cache-control': 'no-store' } });
}
