import type { ProtocolId } from '@/lib/protocols/ids';
import type { EventShape } from '@/lib/protocols/module-types';
import { protocolsByDetection } from '@/lib/protocols/registry';

function shapeOf(name: string | undefined, data: string): EventShape {
  let json: Record<string, unknown> | undefined;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && !Array.isArray(value)) json = value as Record<string, unknown>;
  } catch {
    // not JSON: [DONE] and the like
  }
  return { name, data, json, type: typeof json?.type === 'string' ? json.type : undefined };
}

/** One event's vote: the first protocol, in detection order, whose module says the event looks like its own. */
function vote(name: string | undefined, data: string): ProtocolId | undefined {
  const shape = shapeOf(name, data);
  return protocolsByDetection.find(([, module]) => module.detect(shape))?.[0];
}

/** Which wire format a recorded stream speaks, by a majority of its events; undefined when none says. */
export function detectProtocol(events: { event?: string; data: string }[]): ProtocolId | undefined {
  const counts = new Map<ProtocolId, number>();
  for (const e of events) {
    const v = vote(e.event, e.data);
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
