import 'server-only';
import type { CaptureStatus, CaptureSummary } from '@/lib/api/captures';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { Json } from '@/lib/protocols/json';
import { protocolModule } from '@/lib/protocols/registry';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { PackedEvents } from '@/lib/server/database/packed-events';
import {
  ATTR,
  callEnded,
  captureStored,
  incomingParent,
  inputMessages,
  outputMessages,
  SLUICE,
  telemetry,
} from '@/lib/server/platform/telemetry';
import { captureSpanId, requestEnded, runParent } from './runs/run-trace';
import type { RunPlacement } from './runs/assign-run';
import type { ProxyTarget } from './target';

/** One exchange through the proxy as its capture ended: what its span and metrics read. */
export interface EndedExchange {
  captureId: string;
  target: ProxyTarget;
  protocol?: ProtocolId;
  method: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  httpStatus?: number;
  sse: boolean;
  /** Epoch ms of the request's arrival: every time below counts from it. */
  startedAt: number;
  summary: CaptureSummary;
  reply?: AssembledMessage;
  events?: PackedEvents;
  run?: Pick<RunPlacement, 'runId' | 'lane'>;
  /** The request's body as the capture keeps it (secrets redacted): its prompt, for SLUICE_OTEL_CONTENT. */
  requestBody: string;
}

/** How an exchange ended, as `error.type`: the upstream's HTTP status, the stream's own error, or how the proxy saw it end. */
function errorTypeOf(
  status: CaptureStatus,
  httpStatus: number | undefined,
  reply: AssembledMessage | undefined,
): string | undefined {
  if (status === 'upstream-error') return httpStatus ? String(httpStatus) : status;
  if (status !== 'complete') return status;
  if (reply?.status === 'error') return reply.error?.code ?? 'upstream-error';
  return undefined;
}

function eventTimes(events: PackedEvents | undefined): number[] | undefined {
  if (!events) return undefined;
  const times: number[] = [];
  for (let i = 1; i < events.spans.length; i += 2) times.push(events.spans[i]!);
  return times;
}

/** Its prompt, normalized from the request body the capture kept, in the conventions' JSON. */
function prompt(protocol: ProtocolId | undefined, body: string): string | undefined {
  if (!protocol) return undefined;
  try {
    return inputMessages(protocolModule(protocol).readRequest(JSON.parse(body) as Json).messages);
  } catch {
    return undefined;
  }
}

/**
 * A capture was written: its span (inside the app's trace when the request carried a
 * `traceparent`, else in its run's trace, under the run's root or its lane's span; the
 * run then linked) and its metrics.
 */
export function exchangeEnded(exchange: EndedExchange): void {
  const { summary, reply, run, target } = exchange;
  captureStored(summary.status);
  if (!telemetry()) return;
  const end = summary.timings.end ?? 0;
  if (run) requestEnded(run, exchange.startedAt + end, summary.usage);
  const fromApp = incomingParent(exchange.requestHeaders.traceparent, exchange.requestHeaders.tracestate);
  const inRun = run && runParent(run);
  const errorType = errorTypeOf(summary.status, exchange.httpStatus, reply);
  callEnded(
    {
      source: 'proxy',
      protocol: exchange.protocol,
      providerId: target.provider.id,
      url: target.url,
      requestModel: summary.model,
      responseModel: reply?.model,
      responseId: reply?.id,
      finishReasons: reply?.rawFinishReason ? [reply.rawFinishReason] : reply?.finishReason ? [reply.finishReason] : undefined,
      usage: summary.usage,
      usageEstimated: summary.usageEstimated,
      costUsd: summary.cost?.usd,
      status: summary.status,
      errorType,
      errorMessage: summary.error,
      streamed: exchange.sse,
      startedAt: exchange.startedAt,
      firstByte: summary.timings.firstByte,
      firstToken: summary.timings.firstToken,
      firstAnswer: summary.timings.firstAnswer,
      lastToken: summary.timings.lastToken,
      end,
      eventTimes: eventTimes(exchange.events),
    },
    {
      parent: fromApp ?? inRun,
      links: fromApp && inRun ? [{ context: inRun }] : undefined,
      spanId: captureSpanId(exchange.captureId),
      ...(exchange.protocol ? {} : { name: exchange.method }),
      attributes: {
        [SLUICE.captureId]: exchange.captureId,
        [ATTR.httpMethod]: exchange.method,
        [ATTR.urlPath]: target.path.split('?')[0]!,
        ...(exchange.httpStatus !== undefined ? { [ATTR.httpStatus]: exchange.httpStatus } : {}),
        ...(run ? { [SLUICE.runId]: run.runId, [SLUICE.runLane]: run.lane, [ATTR.conversationId]: run.runId } : {}),
      },
      content: () => ({
        input: prompt(exchange.protocol, exchange.requestBody),
        output: reply ? outputMessages(reply) : undefined,
      }),
    },
  );
}
