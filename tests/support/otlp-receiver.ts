import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { listen } from '@/lib/simulator/serve-fetch';

/**
 * An OpenTelemetry collector for the tests: OTLP over HTTP with JSON bodies (what Sluice
 * sends with OTEL_EXPORTER_OTLP_PROTOCOL=http/json), on a free loopback port. It keeps
 * every span it is sent, decoded to plain values, and the headers each export came with.
 */

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  start: number;
  end: number;
  attributes: Record<string, AttributeValue>;
  events: { name: string; time: number; attributes: Record<string, AttributeValue> }[];
  links: { traceId: string; spanId: string }[];
  status?: { code?: number; message?: string };
  resource: Record<string, AttributeValue>;
}

export interface OtlpReceiver {
  origin: string;
  spans: ReceivedSpan[];
  /** Each export's raw body, as sent: what a test searches for text that must not be there. */
  bodies: string[];
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** OTLP/JSON ids are hex; a base64 one (protobuf's JSON mapping) is read too. */
function hexId(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (/^[0-9a-f]+$/i.test(value) && (value.length === 32 || value.length === 16)) return value.toLowerCase();
  return Buffer.from(value, 'base64').toString('hex');
}

function valueOf(value: Json | undefined): AttributeValue {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue as string;
  if ('boolValue' in value) return value.boolValue as boolean;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('arrayValue' in value) return list((value.arrayValue as Json).values).map(valueOf);
  return undefined;
}

function attributesOf(attributes: unknown): Record<string, AttributeValue> {
  return Object.fromEntries(list(attributes).map((a) => [a.key as string, valueOf(a.value as Json)]));
}

const ms = (nanos: unknown) => Number(BigInt(String(nanos ?? 0)) / 1000n) / 1000;

function spansOf(body: Json): ReceivedSpan[] {
  return list(body.resourceSpans).flatMap((resourceSpans) => {
    const resource = attributesOf((resourceSpans.resource as Json | undefined)?.attributes);
    return list(resourceSpans.scopeSpans).flatMap((scope) =>
      list(scope.spans).map((span) => ({
        traceId: hexId(span.traceId)!,
        spanId: hexId(span.spanId)!,
        parentSpanId: hexId(span.parentSpanId),
        name: span.name as string,
        kind: Number(span.kind),
        start: ms(span.startTimeUnixNano),
        end: ms(span.endTimeUnixNano),
        attributes: attributesOf(span.attributes),
        events: list(span.events).map((e) => ({
          name: e.name as string,
          time: ms(e.timeUnixNano),
          attributes: attributesOf(e.attributes),
        })),
        links: list(span.links).map((l) => ({ traceId: hexId(l.traceId)!, spanId: hexId(l.spanId)! })),
        status: span.status as ReceivedSpan['status'],
        resource,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    bodies.push(text);
    headers.push(req.headers);
    if (req.url === '/v1/traces') spans.push(...spansOf(JSON.parse(text) as Json));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const origin = await listen(server);
  return {
    origin,
    spans,
    bodies,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
