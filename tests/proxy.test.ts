/**
 * The recording proxy with the official SDKs pointed at it, against the built-in
 * simulator and the scripted upstream: what an app gets through it equals what it gets
 * direct, byte for byte where it streams, and every exchange is captured, keys redacted.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { describe, expect, inject, it } from 'vitest';
import type { CaptureDetail, CapturePage, CaptureSummary } from '@/lib/api/captures';
import type { Har } from '@/lib/server/views/har';
import { SECRET_KEY } from './support/global-setup';
import { base, rawRequest, upstreamLog, upstreamUrl } from './support/http';
import { startNextServer } from './support/next-server';

const proxy = (provider: string) => `${base}/proxy/${provider}`;
const CLIENT_KEY = 'sk-client-own-KEY-0b7d2e41';

/** The newest capture whose path ends so, once it has ended (it is written after the exchange). */
/** The newest capture that matches, among those whose request or reply holds `q` when given (a test's own marker). */
async function captureOf(match: (c: CaptureSummary) => boolean, q?: string): Promise<CaptureDetail> {
  for (let i = 0; i < 200; i++) {
    const page = (await (
      await fetch(`${base}/api/captures?limit=200${q ? `&q=${encodeURIComponent(q)}` : ''}`)
    ).json()) as CapturePage;
    const found = page.items.find((c) => match(c) && c.status !== 'streaming');
    if (found) return (await (await fetch(`${base}/api/captures/${found.id}`)).json()) as CaptureDetail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no such capture');
}

/** A marker in the prompt, so each test finds its own capture. */
const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

describe('the official SDKs through the proxy, against the simulator', () => {
  it('OpenAI: streamed text equals going direct, and the capture has the stream, the reply and its usage', async () => {
    const prompt = `Say something ${tag()} tokens=30`;
    const run = async (baseURL: string) => {
      const openai = new OpenAI({ apiKey: CLIENT_KEY, baseURL });
      const stream = await openai.chat.completions.create({
        model: 'sim-markdown',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: prompt }],
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    const direct = await run(`${base}/api/sim/openai/v1`);
    const through = await run(proxy('sim-openai'));
    expect(through).toBe(direct);
    expect(through.length).toBeGreaterThan(20);

    const capture = await captureOf(
      (c) => c.path === '/chat/completions' && c.provider === 'sim-openai' && c.model === 'sim-markdown',
    );
    expect(capture).toMatchObject({ method: 'POST', status: 'complete', httpStatus: 200, protocol: 'openai-chat', sse: true });
    expect(capture.request.body.text).toContain(prompt);
    expect(capture.request.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(capture)).not.toContain(CLIENT_KEY);
    expect(capture.reply?.text).toBe(through);
    expect(capture.usage?.outputTokens).toBeGreaterThan(0);
    expect(capture.cost?.usd).toBeGreaterThan(0);
    expect(capture.events!.items.length).toBeGreaterThan(5);
    // Its reads as they came: their sizes add up to the stream, their times in order.
    const { sizes, at } = capture.chunks!;
    expect(sizes.reduce((a, b) => a + b)).toBe(Buffer.byteLength(capture.events!.items.map((i) => i.raw).join('')));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at[0]).toBe(capture.timings.firstByte);
    expect(capture.timings.firstToken).toBeGreaterThanOrEqual(capture.timings.firstByte!);
    expect(capture.timings.end).toBeGreaterThanOrEqual(capture.timings.lastToken!);
  });

  it('a thinking reply: the first token of its answer is kept, where its thinking ends', async () => {
    const marker = tag();
    await fetch(`${proxy('sim-openai')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'sim-thinking',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: `${marker} think=12 tokens=8` }],
      }),
    }).then((r) => r.text());
    let found: CaptureSummary | undefined;
    await expect
      .poll(async () => {
        const page = (await (await fetch(`${base}/api/captures?q=${marker}`)).json()) as CapturePage;
        found = page.items.find((c) => c.status === 'complete');
        return found?.status;
      })
      .toBe('complete');
    const capture = (await (await fetch(`${base}/api/captures/${found!.id}`)).json()) as CaptureDetail;
    const { firstToken, firstAnswer, lastToken } = capture.timings;
    expect(firstAnswer).toBeGreaterThan(firstToken!);
    expect(firstAnswer).toBeLessThanOrEqual(lastToken!);
  });

  it('a stream that never says its usage is counted from its events and its request, marked as an estimate', async () => {
    const marker = tag();
    const prompt = `No usage ${marker} tokens=30`;
    const response = await fetch(`${proxy('sim-openai')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-markdown', stream: true, messages: [{ role: 'user', content: prompt }] }),
    });
    expect(await response.text()).not.toContain('"usage":{');
    const capture = await captureOf(
      (c) => c.provider === 'sim-openai' && c.status === 'complete' && c.usageEstimated === true,
      marker,
    );
    expect(capture.request.body.text).toContain(prompt);
    expect(capture.usage!.outputTokens).toBeGreaterThan(0);
    expect(capture.usage!.inputTokens).toBeGreaterThan(0);
    expect(capture.cost!.usd).toBeGreaterThan(0);
  });

  it('Anthropic: its SDK adds /v1 to the base URL, and the proxy does not repeat it', async () => {
    const prompt = `Hello ${tag()} tokens=25`;
    const run = async (baseURL: string) => {
      const anthropic = new Anthropic({ apiKey: CLIENT_KEY, baseURL });
      const stream = anthropic.messages.stream({
        model: 'sim-markdown',
        max_tokens: 500,
        messages: [{ role: 'user', content: prompt }],
      });
      return (await stream.finalMessage()).content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    };
    const direct = await run(`${base}/api/sim/anthropic`);
    expect(await run(proxy('sim-anthropic'))).toBe(direct);
    const capture = await captureOf((c) => c.provider === 'sim-anthropic' && c.path === '/messages');
    expect(capture.request.url).toBe(`${base}/api/sim/anthropic/v1/messages`);
    // Whichever header this SDK's version carries its key in.
    expect(capture.request.headers['x-api-key'] ?? capture.request.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(capture)).not.toContain(CLIENT_KEY);
    expect(capture.reply?.text).toBe(direct);
  });

  it('Gemini: @google/genai streams through, its /v1beta not repeated either', async () => {
    const prompt = `Hi ${tag()} tokens=20`;
    const run = async (baseUrl: string) => {
      const genai = new GoogleGenAI({ apiKey: CLIENT_KEY, httpOptions: { baseUrl } });
      let text = '';
      for await (const chunk of await genai.models.generateContentStream({ model: 'sim-markdown', contents: prompt }))
        text += chunk.text ?? '';
      return text;
    };
    const direct = await run(`${base}/api/sim/gemini`);
    expect(await run(proxy('sim-gemini'))).toBe(direct);
    const capture = await captureOf((c) => c.provider === 'sim-gemini');
    expect(capture).toMatchObject({ model: 'sim-markdown', protocol: 'gemini', status: 'complete' });
    expect(capture.request.headers['x-goog-api-key']).toBe('[redacted]');
  });
});

describe('the proxy against a scripted upstream', () => {
  it('non-streamed: the answer equals going direct; the app’s own key reaches the upstream', async () => {
    const run = async (baseURL: string) =>
      (
        await new OpenAI({ apiKey: CLIENT_KEY, baseURL }).chat.completions.create({
          model: 'json-reply',
          messages: [{ role: 'user', content: 'x' }],
        })
      ).choices[0]!.message.content;
    const direct = await run(`${upstreamUrl}/v1`);
    expect(await run(proxy('up-chat'))).toBe(direct);
    const seen = (await upstreamLog()).filter((e) => e.model === 'json-reply').at(-1)!;
    expect(seen.headers.authorization).toBe(`Bearer ${CLIENT_KEY}`);
    const capture = await captureOf((c) => c.provider === 'up-chat' && c.model === 'json-reply');
    expect(capture).toMatchObject({ sse: false, status: 'complete', usage: { inputTokens: 12, outputTokens: 6 } });
    expect(capture.body?.text).toContain('A whole answer at once.');
    expect(capture.reply?.text).toBe('A whole answer at once.');
  });

  it('a request without a key gets the configured one, in the protocol’s header', async () => {
    const response = await fetch(`${proxy('up-anthropic')}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'json-reply', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: { text: string }[] }).content[0]!.text).toBe('A whole answer at once.');
    const seen = (await upstreamLog()).filter((e) => e.model === 'json-reply').at(-1)!;
    expect(seen.path).toBe('/anthropic/v1/messages');
    expect(seen.headers['x-api-key']).toBe(SECRET_KEY);
    expect(seen.headers['anthropic-version']).toBeDefined();
    const capture = await captureOf((c) => c.provider === 'up-anthropic' && c.model === 'json-reply');
    expect(JSON.stringify(capture)).not.toContain(SECRET_KEY);
  });

  it('a 429 comes back as the upstream sent it: status, retry-after, body', async () => {
    const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rate-limited', messages: [] }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(await response.json()).toEqual({
      error: { message: 'Rate limit reached; try again in 7 s.', type: 'rate_limit_error' },
    });
    const capture = await captureOf((c) => c.model === 'rate-limited');
    expect(capture).toMatchObject({ status: 'upstream-error', httpStatus: 429 });
    expect(capture.body?.text).toContain('Rate limit reached');
  });

  it('says in Server-Timing what Sluice took and what the upstream took to its headers', async () => {
    const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'late-headers', stream: true, messages: [] }),
    });
    await response.text();
    const [, sluice, upstream] =
      /^sluice;desc="Sluice before the upstream";dur=([\d.]+), upstream;desc="Upstream to headers";dur=([\d.]+)$/.exec(
        response.headers.get('server-timing') ?? '',
      ) ?? [];
    // The upstream held its headers for a second; Sluice's share is what it did before asking.
    expect(Number(upstream)).toBeGreaterThanOrEqual(950);
    expect(Number(sluice)).toBeLessThan(Number(upstream));
  });

  it('an SSE stream is byte for byte the upstream’s, with no marker of Sluice’s', async () => {
    const body = JSON.stringify({ model: 'fx:openai-chat:text-include-usage-obfuscation.sse', stream: true, messages: [] });
    const read = async (url: string) =>
      Buffer.from(
        await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer(),
      );
    const direct = await read(`${upstreamUrl}/v1/chat/completions`);
    const through = await read(`${proxy('up-chat')}/chat/completions`);
    expect(through.equals(direct)).toBe(true);
    expect(through.toString()).not.toContain(': sluice');
  });

  it('the first event reaches the app before the upstream sends its second', async () => {
    const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gated', stream: true, messages: [] }),
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // The upstream holds its second event until this: the first came through alone.
    expect(first).toContain('first ');
    await fetch(`${upstreamUrl}/_gate`, { method: 'POST' });
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('second');
    expect(rest).toContain('[DONE]');
    const capture = await captureOf((c) => c.model === 'gated');
    expect(capture.reply?.text).toBe('first second');
  });

  it('an app that hangs up closes the upstream request, and the capture says so', async () => {
    const abort = new AbortController();
    const response = await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'slow', stream: true, messages: [] }),
      signal: abort.signal,
    });
    await response.body!.getReader().read();
    abort.abort();
    await expect
      .poll(async () => (await upstreamLog()).filter((e) => e.model === 'slow').at(-1)?.disconnectedAt, { timeout: 10_000 })
      .toBeDefined();
    const capture = await captureOf((c) => c.model === 'slow');
    expect(capture.status).toBe('client-closed');
    expect(capture.events!.items.length).toBeGreaterThan(0);
  });

  it('the configured key never shows: not in the capture, its HAR or the list', async () => {
    await fetch(`${proxy('up-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'echo-key', stream: true, messages: [] }),
    }).then((r) => r.text());
    const capture = await captureOf((c) => c.model === 'echo-key');
    const har = await (await fetch(`${base}/api/captures/${capture.id}/har`)).text();
    const list = await (await fetch(`${base}/api/captures`)).text();
    for (const text of [JSON.stringify(capture), har, list]) expect(text).not.toContain(SECRET_KEY);
    expect(JSON.stringify(capture.events)).toContain('[redacted]');
    // Nor the peer stamp this server puts on every request it receives: it carries the process' secret.
    for (const text of [JSON.stringify(capture), har]) expect(text).not.toContain('x-sluice-peer');
  });

  it('a HAR 1.2 file of one entry, as viewers read it', async () => {
    const capture = await captureOf((c) => c.model === 'gated' || c.model === 'json-reply');
    const response = await fetch(`${base}/api/captures/${capture.id}/har`);
    expect(response.headers.get('content-disposition')).toContain('.har');
    const { log } = (await response.json()) as Har;
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('Sluice');
    const entry = log.entries[0]!;
    expect(new Date(entry.startedDateTime).toISOString()).toBe(entry.startedDateTime);
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: capture.request.url,
      httpVersion: expect.any(String),
      headersSize: -1,
    });
    expect(entry.request.headers).toEqual(expect.arrayContaining([{ name: 'content-type', value: 'application/json' }]));
    expect(entry.response.status).toBe(capture.httpStatus);
    expect(entry.response.content.mimeType).toBeTruthy();
    for (const t of ['send', 'wait', 'receive'] as const) expect(typeof entry.timings[t]).toBe('number');
    expect(entry.time).toBeGreaterThanOrEqual(0);
  });

  it('an unknown provider is a 404 naming the configured ones; an unreachable upstream a 502 with the reason', async () => {
    const unknown = await fetch(`${base}/proxy/nobody/chat/completions`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    const said = (await unknown.json()) as { error: { message: string; providers: string[] } };
    expect(said.error.message).toContain('"nobody"');
    expect(said.error.providers).toContain('up-chat');
    const unreachable = await fetch(`${proxy('keyed')}/chat/completions`, { method: 'POST', body: '{}' });
    expect(unreachable.status).toBe(502);
    expect(((await unreachable.json()) as { error: { message: string } }).error.message).toMatch(
      /Cannot reach the upstream at http:\/\/127\.0\.0\.1:\d+/,
    );
    const capture = await captureOf((c) => c.provider === 'keyed');
    expect(capture.status).toBe('unreachable');
  });

  it('a page of another origin cannot drive it, nor a name Sluice does not answer to', async () => {
    const host = new URL(base).host;
    const foreign = await rawRequest('GET', '/proxy/up-chat/models', { host, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('forbidden_origin');
    const crossSite = await rawRequest('GET', '/proxy/up-chat/models', { host, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const rebinding = await rawRequest('GET', '/proxy/up-chat/models', { host: 'attacker.example:3000' });
    expect(rebinding.status).toBe(403);
    expect(rebinding.text).toContain('forbidden_host');
    // An SDK sends no Origin: it passes.
    expect((await rawRequest('GET', '/proxy/up-chat/models', { host })).status).toBe(200);
  });

  it('captures are deleted on request', async () => {
    const capture = await captureOf((c) => c.model === 'rate-limited');
    expect((await fetch(`${base}/api/captures/${capture.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${base}/api/captures/${capture.id}`)).status).toBe(404);
  });
});

it('keeps SLUICE_CAPTURE_RETENTION captures, the newest', async () => {
  const server = await startNextServer({ SLUICE_CONFIG: inject('configPath'), SLUICE_CAPTURE_RETENTION: '2' });
  try {
    for (const n of [1, 2, 3, 4]) {
      const response = await fetch(`${server.origin}/proxy/up-chat/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'json-reply', messages: [{ role: 'user', content: `number ${n}` }] }),
      });
      await response.text();
      // Each written (it ends off the hot path) before the next starts.
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${server.origin}/api/captures?q=number%20${n}`)).json()) as CapturePage).items[0]?.status,
        )
        .toBe('complete');
    }
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.origin}/api/captures`)).json()) as CapturePage).items.map((c) => c.status).length,
      )
      .toBe(2);
    const kept = (await (await fetch(`${server.origin}/api/captures`)).json()) as CapturePage;
    const bodies = await Promise.all(
      kept.items.map(
        async (c) => ((await (await fetch(`${server.origin}/api/captures/${c.id}`)).json()) as CaptureDetail).request.body.text,
      ),
    );
    expect(bodies.map((b) => /number (\d)/.exec(b)![1])).toEqual(['4', '3']);
  } finally {
    await server.stop();
  }
});
