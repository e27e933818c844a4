import 'server-only';
import type { AssembledMessage } from '@/lib/assemble/message';
import { redact } from '@/lib/server/platform/redact';

/** What the log line names besides the reply's own status and reason. */
export interface ReplyLogContext {
  messageId: string;
  provider: string;
  model: string;
  /** Values to redact from the reason (the provider's key and secret headers). */
  secrets?: string[];
}

/** A reason short enough to read on one line. */
const MAX_REASON = 300;

/** Why a reply that did not complete ended, as its stored message says it. */
function reasonOf(reply: Pick<AssembledMessage, 'status' | 'error'>): string {
  if (reply.error?.message) return reply.error.message;
  if (reply.status === 'stopped') return 'Stopped.';
  if (reply.status === 'truncated') return 'The stream ended before the reply did (no finish reason, no terminal event).';
  return 'No reason given.';
}

/**
 * One line in the server's log for each reply that did not complete (error, stopped,
 * truncated), so whoever runs Sluice sees failures without opening the page:
 * `sluice: reply error provider=… model=… message=… reason="…"`. The reason is redacted
 * (an upstream's error can quote the key) and kept to one line. Writing it never
 * throws: a log that cannot be written must not fail the reply it reports.
 */
export function logReplyEnd(reply: Pick<AssembledMessage, 'status' | 'error'>, context: ReplyLogContext): void {
  if (reply.status === 'complete' || reply.status === 'streaming') return;
  try {
    const reason = redact(reasonOf(reply), context.secrets ?? [])
      .replace(/\s+/g, ' ')
      .slice(0, MAX_REASON);
    console.warn(
      `sluice: reply ${reply.status} provider=${context.provider} model=${JSON.stringify(context.model)} ` +
        `message=${context.messageId} reason=${JSON.stringify(reason)}`,
    );
  } catch {
    // Nothing to do: the reply is stored whether or not its log line was written.
  }
}
