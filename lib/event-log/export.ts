import type { EventLog } from './event-log';

/** The stream's exact text, as it came over the wire: what `curl -N` would have saved. */
export function toSse(log: EventLog): string {
  return log.entries.map((e) => e.raw).join('');
}

/**
 * One JSON object per line: timing, what each item was, and its raw text (so an import
 * rebuilds the same bytes); then, when given, the reply's figures and cost
 * (`"kind": "reply"`), which an import skips.
 */
export function toJsonl(log: EventLog, summary?: object): string {
  const lines = log.entries
    .map((e) =>
      JSON.stringify({
        seq: e.seq,
        at: e.at,
        gap: e.gap,
        kind: e.kind,
        event: e.name,
        ...(e.id !== undefined ? { id: e.id } : {}),
        bytes: e.size,
        data: e.data,
        raw: e.raw,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
  return summary ? `${lines}${JSON.stringify(summary)}\n` : lines;
}
