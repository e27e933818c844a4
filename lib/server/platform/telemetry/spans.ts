import 'server-only';
import {
  ROOT_CONTEXT,
  SpanKind,
  trace,
  TraceFlags,
  type Attributes,
  type Link,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import type { Traces } from './state';

export interface SpanAt {
  /** Epoch ms. */
  startTime: number;
  kind?: SpanKind;
  attributes?: Attributes;
  parent?: SpanContext;
  links?: Link[];
  /** Ids Sluice chose (lib/server/platform/telemetry/ids.ts): the trace's only for a span without a parent. */
  ids?: { traceId?: string; spanId?: string };
}

/**
 * A span of something that already happened, made as it ends (its start and its
 * events given by the times Sluice kept): nothing of it runs while the stream does.
 */
export function startSpanAt(
  traces: Traces,
  name: string,
  { startTime, kind = SpanKind.CLIENT, attributes, parent, links, ids }: SpanAt,
): Span {
  traces.ids.choose(ids);
  try {
    const context = parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    return traces.tracer.startSpan(name, { kind, startTime, attributes, links, root: !parent }, context);
  } finally {
    traces.ids.choose(undefined);
  }
}

/** A parent known only by its ids (a span this instance did not make, or has not made yet): sampled, as Sluice samples every span. */
export function parentWithIds(traceId: string, spanId: string): SpanContext {
  return { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true };
}
