import type { ItemObserver } from '@/lib/assemble/stream-reader';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';
import { toEntry, type LogEntry } from './entry';
import { markerNote } from './marker-note';

/**
 * Every SSE item of one reply, in arrival order, as log rows. Appends are cheap and
 * silent: readers poll `version` once per frame instead of being told per event.
 */
export class EventLog {
  readonly entries: LogEntry[] = [];
  /** What was sent upstream and how it answered (the BFF's `: sluice upstream`). */
  exchange: UpstreamExchange | undefined;
  /** Set when the stream is over. */
  ended = false;
  /** The stored log was cut at the server's size limit. */
  truncated = false;
  /**
   * Whether its times were recorded: false for a capture that held only the bytes (a
   * `.sse` file, a paste), whose every time reads 0 and means nothing.
   */
  timed = true;
  /** Bumped on every change. */
  version = 0;
  private lastAt = 0;
  private terminalSeen = false;

  constructor(
    readonly protocol: ProtocolId,
    /** Where it came from, for imported streams (a file name), else undefined. */
    readonly source?: string,
  ) {}

  /** Feed to a StreamReader as its observer. */
  readonly record: ItemObserver = (item, events, parts, marker) => {
    if (marker?.kind === 'upstream') this.exchange ??= marker.exchange;
    const entry = toEntry(item, events, parts, this.lastAt, marker);
    if (marker) entry.note = markerNote(marker, this.terminalSeen);
    this.terminalSeen ||= entry.terminal;
    this.entries.push(entry);
    this.lastAt = item.at;
    this.version++;
  };

  end(): void {
    this.ended = true;
    this.version++;
  }

  /** Whether the protocol's terminal event came. */
  get sawTerminal(): boolean {
    return this.terminalSeen;
  }

  /** Names of the events seen, for the filter. */
  names(): string[] {
    return [...new Set(this.entries.map((e) => e.name))].sort();
  }
}

export function matches(entry: LogEntry, filter: { name?: string; text?: string; showPings: boolean }): boolean {
  if (!filter.showPings && entry.ping) return false;
  if (filter.name && entry.name !== filter.name) return false;
  if (filter.text && !entry.raw.toLowerCase().includes(filter.text.toLowerCase())) return false;
  return true;
}
