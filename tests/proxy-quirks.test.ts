/**
 * What agents send besides a plain generation, through the recording proxy: each passes
 * to the upstream as sent (headers, query, body, method) and comes back as answered, and
 * each exchange is captured. Claude Code sends `anthropic-beta` with `?beta=true`,
 * `count_tokens`, `HEAD /api/hello`; the Stainless-made SDKs their `x-stainless-*` headers
 * and a retry with the same idempotency key; Codex `prompt_cache_key` and `service_tier`;
 * Anthropic answers an overload with 529 and `retry-after-ms`.
 */
import { describe, expect, it } from 'vitest';
import type { UpstreamLogEntry } from './support/upstream';
import { capturedWith, tag } from './support/captures';
import { base, upstreamLog } from './support/http';

const proxy = (id: string) => `${base}/proxy/${id}`;

/** The upstream's record of the request whose body holds `marker` (or, with no body, whose path does). */
async function seenUpstream(marker: string): Promise<UpstreamLogEntry[]> {
  return (await upstreamLog()).filter((entry) => entry.body?.includes(marker) || entry.path.includes(marker));
}

describe('agent quirks through the proxy', () => {
  it('anthropic-beta headers and ?beta=true reach the upstream as sent, and the capture keeps both', async () => {
    const marker = tag();
    const beta = 'prompt-caching-2024-07-31,claude-code-20250219,interleaved-thinking-2025-05-14';
    const response = await fetch(`${proxy('up-anthropic')}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-beta': beta, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'json-reply', max_tokens: 10, messages: [{ role: 'user', content: marker }] }),
    });
    expect(response.status).toBe(200);
    const [seen] = await seenUpstream(marker);
    expect(seen!.path).toBe('/anthropic/v1/messages?beta=true');
    expect(seen!.headers['anthropic-beta']).toBe(beta);
    const capture = await capturedWith(marker);
    expect(capture.request.url).toMatch(/\/anthropic\/v1\/messages\?beta=true$/);
    expect(capture.request.headers['anthropic-beta']).toBe(beta);
    expect(capture.reply?.text).toBe('A whole answer at once.');
  });

  it('count_tokens goes to the upstream and back, captured as an exchange with no reply to decode', async () => {
    const marker = tag();
    const response = await fetch(`${proxy('up-anthropic')}/v1/messages/count_tokens?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-x', messages: [{ role: 'user', content: marker }] }),
    });
    expect(await response.json()).toEqual({ input_tokens: 42 });
    const [seen] = await seenUpstream(marker);
    expect(seen!.path).toBe('/anthropic/v1/messages/count_tokens?beta=true');
    const capture = await capturedWith(marker);
    expect(capture).toMatchObject({ status: 'complete', httpStatus: 200, path: '/messages/count_tokens' });
    expect(capture.protocol).toBeUndefined();
    expect(capture.body?.text).toBe('{"input_tokens":42}');
  });

  it.each(['HEAD', 'OPTIONS'])(
    '%s /api/hello (Claude Code’s check) reaches the upstream’s own path with its method',
    async (method) => {
      const marker = tag();
      const response = await fetch(`${proxy('up-anthropic')}/api/hello?${marker}`, { method });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-upstream-saw')).toBe(method);
      const [seen] = await seenUpstream(marker);
      expect(seen).toMatchObject({ method, path: `/anthropic/api/hello?${marker}` });
      // The list's search reads the path, not its query: the newest of this method on /api/hello.
      const capture = await capturedWith(
        'hello',
        (c) => c.method === method && c.provider === 'up-anthropic' && c.path === '/api/hello',
      );
      expect(capture).toMatchObject({ status: 'complete', httpStatus: 200, method });
    },
  );

  it('x-stainless-* headers pass unchanged; a retry with the same idempotency key is sent again and captured again', async () => {
    const marker = tag();
    const headers = {
      'content-type': 'application/json',
      'idempotency-key': `stainless-node-retry-${marker}`,
      'x-stainless-lang': 'js',
      'x-stainless-package-version': '6.49.0',
      'x-stainless-os': 'Linux',
      'x-stainless-runtime': 'node',
      'x-stainless-timeout': '600',
    };
    for (const retry of ['0', '1']) {
      const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
        method: 'POST',
        headers: { ...headers, 'x-stainless-retry-count': retry },
        body: JSON.stringify({ model: 'json-reply', messages: [{ role: 'user', content: marker }] }),
      });
      expect(response.status).toBe(200);
    }
    const seen = await seenUpstream(marker);
    expect(seen.map((entry) => entry.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
    for (const entry of seen) {
      for (const [name, value] of Object.entries(headers)) expect(entry.headers[name], name).toBe(value);
    }
    let both = 0;
    await expect
      .poll(async () => {
        const page = (await (await fetch(`${base}/api/captures?q=${marker}`)).json()) as { items: { status: string }[] };
        both = page.items.filter((c) => c.status === 'complete').length;
        return both;
      })
      .toBe(2);
  });

  it('prompt_cache_key, service_tier and the rest of the body reach the upstream byte for byte', async () => {
    const marker = tag();
    // Spacing and key order as an app wrote them: the proxy passes bytes, not a re-serialized object.
    const body = `{"model":"json-reply",  "prompt_cache_key":"${marker}","service_tier":"flex","store":false,"messages":[{"role":"user","content":"hi"}]}`;
    const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    const [seen] = await seenUpstream(marker);
    expect(seen!.body).toBe(body);
    const capture = await capturedWith(marker);
    expect(capture.request.body.text).toBe(body);
  });

  it('529 overloaded_error comes back with retry-after-ms, captured as an upstream error with its status', async () => {
    const marker = tag();
    const response = await fetch(`${proxy('up-anthropic')}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'overloaded', max_tokens: 10, messages: [{ role: 'user', content: marker }] }),
    });
    expect(response.status).toBe(529);
    expect(response.headers.get('retry-after-ms')).toBe('1500');
    expect(response.headers.get('x-should-retry')).toBe('true');
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const capture = await capturedWith(marker);
    expect(capture).toMatchObject({ status: 'upstream-error', httpStatus: 529 });
    expect(capture.error).toContain('529');
    expect(capture.body?.text).toContain('overloaded_error');
  });
});
