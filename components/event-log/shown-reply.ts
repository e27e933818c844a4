import type { PublicProvider } from '@/lib/api/providers';
import { formatWhen } from '@/lib/client/format-when';
import type { UiMessage } from '@/lib/client/thread/ui-message';

type Reply = Extract<UiMessage, { role: 'assistant' }>;

/** What the log panel needs of the reply it shows: picked out once, so the panel renders only when these change. */
export interface ShownReply {
  id: string;
  model: string;
  provider: string;
  imported?: string;
  streaming: boolean;
  /** Epoch ms its request reached the server (known once stored). */
  requestStart?: number;
}

export const shownReply = (m: Reply): ShownReply => ({
  id: m.id,
  model: m.model,
  provider: m.provider,
  imported: m.imported,
  streaming: m.reply.status === 'streaming',
  requestStart: m.figures.requestStart,
});

/**
 * Which reply the log is of, in a line: "sim-thinking · Simulator · Gemini · 14:32:05",
 * or "Imported: capture.sse". `latest`: it is the newest reply, not one picked.
 */
export function describeReply(reply: ShownReply, providers: PublicProvider[], latest: boolean): string {
  if (reply.imported) return `Imported: ${reply.imported}`;
  const provider = providers.find((p) => p.id === reply.provider)?.name ?? reply.provider;
  const when = reply.streaming ? 'streaming now' : reply.requestStart !== undefined ? formatWhen(reply.requestStart) : 'just now';
  return `${latest ? 'Newest reply' : 'Reply'}: ${[reply.model, provider, when].filter(Boolean).join(' · ')}`;
}
