import type { CaptureFeedEvent } from '@/lib/api/captures';
import { api } from './api';

/** `connecting` until the feed first opens; `reconnecting` while it is down (the list may miss changes meanwhile). */
export type FeedState = 'connecting' | 'live' | 'reconnecting';

export interface FeedHandlers {
  onEvent(event: CaptureFeedEvent): void;
  /** The feed is open (again): what changed while it was not is in the list only, so read the list now. */
  onOpen(): void;
  onState?(state: FeedState): void;
}

/** The part of the browser's EventSource the feed uses, so a test can hand it another. */
export type FeedSource = Pick<EventSource, 'onopen' | 'onmessage' | 'onerror' | 'readyState' | 'close'>;

const CLOSED = 2;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

/**
 * Follows the captures' live feed until the returned function is called. The browser's
 * EventSource reconnects by itself after a dropped connection, but gives up for good on
 * an error answer (a server restarting says 5xx): then a new one is opened, sooner at
 * first and then less often. Each opening calls `onOpen`, after which the caller reads
 * the list: subscribed first, then read, nothing written in between is missed.
 */
export function followCaptureFeed(handlers: FeedHandlers, open: () => FeedSource = api.captureFeed): () => void {
  let source: FeedSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;
  let stopped = false;

  const connect = () => {
    const current = open();
    source = current;
    current.onopen = () => {
      delay = FIRST_RETRY_MS;
      handlers.onState?.('live');
      handlers.onOpen();
    };
    current.onmessage = (message: MessageEvent<string>) => {
      let event: CaptureFeedEvent;
      try {
        event = JSON.parse(message.data) as CaptureFeedEvent;
      } catch {
        return;
      }
      handlers.onEvent(event);
    };
    current.onerror = () => {
      handlers.onState?.('reconnecting');
      if (current.readyState !== CLOSED || stopped) return;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
