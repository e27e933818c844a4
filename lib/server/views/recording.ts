import 'server-only';
import { openMarkerNonce, parseBffMarker } from '@/lib/sse/bff-marker';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { captureStore } from '@/lib/server/store/captures';
import { store } from '@/lib/server/store';
import type { StoredEvents } from '@/lib/server/store/types';

/** A recorded answer, as a replay serves it: its head, and its body's reads with their receive times (ms since the request). */
export interface Recording {
  status: number;
  headers: Record<string, string>;
  chunks: { bytes: Buffer; at: number }[];
  /** The recording was cut (its log's bound): the replay ends where it does. */
  truncated: boolean;
}

/** Headers a replay does not repeat: the connection's own, and a length or encoding the replayed body may no longer match. */
const NOT_REPEATED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'date']);

export function headersOf(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_REPEATED.has(name.toLowerCase())));
}

/** A text cut into the recorded reads, by their sizes (the rest, if the sizes fall short, as one more). */
export function split(text: Buffer, sizes: number[], at: number[]): Recording['chunks'] {
  const chunks: Recording['chunks'] = [];
  let offset = 0;
  sizes.forEach((size, i) => {
    if (offset >= text.byteLength) return;
    chunks.push({ bytes: text.subarray(offset, offset + size), at: at[i]! });
    offset += size;
  });
  if (offset < text.byteLength) chunks.push({ bytes: text.subarray(offset), at: at.at(-1) ?? 0 });
  return chunks;
}

/** A capture whose exchange has not ended yet: it has no whole answer to replay. */
export const STILL_RECORDING = 'still-recording';

async function fromCapture(id: string, owner: string): Promise<Recording | typeof STILL_RECORDING | undefined> {
  const capture = await (await captureStore()).get(id, owner);
  if (capture?.status === 'streaming') return STILL_RECORDING;
  if (!capture?.response) return undefined;
  const text = Buffer.from(capture.events ? capture.events.items.map((item) => item.raw).join('') : (capture.body?.text ?? ''));
  const chunks = capture.chunks
    ? split(text, capture.chunks.sizes, capture.chunks.at)
    : [{ bytes: text, at: capture.timings.firstByte ?? 0 }];
  return {
    status: capture.response.status,
    headers: headersOf(capture.response.headers),
    chunks,
    truncated: capture.events?.truncated ?? capture.body?.truncated ?? false,
  };
}

/**
 * A stored reply's stream without Sluice's markers: the upstream's items, each as the
 * read it arrived in (a reply's log keeps items, not reads), its head from the upstream
 * marker.
 */
function fromReply(events: StoredEvents): Recording {
  const open = events.items[0]?.raw.match(/^:(.*)\r?\n?$/)?.[1]?.trim();
  const nonce = open === undefined ? undefined : openMarkerNonce(open);
  let status = 200;
  let headers: Record<string, string> = { 'content-type': 'text/event-stream; charset=utf-8' };
  const chunks: Recording['chunks'] = [];
  for (const item of events.items) {
    const comment = item.raw.startsWith(':') ? item.raw.slice(1).trim() : undefined;
    const marker = nonce !== undefined && comment !== undefined ? parseBffMarker(comment, nonce) : undefined;
    if (marker?.kind === 'upstream') {
      status = marker.exchange.response.status;
      headers = headersOf(marker.exchange.response.headers);
    }
    if (!marker) chunks.push({ bytes: Buffer.from(item.raw), at: item.at });
  }
  return { status, headers, chunks, truncated: events.truncated };
}

/** What `/replay/{id}` serves: a capture's answer, or a stored reply's stream. */
export async function loadRecording(id: string, owner: string): Promise<Recording | typeof STILL_RECORDING | undefined> {
  const capture = await fromCapture(id, owner);
  if (capture) return capture;
  // A reply that has just ended may still be being stored ("Replay" pressed the moment it ends).
  await repliesSettled();
  const events = await (await store()).replyEvents({ ownerId: owner }, id);
  return events?.items.length ? fromReply(events) : undefined;
}
