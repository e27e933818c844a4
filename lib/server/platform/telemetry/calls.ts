import 'server-only';
import { SpanStatusCode, type Attributes, type Link, type SpanContext } from '@opentelemetry/api';
import { stallsOf } from '@/lib/figures/stalls';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { Usage } from '@/lib/protocols/events';
import { labels } from './metrics';
import { ATTR, EVENTS, operationOf, providerNameOf, serverOf, SLUICE } from './semconv';
import { startSpanAt } from './spans';
import { telemetry } from './state';

/** Stalls a span lists as events at most: a stream of nothing but silences must not make its span a list of them. */
const MAX_STALL_EVENTS = 64;

/**
 * One call to a model that has ended, as the chat (a reply) or the proxy (an exchange)
 * kept it: what its span and the GenAI metrics say of it. Times in ms since `startedAt`,
 * on the clock the pages show.
 */
export interface EndedCall {
  source: 'chat' | 'proxy';
  /** The wire format it spoke; none for a proxied request of no known one (a model list). */
  protocol?: ProtocolId;
  providerId: string;
  /** The upstream URL asked (its host names the provider and the server). */
  url: string;
  requestModel?: string;
  responseModel?: string;
  responseId?: string;
  finishReasons?: string[];
  usage?: Usage;
  /** The usage is Sluice's estimate (a reply stopped before the upstream said its own): on the span, never in the metrics. */
  usageEstimated?: boolean;
  costUsd?: number;
  /** How it ended, in Sluice's words (`complete`, `stopped`, `error`, `client-closed` …). */
  status: string;
  /** Set when it ended in an error: its code or HTTP status (a few known values, a metric label). */
  errorType?: string;
  errorMessage?: string;
  streamed: boolean;
  /** Epoch ms. */
  startedAt: number;
  firstByte?: number;
  firstToken?: number;
  firstAnswer?: number;
  lastToken?: number;
  end: number;
  /** When each event of the stream came, in order (its log's times). */
  eventTimes?: ArrayLike<number>;
}

/** Where its span goes and what else it carries. */
export interface CallSpan {
  parent?: SpanContext;
  links?: Link[];
  spanId?: string;
  /** Its name, when not `{operation} {model}`. */
  name?: string;
  attributes?: Attributes;
  /** The prompt and the completion (SLUICE_OTEL_CONTENT), made only when asked for. */
  content?: () => { input?: string; output?: string };
}

/** The parent a request's `traceparent` names, when tracing is on and it is valid. */
export function incomingParent(traceparent: string | string[] | undefined | null, tracestate?: string | string[] | null) {
  const traces = telemetry()?.traces;
  const first = (value: string | string[] | undefined | null) => (Array.isArray(value) ? value[0] : (value ?? undefined));
  return traces?.parentOf(first(traceparent), first(tracestate));
}

