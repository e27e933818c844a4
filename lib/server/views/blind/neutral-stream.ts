import 'server-only';
import { BLIND_PROTOCOL } from '@/lib/api/blind';
import type { FinishReason, StreamEvent, Usage } from '@/lib/protocols/events';
import type { ProtocolId } from '@/lib/protocols/ids';
import { createDecoder } from '@/lib/protocols/registry';
import { bffMarkers, openMarkerNonce, parseBffMarker, type BffMarker } from '@/lib/sse/bff-marker';
import type { SseLimits } from '@/lib/sse/limits';
import { SseParser } from '@/lib/sse/parser';
import type { SseItem } from '@/lib/sse/types';
import { scrubNames } from './scrub-names';

/** The upstream's finish reason as the neutral format says it: the page reads `finishReason` and this `raw` alike for every pane. */
export const NEUTRAL_FINISH: Record<FinishReason, string> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
  error: 'error',
  other: 'other',
};

export interface NeutralOptions {
  /** The upstream's wire format: what its bytes are decoded as. */
  protocol: ProtocolId;
  /** The pane's label ("A"): the model every neutral chunk names. */
  label: string;
  /** The markers' nonce; without it, learned from the stream's open marker (a stored log). */
  markerNonce?: string;
  /** Names replaced by the label in the few texts passed on that the upstream or the relay wrote (error messages). */
  hide: readonly string[];
  limits?: SseLimits;
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/**
 * A blind pane's stream as the page sees it until the vote: the upstream's bytes decoded
 * event by event and written again as Chat Completions chunks (BLIND_PROTOCOL) with the
 * model "A", neutral ids and nothing else of the upstream: not its `model`, its ids
 * (`chatcmpl-…`, `msg_…`), its event names or its shape, which would name the provider
 * (LMArena's leaks; odysseus #1285). Each chunk of the upstream becomes the neutral items
 * its events make, at the same time, so the page's figures (time to first token, speed)
 * are the reply's own. The BFF's markers pass with the same nonce; the upstream marker
 * keeps only what the figures read (input estimate, timing). Thinking signatures,
 * redacted thinking, server-side tool results and annotations are provider-specific and
 * dropped; text, thinking, refusals, tool calls, usage, finish and errors pass.
 */
export class NeutralStream {
  private readonly parser: SseParser;
  private readonly decoder;
  private nonce: string | null | undefined;
  private readonly head: { id: string; object: string; created: number; model: string };
  private started = false;
  /** The upstream's tool-call keys → the neutral call's choice, index and whether any arguments went yet; null: dropped (a server tool). */
  private readonly calls = new Map<string, { choice: number; index: number; args: boolean } | null>();
  private readonly perChoice = new Map<number, number>();

  constructor(private readonly options: NeutralOptions) {
    this.decoder = createDecoder(options.protocol);
    this.nonce = options.markerNonce;
    this.parser = new SseParser(options.limits, (comment) => this.markerOf(comment, false)?.kind === 'upstream-reconnect');
    this.head = { id: `blind-${options.label}`, object: 'chat.completion.chunk', created: 0, model: options.label };
  }

  /** The neutral items (each its exact text) this chunk of the upstream's stream completes. */
  push(chunk: Uint8Array | string, at = 0): string[] {
    // A comment is held by the parser for a blank line that may follow it: a marker goes
    // out with the chunk it came in (the open marker at the upstream's headers), not the next.
    return this.items([...this.parser.feed(chunk, at), ...this.parser.settle(at)]);
  }

  /** The stream is over: what the parser and the decoder still held. */
  end(at = 0): string[] {
    const out = this.items(this.parser.end(at));
    out.push(...this.events(this.decoder.end?.() ?? []));
    return out;
  }

  private markerOf(text: string, learn = true): BffMarker | undefined {
    if (this.nonce === undefined) {
      if (!learn) return undefined;
      this.nonce = openMarkerNonce(text) ?? null;
    }
    return this.nonce === null ? undefined : parseBffMarker(text, this.nonce);
  }

  private items(items: SseItem[]): string[] {
    const out: string[] = [];
    for (const item of items) {
      // As the page's reader does: a marker is the BFF's; anything else is the decoder's to read (Gemini's last event may come as leftover text).
      const marker = item.kind === 'comment' ? this.markerOf(item.text) : undefined;
      if (this.nonce === undefined) this.nonce = null;
      if (marker) out.push(this.marker(marker));
      else out.push(...this.events(this.decoder.decode(item)));
    }
    return out;
  }

  private scrub(text: string): string {
    return scrubNames(text, this.options.hide, this.options.label);
  }

