import type { SseItem } from '@/lib/sse/types';
import type { StreamEvent } from './events';

/** Reads one stream of one wire format. Stateful: make one per stream. */
export interface StreamDecoder {
  decode(item: SseItem): StreamEvent[];
  /** The stream is over: what the decoder still held (a call whose arguments never closed). */
  end?(): StreamEvent[];
}
