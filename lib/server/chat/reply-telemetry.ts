import 'server-only';
import type { PackedEvents } from '@/lib/server/database/packed-events';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ChatMessage } from '@/lib/protocols/conversation';
import { redact } from '@/lib/server/platform/redact';
import {
  ATTR,
  callEnded,
  incomingParent,
  inputMessages,
  outputMessages,
  SLUICE,
  telemetry,
} from '@/lib/server/platform/telemetry';
import type { StoredReply } from '@/lib/server/store/types';
import type { ResolvedTurn } from './resolve-turn';

/** What a reply's span needs that its stored form lacks: where it went, what asked for it, who traced it. */
export interface ReplyTrace {
  replyId: string;
  url: string;
  messages: ChatMessage[];
  traceparent: string | null;
  tracestate: string | null;
}

/** Each event's time in a packed log (`length, at, length, at, …`): the stream's rhythm, without inflating its text. */
function eventTimes(events: PackedEvents | undefined): number[] | undefined {
  if (!events) return undefined;
  const times: number[] = [];
  for (let i = 1; i < events.spans.length; i += 2) times.push(events.spans[i]!);
  return times;
}

/** The error a reply ended with, as `error.type`: the upstream's HTTP status, else Sluice's code for it. */
function errorTypeOf(reply: StoredReply): string | undefined {
  if (reply.status !== 'error' && reply.status !== 'truncated') return undefined;
  const error = reply.error;
  if (error?.upstreamStatus) return String(error.upstreamStatus);
  return error?.code ?? error?.type ?? (reply.status === 'truncated' ? 'truncated' : '_OTHER');
}

/**
 * A reply has been stored: its span (`chat {model}`, inside the caller's trace when its
 * POST carried a `traceparent`) and the GenAI metrics, from the stored reply and its
 * log's times. A blind pane's span names no conversation or message: its seat stays
 * hidden from whoever reads the traces beside the race.
 */
export function replyEnded(
  resolved: ResolvedTurn,
  trace: ReplyTrace,
  { message, reply, events }: { message: AssembledMessage; reply: StoredReply; events?: PackedEvents },
): void {
  if (!telemetry()) return;
  const { provider, model, conversationId, blind } = resolved;
  const { timings, usage } = reply;
  const ended = reply.status === 'complete';
  callEnded(
    {
      source: 'chat',
      protocol: provider.protocol,
      providerId: provider.id,
      url: trace.url,
      requestModel: model,
      responseModel: message.model,
      responseId: message.id,
      finishReasons: reply.rawFinishReason ? [reply.rawFinishReason] : reply.finishReason ? [reply.finishReason] : undefined,
      usage,
      // The stored usage is the upstream's; a reply that did not reach its end may lack it, or carry a count so far.
      usageEstimated: !ended,
      costUsd: reply.cost?.usd,
      status: reply.status,
      errorType: errorTypeOf(reply),
      errorMessage: reply.error?.message && redact(reply.error.message, provider.secrets),
      streamed: true,
      startedAt: timings.requestStart,
      firstByte: timings.firstByte,
      firstToken: timings.firstToken,
      firstAnswer: timings.firstAnswer,
      lastToken: timings.lastToken,
      end: timings.end ?? 0,
      eventTimes: eventTimes(events),
    },
    {
      parent: incomingParent(trace.traceparent, trace.tracestate),
      attributes: blind ? { [SLUICE.blind]: true } : { [ATTR.conversationId]: conversationId, [SLUICE.messageId]: trace.replyId },
      content: () => ({
        input: redact(inputMessages(trace.messages), provider.secrets),
        output: redact(outputMessages(message), provider.secrets),
      }),
    },
  );
}
