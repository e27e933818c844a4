import type { ProtocolId } from '@/lib/protocols/ids';
import type { StreamEvent } from '@/lib/protocols/events';
import { createDecoder } from '@/lib/protocols/registry';
import { openMarkerNonce, parseBffMarker, type BffEnd, type BffMarker } from '@/lib/sse/bff-marker';
import { SseLimitError, type SseLimits } from '@/lib/sse/limits';
import { SseParser } from '@/lib/sse/parser';
import type { SseItem } from '@/lib/sse/types';
import { MessageAssembler, type StreamOutcome } from './assemble';
import { CHARS_PER_TOKEN } from './counted-usage';
import type { AssembledMessage } from './message';

const TOKEN_EVENTS = new Set<StreamEvent['type']>([
  'text-delta',
  'thinking-delta',
  'refusal-delta',
  'tool-call-start',
  'tool-call-delta',
]);
/** The text a token-bearing event carried: what an estimate of its tokens counts. */
function eventText(event: StreamEvent): string {
  switch (event.type) {
    case 'text-delta':
    case 'thinking-delta':
    case 'refusal-delta':
      return event.text;
    case 'tool-call-start':
      return event.name;
    case 'tool-call-delta':
      return event.delta;
    default:
      return '';
  }
}

const ANSWER_EVENTS = new Set<StreamEvent['type']>(['text-delta', 'refusal-delta', 'tool-call-start']);

/** Sees each SSE item with the events it meant, the reply parts they wrote to, and the item read as a BFF marker if it is one (the event log). */
export type ItemObserver = (item: SseItem, events: StreamEvent[], parts: number[], marker: BffMarker | undefined) => void;

export interface ReaderOptions {
  /**
   * The nonce of this response's BFF markers (its `x-sluice-marker` header). Without
   * it, the reader takes the nonce its first item announces (`: sluice <nonce> open`,
   * which only the BFF can write first), as for an exported stream or a stored log.
   */
  markerNonce?: string;
  limits?: SseLimits;
}

/**
 * One stream read end to end — bytes → SSE items → normalized events → message —
 * the same on the server (its stored copy) and in the browser. A stream that breaks
 * the parser's bounds ends as an error; nothing it sends afterwards is read.
 */
export class StreamReader {
  private readonly parser;
  private readonly decoder;
  /** The markers' nonce; undefined until known, null when the stream announced none (no marker is trusted). */
  private nonce: string | null | undefined;
  private failed = false;
  /** The bound's error, pushed once the items its read completed are read. */
  private pendingError: StreamEvent | undefined;
  private readonly assembler = new MessageAssembler();
  /** Clock value of the first token (thinking included), if one came. */
  firstTokenAt: number | undefined;
  /** Clock value of the first token of the answer itself (text or a tool call). */
  firstAnswerAt: number | undefined;
  /** Clock value of the last token so far: the speed runs from the first to it, not to the stream's end (a stall, a lost server). */
  lastTokenAt: number | undefined;
  /** The BFF's end marker, once seen. */
  bffEnd: BffEnd | undefined;
  /** How many token-bearing events (text, thinking, refusal, tool arguments) came: a live proxy for output tokens. */
  tokenEvents = 0;
  /** Characters those events carried: the output's tokens estimated (`outputTokens`), whatever size each event is. */
  private outputChars = 0;

  constructor(
    protocol: ProtocolId,
    private readonly observe?: ItemObserver,
    options: ReaderOptions = {},
  ) {
    this.decoder = createDecoder(protocol);
    // The marker is a comment the parser acts on as it reads it: the event it drops is still unfinished then.
    this.parser = new SseParser(
      options.limits,
      (comment) => this.markerOf({ kind: 'comment', text: comment } as SseItem, false)?.kind === 'upstream-reconnect',
    );
    this.nonce = options.markerNonce;
  }

  /** The stream passed the parser's bounds: nothing after that point was read as items. */
  get stoppedAtBound(): boolean {
    return this.failed;
  }

