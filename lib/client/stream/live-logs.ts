import { EventLog } from '@/lib/event-log/event-log';
import type { ProtocolId } from '@/lib/protocols/ids';

/**
 * Logs of replies streamed or imported in this page, by reply id. Kept with the stream
 * that records into them, so the stream needs nothing of the event log's panel, which
 * reads them (lib/client/event-log/event-logs.ts).
 */
const live = new Map<string, EventLog>();

export function createLog(replyId: string, protocol: ProtocolId, source?: string, timed = true): EventLog {
  const log = new EventLog(protocol, source);
  log.timed = timed;
  live.set(replyId, log);
  return log;
}

export function liveLog(replyId: string): EventLog | undefined {
  return live.get(replyId);
}

/** Forgets a reply's live log: its stored one is read next (a blind pane's, once the vote reveals its real stream). */
export function forgetLiveLog(replyId: string): void {
  live.delete(replyId);
}