  private marker(marker: BffMarker): string {
    const markers = bffMarkers(this.nonce ?? '');
    switch (marker.kind) {
      case 'open':
        return markers.open;
      case 'keep-alive':
        return markers.keepAlive;
      case 'end':
        return markers.end(
          marker.end.reason === 'upstream-eof' ? marker.end : { ...marker.end, message: this.scrub(marker.end.message) },
        );
      case 'upstream-reconnect':
        return markers.reconnect({ attempt: marker.reconnect.attempt, lastEventId: '' });
      case 'upstream': {
        const { exchange } = marker;
        return markers.upstream({
          request: {
            method: 'POST',
            url: `https://blind.invalid/${this.options.label}`,
            headers: {},
            body: { model: this.options.label },
          },
          response: { status: exchange.response.status, headers: { 'content-type': 'text/event-stream' } },
          ...(exchange.messageId ? { messageId: exchange.messageId } : {}),
          ...(exchange.inputTokensEstimate !== undefined ? { inputTokensEstimate: exchange.inputTokensEstimate } : {}),
          ...(exchange.timing ? { timing: exchange.timing } : {}),
        });
      }
    }
  }

  private chunk(choices: object[], extra: object = {}): string {
    return data({ ...this.head, choices, ...extra });
  }

  private call(key: string): { choice: number; index: number; args: boolean } | null | undefined {
    return this.calls.get(key);
  }

  private events(events: StreamEvent[]): string[] {
    const out: string[] = [];
    const delta = (choice: number | undefined, value: object) =>
      out.push(this.chunk([{ index: choice ?? 0, delta: value, finish_reason: null }]));
    for (const event of events) {
      switch (event.type) {
        case 'message-start':
          if (this.started) break;
          this.started = true;
          delta(0, { role: 'assistant', content: '' });
          break;
        case 'text-delta':
          delta(event.choice, { content: event.text });
          break;
        case 'refusal-delta':
          delta(0, { refusal: event.text });
          break;
        case 'thinking-delta':
          delta(0, { reasoning_content: event.text });
          break;
        case 'tool-call-start': {
          if (event.server) {
            this.calls.set(event.key, null);
            break;
          }
          const choice = event.choice ?? 0;
          const index = this.perChoice.get(choice) ?? 0;
          this.perChoice.set(choice, index + 1);
          this.calls.set(event.key, { choice, index, args: false });
          const id = `call_${this.options.label}${choice ? `${choice}_` : ''}${index}`;
          delta(choice, { tool_calls: [{ index, id, type: 'function', function: { name: event.name, arguments: '' } }] });
          break;
        }
        case 'tool-call-delta': {
          const call = this.call(event.key);
          if (!call || event.delta === '') break;
          call.args = true;
          delta(call.choice, { tool_calls: [{ index: call.index, function: { arguments: event.delta } }] });
          break;
        }
        case 'tool-call-end': {
          // A protocol that gives the arguments whole at the end (and none before): they go as one delta.
          const call = this.call(event.key);
          if (!call || call.args || !event.args) break;
          call.args = true;
          delta(call.choice, { tool_calls: [{ index: call.index, function: { arguments: event.args } }] });
          break;
        }
        case 'usage':
          out.push(this.chunk([], { usage: neutralUsage(event.usage) }));
          break;
        case 'finish':
          out.push(this.chunk([{ index: event.choice ?? 0, delta: {}, finish_reason: NEUTRAL_FINISH[event.reason] }]));
          break;
        case 'error':
          out.push(
            data({
              error: { message: this.scrub(event.message), type: 'error', code: event.code ? this.scrub(event.code) : null },
            }),
          );
          break;
        case 'end':
          out.push('data: [DONE]\n\n');
          break;
        case 'keep-alive':
          out.push(': keep-alive\n\n');
          break;
        case 'malformed':
          // Its text is the upstream's own: a fixed malformed event stands for it.
          out.push('data: {"malformed":\n\n');
          break;
        default:
          // thinking-signature, thinking-redacted, tool-result, annotation, unknown, cut, stopped: see above.
          break;
      }
    }
    return out;
  }
}

/** A usage event as Chat Completions reports usage (what its decoder, `chatUsage`, reads back). */
function neutralUsage(usage: Usage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (usage.inputTokens !== undefined) out.prompt_tokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) out.completion_tokens = usage.outputTokens;
  if (usage.totalTokens !== undefined) out.total_tokens = usage.totalTokens;
  if (usage.cachedInputTokens !== undefined) out.prompt_tokens_details = { cached_tokens: usage.cachedInputTokens };
  if (usage.reasoningTokens !== undefined) out.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return out;
}

/** The protocol the page reads a neutral stream as. */
export const NEUTRAL_PROTOCOL = BLIND_PROTOCOL;
