import { fileSafe, fileStamp, uuidv7Time } from '@/lib/api/file-names';
import type { EventLog } from '@/lib/event-log/event-log';
import { storedReplyId, type UiMessage } from '../thread/ui-message';

type Reply = Extract<UiMessage, { role: 'assistant' }>;

/**
 * A reply's log exports' name, without its extension: "sluice-sim-markdown-2026-11-28T05-08-19Z",
 * its model and when its request reached the server (its stored times, else its server
 * id, a UUIDv7, says), never when it was exported. An imported stream is named by its
 * file; one with no time known by its protocol alone.
 */
export function replyExportName(log: EventLog, reply: Reply | undefined): string {
  const imported = reply ? reply.imported : log.source;
  if (imported) return `sluice-${fileSafe(imported.replace(/\.[^.]+$/, ''))}`;
  const serverId = reply ? storedReplyId(reply) : undefined;
  const at = reply?.figures.requestStart ?? (serverId ? uuidv7Time(serverId) : undefined);
  const stamp = at !== undefined ? fileStamp(at) : undefined;
  return ['sluice', reply ? fileSafe(reply.model) : log.protocol, stamp].filter(Boolean).join('-');
}
