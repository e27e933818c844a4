import type { ProtocolId } from './ids';
import { parseData } from './json';
import { protocolModule } from './registry';
import type { NormalizedRequest } from './request-types';

/**
 * A request body's text (a capture's) read back as the normalized conversation by its
 * protocol's reader; undefined when it is not a JSON object or names no message (a body
 * cut at the capture's bound does not parse).
 */
export function readRequestText(protocol: ProtocolId, text: string): NormalizedRequest | undefined {
  const parsed = parseData(text);
  if (!parsed.ok) return undefined;
  const body = parsed.value;
  const read = protocolModule(protocol).readRequest(body);
  return read.messages.length > 0 ? read : undefined;
}
