import type { StreamEvent } from '../events';
import { asArray, isObject } from '../json';
import { decodeWhole, type WholeEvent } from '../whole';
import { createAnthropicDecoder } from './decode';

const typed = (data: { type: string } & Record<string, unknown>): WholeEvent => ({ data, event: data.type });

/**
 * A `message` as its stream would have said it: `message_start` (its id, model and
 * usage), each content block started whole and stopped (a text block's citations as
 * their deltas), `message_delta` with the stop reason, `message_stop`.
 */
export function decodeAnthropicWhole(body: unknown): StreamEvent[] {
  if (!isObject(body)) return [];
  const { content, stop_reason, stop_sequence, ...message } = body;
  const events: WholeEvent[] = [typed({ type: 'message_start', message: { ...message, content: [], stop_reason: null } })];
  asArray(content).forEach((block, index) => {
    if (!isObject(block)) return;
    events.push(typed({ type: 'content_block_start', index, content_block: block }));
    if (block.type === 'text')
      for (const citation of asArray(block.citations))
        events.push(typed({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } }));
    events.push(typed({ type: 'content_block_stop', index }));
  });
  events.push(typed({ type: 'message_delta', delta: { stop_reason, stop_sequence } }), typed({ type: 'message_stop' }));
  return decodeWhole(createAnthropicDecoder(), events);
}