  /** Feeds a chunk; returns the SSE items it completed and the events they meant. */
  push(chunk: Uint8Array | string, at: number): { items: SseItem[]; events: StreamEvent[] } {
    if (this.failed) return { items: [], events: [] };
    return this.consume(
      this.read(() => this.parser.feed(chunk, at)),
      at,
    );
  }

  /** The connection closed, perhaps not for good: reads what the parser held back (the BFF's end marker, when it came). */
  settle(at: number): void {
    if (!this.failed) this.consume(this.parser.settle(at), at);
  }

  /** Ends the stream and returns the final message. */
  finish(outcome: StreamOutcome, at: number): AssembledMessage {
    if (!this.failed)
      this.consume(
        this.read(() => this.parser.end(at)),
        at,
      );
    for (const event of this.decoder.end?.() ?? []) this.assembler.push(event);
    return this.assembler.finish(outcome);
  }

  /** Parses; a stream past the parser's bounds becomes an error, and is read no further. */
  private read(parse: () => SseItem[]): SseItem[] {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof SseLimitError)) throw error;
      this.failed = true;
      // The items the same read completed before the bound, then the error: a reply keeps what came whole.
      this.pendingError = { type: 'error', message: error.message, code: 'sse-limit' };
      return error.items;
    }
  }

  /** The item as a marker of this response, if it is one. */
  private markerOf(item: SseItem, learn = true): BffMarker | undefined {
    if (this.nonce === undefined && !learn) return undefined;
    if (this.nonce === undefined) this.nonce = (item.kind === 'comment' ? openMarkerNonce(item.text) : undefined) ?? null;
    if (item.kind !== 'comment' || this.nonce === null) return undefined;
    return parseBffMarker(item.text, this.nonce);
  }

  /**
   * The output's tokens so far, estimated from its text (CHARS_PER_TOKEN): unlike the
   * events counted, comparable across upstreams that send a token an event (OpenAI) and
   * those that send a sentence (Gemini).
   */
  get outputTokens(): number {
    return Math.round(this.outputChars / CHARS_PER_TOKEN);
  }

  snapshot(): AssembledMessage {
    return this.assembler.snapshot();
  }

  private consume(items: SseItem[], at: number): { items: SseItem[]; events: StreamEvent[] } {
    const events: StreamEvent[] = [];
    for (const item of items) {
      const first = events.length;
      const marker = this.markerOf(item);
      if (marker?.kind === 'upstream' && marker.exchange.inputTokensEstimate !== undefined)
        this.assembler.estimateInput(marker.exchange.inputTokensEstimate);
      if (marker?.kind === 'end') {
        this.bffEnd = marker.end;
        // A failure only the BFF could see (stall, lost connection, a bound) ends the message as an error; a reply cut at its size bound, as truncated.
        if (marker.end.reason === 'reply-too-large')
          events.push({ type: 'cut', message: marker.end.message, code: marker.end.reason });
        else if (marker.end.reason === 'stopped') events.push({ type: 'stopped', message: marker.end.message });
        else if (marker.end.reason !== 'upstream-eof')
          events.push({ type: 'error', message: marker.end.message, code: marker.end.reason });
      } else if (!marker) {
        events.push(...this.decoder.decode(item));
      }
      const parts: number[] = [];
      for (let i = first; i < events.length; i++) {
        const event = events[i]!;
        if (TOKEN_EVENTS.has(event.type)) {
          this.tokenEvents++;
          this.outputChars += eventText(event).length;
          this.firstTokenAt ??= at;
          this.lastTokenAt = at;
        }
        if (this.firstAnswerAt === undefined && ANSWER_EVENTS.has(event.type)) this.firstAnswerAt = at;
        const part = this.assembler.push(event, item.seq);
        if (part !== undefined && !parts.includes(part)) parts.push(part);
      }
      this.observe?.(item, first === events.length ? [] : events.slice(first), parts, marker);
    }
    if (this.pendingError) {
      this.assembler.push(this.pendingError);
      this.pendingError = undefined;
    }
    return { items, events };
  }
}
