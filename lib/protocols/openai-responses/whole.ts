import type { StreamEvent } from '../events';
import { asArray, isObject, str } from '../json';
import { decodeWhole, type WholeEvent } from '../whole';
import { createOpenAiResponsesDecoder } from './decode';

const typed = (data: { type: string } & Record<string, unknown>): WholeEvent => ({ data, event: data.type });

/** The event that ends a response's stream, by its status; none for one not over (a background response still queued). */
const TERMINAL: Record<string, string> = {
  completed: 'response.completed',
  incomplete: 'response.incomplete',
  failed: 'response.failed',
};

/** One output item as the events that carry it: a message's text, refusal and annotations, reasoning, a call, another item whole. */
function itemEvents(item: Record<string, unknown>, output_index: number): WholeEvent[] {
  const item_id = str(item.id) ?? String(output_index);
  const events: WholeEvent[] = [];
  switch (item.type) {
    case 'message':
      for (const part of asArray(item.content).filter(isObject)) {
        const refusal = part.type === 'refusal' ? str(part.refusal) : undefined;
        if (refusal) events.push(typed({ type: 'response.refusal.delta', item_id, delta: refusal }));
        if (part.type !== 'output_text') continue;
        const text = str(part.text);
        if (text) events.push(typed({ type: 'response.output_text.delta', item_id, delta: text }));
        for (const annotation of asArray(part.annotations))
          events.push(typed({ type: 'response.output_text.annotation.added', item_id, annotation }));
      }
      return events;
    case 'reasoning':
      asArray(item.summary)
        .filter(isObject)
        .forEach((part, summary_index) => {
          events.push(typed({ type: 'response.reasoning_summary_part.added', item_id, summary_index }));
          const text = str(part.text);
          if (text) events.push(typed({ type: 'response.reasoning_summary_text.delta', item_id, summary_index, delta: text }));
        });
      for (const part of asArray(item.content).filter(isObject)) {
        const text = str(part.text);
        if (part.type === 'reasoning_text' && text)
          events.push(typed({ type: 'response.reasoning_text.delta', item_id, delta: text }));
      }
      return events;
    case 'function_call':
      return [
        typed({ type: 'response.output_item.added', output_index, item }),
        typed({ type: 'response.function_call_arguments.done', output_index, item_id, arguments: str(item.arguments) }),
      ];
    case 'custom_tool_call':
      return [
        typed({ type: 'response.output_item.added', output_index, item }),
        typed({ type: 'response.custom_tool_call_input.done', output_index, item_id, input: str(item.input) }),
      ];
    default:
      return [typed({ type: 'response.output_item.done', output_index, item })];
  }
}

/**
 * A `response` as its stream would have said it: `response.created`, each output item's
 * deltas (or the item whole, as `response.output_item.done` gives a server tool's), then
 * the event its status ends a stream with (a body without one is taken as completed).
 */
export function decodeResponsesWhole(body: unknown): StreamEvent[] {
  if (!isObject(body)) return [];
  const events: WholeEvent[] = [typed({ type: 'response.created', response: body })];
  asArray(body.output).forEach((item, index) => {
    if (isObject(item)) events.push(...itemEvents(item, index));
  });
  const terminal = TERMINAL[str(body.status) ?? 'completed'];
  if (terminal) events.push(typed({ type: terminal, response: body }));
  return decodeWhole(createOpenAiResponsesDecoder(), events);
}
