import { describe, expect, it } from 'vitest';
import type { Provider } from '@/lib/providers/types';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { bffMarkers, parseBffMarker, UPSTREAM_MARKER_BODY_BYTES, type UpstreamExchange } from '@/lib/sse/bff-marker';
import type { UpstreamResponse } from './relay/http-client';
import { exchangeMarker, sentBody } from './exchange';

const KEY = 'sk-live-SECRET-0123456789';
const provider = { id: 'p', headers: {}, secrets: [KEY], apiKeyEnv: 'P_KEY' } as unknown as Provider;
const response = { status: 200, headers: new Headers({ 'content-type': 'text/event-stream' }) } as UpstreamResponse;
const nonce = '0123456789abcdef';

function markerOf(body: Record<string, unknown>): {
  line: string;
  exchange: UpstreamExchange;
  sent: ReturnType<typeof sentBody>;
} {
  const request: UpstreamRequest = {
    url: 'https://api.example/v1/chat/completions',
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}` },
    body,
  };
  const sent = sentBody(request, provider);
  const line = exchangeMarker(request, response, provider, bffMarkers(nonce), {
    messageId: 'r1',
    body: sent,
    timing: { sluiceMs: 1.25, upstreamMs: 240.5 },
  });
  const marker = parseBffMarker(line.slice(2, -1), nonce);
  if (marker?.kind !== 'upstream') throw new Error(`not an upstream marker: ${line.slice(0, 80)}`);
  return { line, exchange: marker.exchange, sent };
}

describe('the upstream marker', () => {
  it('carries a short body whole, with its size, the reply’s id and an estimate of its input tokens', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hello' }] };
    const { exchange } = markerOf(body);
    expect(exchange.request.body).toEqual(body);
    expect(exchange.request.truncated).toBeUndefined();
    expect(exchange.request.bodyBytes).toBe(JSON.stringify(body).length);
    expect(exchange).toMatchObject({ messageId: 'r1', inputTokensEstimate: Math.round(JSON.stringify(body).length / 4) });
    expect(exchange.timing).toEqual({ sluiceMs: 1.25, upstreamMs: 240.5 });
  });

  it('cuts a long body to its first 8 KiB, between characters, after its secrets are redacted; the whole text is what is stored', () => {
    // A secret straddling the cut: redacted first, it cannot leave half of itself in the marker.
    const opening = '{"model":"m","messages":[{"role":"user","content":"'.length;
    const filler = 'x'.repeat(UPSTREAM_MARKER_BODY_BYTES - opening - 10);
    const prompt = `${filler}${KEY} and then a great deal more ${'€'.repeat(400_000)}`;
    const { line, exchange, sent } = markerOf({ model: 'm', messages: [{ role: 'user', content: prompt }] });
    expect(line).not.toContain(KEY.slice(0, 12));
    expect(sent.cut).toBe(true);
    expect(sent.text).not.toContain(KEY);
    expect(sent.text).toContain('[redacted] and then a great deal more');
    expect(exchange.request.truncated).toBe(true);
    expect(exchange.request.bodyBytes).toBe(Buffer.byteLength(sent.text));
    const start = exchange.request.body as string;
    expect(sent.text.startsWith(start)).toBe(true);
    expect(Buffer.byteLength(start)).toBeLessThanOrEqual(UPSTREAM_MARKER_BODY_BYTES);
    expect(Buffer.byteLength(start)).toBeGreaterThan(UPSTREAM_MARKER_BODY_BYTES - 4);
    expect(start).toMatch(/x\[redac/); // the cut falls in what was the key
    // Three-byte characters across the cut: it steps back to the last whole one.
    const euros = markerOf({ model: 'm', messages: [{ role: 'user', content: '€'.repeat(10_000) }] }).exchange;
    expect(euros.request.body).toMatch(/^\{"model":"m","messages":\[\{"role":"user","content":"€+$/);
    expect(Buffer.byteLength(euros.request.body as string)).toBe(UPSTREAM_MARKER_BODY_BYTES - 2);
    expect(Buffer.byteLength(line)).toBeLessThan(UPSTREAM_MARKER_BODY_BYTES + 2048); // the line, not a megabyte
    expect(exchange.inputTokensEstimate).toBe(Math.round(sent.text.length / 4)); // counted on the whole body
    expect(exchange.request.headers.authorization).toBe('[redacted]');
  });
});
