import { createDecoder } from '@/lib/protocols/registry';
import type { ProtocolId } from '@/lib/protocols/ids';
import { parseSse } from '@/lib/sse/parser';
import { assemble } from './assemble';
import type { AssembledMessage } from './message';

/** A whole recorded stream (bytes or text) to its assembled message. */
export function assembleRecording(protocol: ProtocolId, input: Uint8Array | string): AssembledMessage {
  const decoder = createDecoder(protocol);
  return assemble([...parseSse(input).flatMap((item) => decoder.decode(item)), ...(decoder.end?.() ?? [])]);
}
