import type { ProtocolId } from '@/lib/protocols/ids';
import type { StreamEvent } from '@/lib/protocols/events';
import { createDecoder } from '@/lib/protocols/registry';
import { parseBffMarker, type BffEnd, type BffMarker } from '@/lib/sse/bff-marker';
import { SseParser } from '@/lib/sse/parser';
import type { SseItem } from '@/lib/sse/types';
import { MessageAssembler, type StreamOutcome } from './assemble';
import type { AssembledMessage } from './message';

const TOKEN_EVENTS = new Set<StreamEvent['type']>(['text-delta', 'thinking-delta', 'refusal-delta', 'tool-call-start', 'tool-call-delta']);
const ANSWER_EVENTS = new Set<StreamEvent['type']>(['text-delta', 'refusal-delta', 'tool-call-start']);

/** Sees each SSE item with the events it meant, the reply parts they wrote to, and the item read as a BFF marker if it is one (the event log). */
export type ItemObserver = (item: SseItem, events: StreamEvent[], parts: number[], marker: BffMarker | undefined) => void;

/**
 * One stream read end to end — bytes → SSE items → normalized events → message —
 * the same on the server (its stored copy) and in the browser.
 */
export class StreamReader {
  private readonly parser = new SseParser();
  private readonly decoder;
  private readonly assembler = new MessageAssembler();
  /** Clock value of the first token (thinking included), if one came. */
  firstTokenAt: number | undefined;
  /** Clock value of the first token of the answer itself (text or a tool call). */
  firstAnswerAt: number | undefined;
  /** The BFF's end marker, once seen. */
  bffEnd: BffEnd | undefined;
  /** How many token-bearing events (text, thinking, refusal, tool arguments) came: a live proxy for output tokens. */
  tokenEvents = 0;

  constructor(
    protocol: ProtocolId,
    private readonly observe?: ItemObserver,
  ) {
    this.decoder = createDecoder(protocol);
  }

  /** Feeds a chunk; returns the SSE items it completed and the events they meant. */
  push(chunk: Uint8Array | string, at: number): { items: SseItem[]; events: StreamEvent[] } {
    return this.consume(this.parser.feed(chunk, at), at);
  }

  /** Ends the stream and returns the final message. */
  finish(outcome: StreamOutcome, at: number): AssembledMessage {
    this.consume(this.parser.end(at), at);
    return this.assembler.finish(outcome);
  }

  snapshot(): AssembledMessage {
    return this.assembler.snapshot();
  }

  private consume(items: SseItem[], at: number): { items: SseItem[]; events: StreamEvent[] } {
    const events: StreamEvent[] = [];
    for (const item of items) {
      const first = events.length;
      const marker = item.kind === 'comment' ? parseBffMarker(item.text) : undefined;
      if (marker?.kind === 'end') {
        this.bffEnd = marker.end;
        // A failure only the BFF could see (stall, lost connection) ends the message as an error.
        if (marker.end.reason !== 'upstream-eof') events.push({ type: 'error', message: marker.end.message, code: marker.end.reason });
      } else if (!marker) {
        events.push(...this.decoder.decode(item));
      }
      const parts: number[] = [];
      for (let i = first; i < events.length; i++) {
        const event = events[i]!;
        if (TOKEN_EVENTS.has(event.type)) {
          this.tokenEvents++;
          this.firstTokenAt ??= at;
        }
        if (this.firstAnswerAt === undefined && ANSWER_EVENTS.has(event.type)) this.firstAnswerAt = at;
        const part = this.assembler.push(event);
        if (part !== undefined && !parts.includes(part)) parts.push(part);
      }
      this.observe?.(item, first === events.length ? [] : events.slice(first), parts, marker);
    }
    return { items, events };
  }
}
