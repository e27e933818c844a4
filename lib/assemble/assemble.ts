import type { StreamEvent } from '@/lib/protocols/events';
import {
  emptyMessage,
  MAX_WARNING_ITEMS,
  type AssembledMessage,
  type AssistantPart,
  type ReplyWarning,
  type ToolCall,
} from './message';

/** How the stream ended, from the reader's side. */
export type StreamOutcome = 'ended' | 'stopped';

/**
 * Normalized events in, the assistant message out. The server stores what this
 * builds and the browser renders from it, so both always agree.
 */
export class MessageAssembler {
  private readonly message: AssembledMessage = emptyMessage();
  private readonly calls = new Map<string, ToolCall>();
  /** Which part holds each tool call, by the decoder's key. */
  private readonly callParts = new Map<string, number>();
  private ended = false;
  private cut: { message: string; code: string } | undefined;
  private stopped: { message: string; code: string } | undefined;

  /** What each kind of warning met first (a parse error, or the unknown types' names), for its message. */
  private readonly warned = new Map<ReplyWarning['kind'], string[]>();

  /**
   * Adds an event; returns the index of the part it wrote to, if it wrote to one (the
   * event log links rows to parts). `item`: the seq of the SSE item it came from, the
   * event log row a warning about it points to.
   */
  push(event: StreamEvent, item?: number): number | undefined {
    this.apply(event);
    if (event.type === 'malformed') this.warn('malformed', event.message, item);
    else if (event.type === 'unknown') this.warn('unknown', event.name, item);
    return this.partTouched(event);
  }

  /** Adds an event to its kind's warning, as a new warning object: the page sees a change by identity. */
  private warn(kind: ReplyWarning['kind'], detail: string, item: number | undefined): void {
    const m = this.message;
    const before = m.warnings?.find((w) => w.kind === kind);
    const details = this.warned.get(kind) ?? [];
    if (details.length < 3 && !details.includes(detail)) this.warned.set(kind, [...details, detail]);
    const items = before?.items ?? [];
    const count = (before?.count ?? 0) + 1;
    const warning: ReplyWarning = {
      kind,
      count,
      items: item === undefined || items.length >= MAX_WARNING_ITEMS ? items : [...items, item],
      message: warningMessage(kind, count, this.warned.get(kind)!),
    };
    m.warnings = before ? m.warnings!.map((w) => (w === before ? warning : w)) : [...(m.warnings ?? []), warning];
  }

  private partTouched(event: StreamEvent): number | undefined {
    switch (event.type) {
      case 'text-delta':
      case 'tool-call-start':
        return event.choice ? undefined : this.message.parts.length - 1;
      case 'thinking-delta':
      case 'thinking-signature':
      case 'thinking-redacted':
      case 'tool-result':
        return this.message.parts.length - 1;
      case 'tool-call-delta':
      case 'tool-call-end':
        return this.callParts.get(event.key);
      default:
        return undefined;
    }
  }

  private apply(event: StreamEvent): void {
    const m = this.message;
    switch (event.type) {
      case 'message-start':
        m.id ??= event.id;
        m.model ??= event.model;
        break;
      case 'text-delta':
        if (event.choice) {
          m.otherChoices ??= {};
          m.otherChoices[event.choice] = (m.otherChoices[event.choice] ?? '') + event.text;
          break;
        }
        m.text += event.text;
        this.appendPart('text', event.text);
        break;
      case 'refusal-delta':
        m.refusal = (m.refusal ?? '') + event.text;
        break;
      case 'thinking-delta':
        m.thinking += event.text;
        this.appendPart('thinking', event.text);
        break;
      case 'thinking-signature': {
        const last = m.parts.at(-1);
        if (last?.type === 'thinking') last.signature = (last.signature ?? '') + event.signature;
        else m.parts.push({ type: 'thinking', text: '', signature: event.signature });
        break;
      }
      case 'thinking-redacted':
        m.parts.push({ type: 'thinking', text: '', redacted: event.data });
        break;
      case 'tool-call-start': {
        if (event.choice) break;
        const call: ToolCall = { id: event.id, name: event.name, argsText: '', ...(event.server ? { server: true } : {}) };
        this.calls.set(event.key, call);
        m.toolCalls.push(call);
        m.parts.push({ type: 'tool-call', call });
        this.callParts.set(event.key, m.parts.length - 1);
        break;
      }
      case 'tool-call-delta': {
        const call = this.calls.get(event.key);
        if (call) call.argsText += event.delta;
        break;
      }
      case 'tool-call-end': {
        const call = this.calls.get(event.key);
        if (call && event.args !== undefined) call.argsText = event.args;
        if (call) parseArgs(call);
        break;
      }
      case 'tool-result':
        m.parts.push({ type: 'tool-result', id: event.id, name: event.name, content: event.content });
        break;
      case 'annotation':
        m.annotations.push(event.value);
        break;
      case 'usage':
        m.usage = { ...m.usage, ...event.usage };
        break;
      case 'finish':
        if (event.choice) break;
        m.finishReason = event.reason;
        m.rawFinishReason = event.raw;
        break;
      case 'error':
        // The first error is the cause; later ones (response.failed after error) repeat it.
        m.error ??= { message: event.message, ...(event.code ? { code: event.code } : {}) };
        break;
      case 'end':
        this.ended = true;
        break;
      case 'cut':
        this.cut ??= { message: event.message, code: event.code };
        break;
      case 'stopped':
        this.stopped ??= { message: event.message, code: 'stopped' };
        break;
      case 'unknown':
        m.unknownEvents++;
        break;
      case 'malformed':
        m.malformedEvents++;
        break;
      case 'keep-alive':
        break;
    }
  }

