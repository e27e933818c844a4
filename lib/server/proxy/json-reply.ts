import 'server-only';
import { assembleWhole } from '@/lib/assemble/assemble-whole';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';

/**
 * A non-streaming answer of a known protocol as a reply, read as its stream would be
 * (`assembleWhole`: the protocol's own decoder), so that a capture of the one and of the
 * other agree: text, thinking, refusal, every part and tool call, the finish reason and
 * usage. Undefined for a body that is not that protocol's JSON.
 */
export function jsonReply(protocol: ProtocolId, text: string): AssembledMessage | undefined {
  return assembleWhole(protocol, text);
}
