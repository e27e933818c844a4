import type { AssembledMessage } from '@/lib/assemble/message';
import { StreamReader } from '@/lib/assemble/stream-reader';
import type { EventLog } from './event-log';

/** Reads a whole recorded stream (timed pieces of raw text) into `log` at once; the reply it assembles to. */
export function readIntoLog(log: EventLog, chunks: { at: number; raw: string }[]): AssembledMessage {
  const reader = new StreamReader(log.protocol, log.record);
  for (const chunk of chunks) reader.push(chunk.raw, chunk.at);
  const message = reader.finish('ended', chunks.at(-1)?.at ?? 0);
  log.end();
  return message;
}
