/**
 * An upstream that compresses its answer whatever it was asked (the proxy asks for
 * identity): the app gets the bytes as they came, and the capture reads them decoded,
 * its reply, its event log and its HAR alike.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Har } from '@/lib/server/views/har';
import { LIMITS } from './support/global-setup';
import { capturedWith, tag } from './support/captures';
import { base, upstreamUrl } from './support/http';
import { NODE_HAS_ZSTD, SCRIPTED_TEXT, SCRIPTED_USAGE, scriptedEvents, type ScriptedProtocol } from './support/scripted-answers';

/** A POST whose answer is read as raw bytes, not decoded (fetch would inflate it). */
function rawPost(url: string, body: unknown): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'accept-encoding': 'gzip, br' },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const PATHS: Record<ScriptedProtocol, { provider: string; path: string }> = {
  chat: { provider: 'up-chat', path: '/chat/completions' },
  anthropic: { provider: 'up-anthropic', path: '/v1/messages' },
  responses: { provider: 'up-responses', path: '/responses' },
  gemini: { provider: 'up-gemini', path: '/v1beta/models/m:generateContent' },
};
const DIRECT: Record<ScriptedProtocol, string> = {
  chat: '/v1/chat/completions',
  anthropic: '/anthropic/v1/messages',
  responses: '/v1/responses',
  gemini: '/v1beta/models/m:generateContent',
};

/** The same request direct and through the proxy: both raw, and the capture of the one through it. */
async function both(protocol: ScriptedProtocol, model: string, stream: boolean) {
  const marker = tag();
  const body = { model, stream, max_tokens: 100, messages: [{ role: 'user', content: marker }] };
  const { provider, path } = PATHS[protocol];
  const direct = await rawPost(`${upstreamUrl}${DIRECT[protocol]}`, body);
  const through = await rawPost(`${base}/proxy/${provider}${path}`, body);
  const capture = await capturedWith(marker, (c) => c.provider === provider);
  const har = (await (await fetch(`${base}/api/captures/${capture.id}/har`)).json()) as Har;
  return { direct, through, capture, entry: har.log.entries[0]! };
}

describe('an answer compressed anyway: the app gets its bytes, the capture reads them decoded', () => {
  for (const coding of ['gzip', 'br', 'deflate']) {
    it(`an SSE stream, ${coding}`, async () => {
      const { direct, through, capture, entry } = await both('chat', `encoded-sse:${coding}`, true);
      expect(through.status).toBe(200);
      expect(through.headers['content-encoding']).toBe(coding);
      expect(through.bytes.equals(direct.bytes)).toBe(true);

      const { before, terminal } = scriptedEvents('chat');
      const decoded = [...before, ...terminal].join('');
      expect(capture).toMatchObject({ status: 'complete', sse: true, usage: SCRIPTED_USAGE });
      expect(capture.usageEstimated).toBeUndefined();
      expect(capture.reply).toMatchObject({ status: 'complete', text: SCRIPTED_TEXT });
      expect(capture.events!.items.map((i) => i.raw).join('')).toBe(decoded);
      // The reads' sizes are of what each decoded to: they cut the events' text as it came.
      expect(capture.chunks!.sizes.reduce((a, b) => a + b)).toBe(Buffer.byteLength(decoded));
      expect(capture.response?.encoded).toEqual({ encoding: coding, bytes: through.bytes.byteLength });

      expect(entry.response.content.text).toBe(decoded);
      expect(entry.response.content.size).toBe(Buffer.byteLength(decoded));
      expect(entry.response.bodySize).toBe(through.bytes.byteLength);
      expect(entry.response.content.compression).toBe(Buffer.byteLength(decoded) - through.bytes.byteLength);
      expect(entry.response.content).not.toHaveProperty('encoding');
    });
  }

  for (const [protocol, coding] of [
    ['chat', 'gzip'],
    ['chat', 'br'],
    ['chat', 'deflate'],
    ['anthropic', 'gzip'],
    ['responses', 'br'],
    ['gemini', 'gzip'],
  ] as const) {
    it(`a JSON answer, ${protocol}, ${coding}`, async () => {
      const { direct, through, capture, entry } = await both(protocol, `encoded-json:${coding}`, false);
      expect(through.headers['content-encoding']).toBe(coding);
      expect(through.bytes.equals(direct.bytes)).toBe(true);
      expect(capture).toMatchObject({ status: 'complete', sse: false, usage: SCRIPTED_USAGE });
      expect(capture.reply).toMatchObject({ status: 'complete', text: SCRIPTED_TEXT });
      expect(JSON.parse(capture.body!.text)).toBeTypeOf('object');
      expect(capture.body).toMatchObject({ bytes: Buffer.byteLength(capture.body!.text), truncated: false });
      expect(entry.response.content.text).toBe(capture.body!.text);
      expect(entry.response.bodySize).toBe(through.bytes.byteLength);
      expect(entry.response.content.compression).toBe(capture.body!.bytes - through.bytes.byteLength);
    });
  }

  it(`zstd: read where this Node has it (${NODE_HAS_ZSTD ? 'it does' : 'it does not'}), else said so`, async () => {
    const { through, capture, entry } = await both('chat', 'encoded-json:zstd', false);
    expect(through.headers['content-encoding']).toBe('zstd');
    expect(capture.status).toBe('complete');
    if (NODE_HAS_ZSTD) {
      expect(capture.reply).toMatchObject({ text: SCRIPTED_TEXT });
      expect(capture.response?.encoded).toEqual({ encoding: 'zstd', bytes: through.bytes.byteLength });
    } else {
      expect(capture.response?.encoded).toMatchObject({ encoding: 'zstd', bytes: through.bytes.byteLength });
      expect(capture.response!.encoded!.note).toMatch(/zstd/);
      // Nothing it cannot read is kept as if it were text.
      expect(capture.body).toMatchObject({ text: '', truncated: true });
      expect(capture.reply).toBeUndefined();
      expect(entry.response.content.comment).toBe(capture.response!.encoded!.note);
    }
  });

  it('a zip bomb is read to the reply bound, no further', async () => {
    const marker = tag();
    const through = await rawPost(`${base}/proxy/up-chat/chat/completions`, {
      model: 'encoded-bomb',
      messages: [{ role: 'user', content: marker }],
    });
    expect(through.status).toBe(200);
    expect(through.bytes.byteLength).toBeLessThan(1024 * 1024);
    const capture = await capturedWith(marker);
    expect(capture.status).toBe('complete');
    expect(capture.response!.encoded!.note).toContain('SLUICE_MAX_REPLY_BYTES');
    expect(capture.body!.truncated).toBe(true);
    expect(capture.body!.bytes).toBeLessThanOrEqual(LIMITS.maxReplyBytes);
    expect(capture.body!.text.length).toBeLessThanOrEqual(1024 * 1024);
    // The server is still there.
    expect((await fetch(`${base}/api/captures/${capture.id}`)).status).toBe(200);
  });
});