  /** The request's input tokens, estimated by the BFF (see AssembledMessage.inputTokensEstimate). */
  estimateInput(tokens: number): void {
    // A marker read from a capture is not trusted to be a count.
    if (Number.isSafeInteger(tokens) && tokens >= 0) this.message.inputTokensEstimate ??= tokens;
  }

  /** The message so far, still streaming. */
  snapshot(): AssembledMessage {
    return this.message;
  }

  /**
   * Closes the message: an error wins, then a user's stop, then a cut (truncated, with
   * its reason). A clean end is complete when the protocol's terminal event came, or
   * after a finish reason (many gateways never send [DONE]: the event log still says no
   * terminator came); without either, truncated.
   */
  finish(outcome: StreamOutcome = 'ended'): AssembledMessage {
    const m = this.message;
    for (const call of m.toolCalls) if (call.args === undefined && call.argsError === undefined) parseArgs(call);
    m.status = m.error
      ? 'error'
      : outcome === 'stopped' || this.stopped
        ? 'stopped'
        : this.cut
          ? 'truncated'
          : this.ended || m.finishReason !== undefined
            ? 'complete'
            : 'truncated';
    if (m.status === 'truncated' && this.cut) m.error = this.cut;
    // Why it stopped, when someone other than this reader stopped it.
    if (m.status === 'stopped' && this.stopped?.message) m.error = this.stopped;
    return m;
  }

  private appendPart(type: 'text' | 'thinking', text: string): void {
    const last = this.message.parts.at(-1);
    if (last?.type === type && !(last.type === 'thinking' && (last.signature || last.redacted))) last.text += text;
    else this.message.parts.push({ type, text } as AssistantPart);
  }
}

/** A warning in words: how many events, what was wrong with the first ones, and what it may cost the reply. */
function warningMessage(kind: ReplyWarning['kind'], count: number, details: string[]): string {
  const one = count === 1;
  const which = `${count > details.length ? 'such as: ' : ''}${details.join(kind === 'malformed' ? '; ' : ', ')}`;
  const events = one ? 'An event' : `${count} events`;
  return kind === 'malformed'
    ? `${events} in this reply’s stream did not parse (${which}): what ${one ? 'it' : 'they'} carried is missing from the reply.`
    : `${events} in this reply’s stream ${one ? 'is of a type' : 'are of types'} its decoder does not know (${which}), passed over.`;
}

function parseArgs(call: ToolCall): void {
  if (call.argsText.trim() === '') {
    call.args = {};
    return;
  }
  try {
    call.args = JSON.parse(call.argsText);
    delete call.argsError;
  } catch (error) {
    call.argsError = (error as Error).message;
  }
}

/** Assembles a whole list of events at once. */
export function assemble(events: Iterable<StreamEvent>, outcome: StreamOutcome = 'ended'): AssembledMessage {
  const assembler = new MessageAssembler();
  for (const event of events) assembler.push(event);
  return assembler.finish(outcome);
}
