import type { ProtocolId } from '@/lib/protocols/ids';
import { protocolModule } from '@/lib/protocols/registry';
import { assemble } from './assemble';
import type { AssembledMessage } from './message';

/**
 * A non-streamed answer (its body's text) to its assembled message, read by its
 * protocol's stream decoder as the stream it stands for: the same parts, tool calls,
 * thinking, refusal, finish reason and usage its stream would give. Undefined for a
 * body that is not JSON of that protocol's shape.
 */
export function assembleWhole(protocol: ProtocolId, text: string): AssembledMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const events = protocolModule(protocol).decodeWhole(body);
  return events.length ? assemble(events) : undefined;
}