/** Records a call that ended: the GenAI metrics (always), and its span (with a collector set). */
export function callEnded(call: EndedCall, span: CallSpan = {}): void {
  const running = telemetry();
  if (!running) return;
  const host = serverOf(call.url);
  const common = call.protocol && {
    [ATTR.operationName]: operationOf(call.protocol),
    [ATTR.providerName]: providerNameOf(call.protocol, host?.address ?? ''),
  };
  if (common) recordMetrics(call, common, host?.address);
  const traces = running.traces;
  if (!traces) return;
  const attributes: Attributes = {
    ...common,
    [SLUICE.source]: call.source,
    [SLUICE.providerId]: call.providerId,
    [SLUICE.status]: call.status,
    ...(host ? { [ATTR.serverAddress]: host.address, ...(host.port ? { [ATTR.serverPort]: host.port } : {}) } : {}),
    ...(call.protocol ? { [ATTR.requestStream]: call.streamed } : {}),
    ...(call.requestModel ? { [ATTR.requestModel]: call.requestModel } : {}),
    ...(call.responseModel ? { [ATTR.responseModel]: call.responseModel } : {}),
    ...(call.responseId ? { [ATTR.responseId]: call.responseId } : {}),
    ...(call.finishReasons?.length ? { [ATTR.finishReasons]: call.finishReasons } : {}),
    ...usageAttributes(call.usage),
    ...(call.usageEstimated ? { [SLUICE.usageEstimated]: true } : {}),
    ...(call.costUsd !== undefined ? { [SLUICE.costUsd]: call.costUsd } : {}),
    ...(call.streamed && call.firstToken !== undefined ? { [ATTR.timeToFirstChunk]: call.firstToken / 1000 } : {}),
    ...(call.errorType ? { [ATTR.errorType]: call.errorType } : {}),
    ...span.attributes,
  };
  if (running.settings.content && span.content) {
    const { input, output } = span.content();
    if (input !== undefined) attributes[ATTR.inputMessages] = input;
    if (output !== undefined) attributes[ATTR.outputMessages] = output;
  }
  const name = span.name ?? (common ? `${common[ATTR.operationName]} ${call.requestModel ?? ''}`.trim() : 'llm');
  const at = (ms: number) => call.startedAt + ms;
  const made = startSpanAt(traces, name, {
    startTime: call.startedAt,
    attributes,
    parent: span.parent,
    links: span.links,
    ids: span.spanId ? { spanId: span.spanId } : undefined,
  });
  if (call.firstByte !== undefined) made.addEvent(EVENTS.firstByte, at(call.firstByte));
  if (call.firstToken !== undefined) made.addEvent(EVENTS.firstToken, at(call.firstToken));
  if (call.firstAnswer !== undefined && call.firstToken !== undefined && call.firstAnswer > call.firstToken)
    made.addEvent(EVENTS.firstAnswer, at(call.firstAnswer));
  if (call.eventTimes)
    for (const stall of stallsOf(call.eventTimes, call).stalls.slice(0, MAX_STALL_EVENTS))
      made.addEvent(
        EVENTS.stall,
        { [SLUICE.stallMs]: Math.round(stall.to - stall.from), [SLUICE.stallPhase]: stall.phase },
        at(stall.from),
      );
  if (call.errorType) made.setStatus({ code: SpanStatusCode.ERROR, message: call.errorMessage?.slice(0, 300) });
  made.end(at(call.end));
}

function usageAttributes(usage: Usage | undefined): Attributes {
  if (!usage) return {};
  const out: Attributes = {};
  if (usage.inputTokens !== undefined) out[ATTR.inputTokens] = usage.inputTokens;
  if (usage.outputTokens !== undefined) out[ATTR.outputTokens] = usage.outputTokens;
  if (usage.cachedInputTokens !== undefined) out[ATTR.cacheReadTokens] = usage.cachedInputTokens;
  if (usage.cacheWriteTokens !== undefined) out[ATTR.cacheCreationTokens] = usage.cacheWriteTokens;
  if (usage.reasoningTokens !== undefined) out[ATTR.reasoningTokens] = usage.reasoningTokens;
  return out;
}

/** The GenAI client metrics of one call: labels of a few known values each (no ids), bounded all the same. */
function recordMetrics(call: EndedCall, common: Record<string, string>, server: string | undefined): void {
  const { instruments } = telemetry()!;
  const base = labels({
    ...common,
    [ATTR.requestModel]: call.requestModel,
    [ATTR.responseModel]: call.responseModel,
    [ATTR.serverAddress]: server,
    [SLUICE.source]: call.source,
    [SLUICE.providerId]: call.providerId,
  });
  instruments.duration.record(
    call.end / 1000,
    call.errorType ? { ...base, ...labels({ [ATTR.errorType]: call.errorType }) } : base,
  );
  if (call.streamed && call.firstToken !== undefined) instruments.timeToFirstChunk.record(call.firstToken / 1000, base);
  if (call.streamed && call.eventTimes) instruments.timePerOutputChunk.recordGaps(base, call.eventTimes);
  const usage = call.usage;
  if (!usage || call.usageEstimated) return;
  const tokens: [string, number | undefined][] = [
    ['input', usage.inputTokens],
    ['output', usage.outputTokens],
    ['cache_read', usage.cachedInputTokens],
    ['cache_creation', usage.cacheWriteTokens],
  ];
  for (const [type, count] of tokens)
    if (count !== undefined) instruments.tokenUsage.record(count, { ...base, [ATTR.tokenType]: type });
}
