/**
 * An app that hangs up once its answer's terminal event came (Codex after
 * `response.completed`, the OpenAI SDK after `[DONE]`) while the upstream has yet to end
 * its body: the capture is complete. One that leaves before the end is client-closed.
 */
import { describe, expect, it } from 'vitest';
import { capturedWith, tag } from './support/captures';
import { base, upstreamLog } from './support/http';
import { SCRIPTED_TEXT, SCRIPTED_USAGE, TERMINAL_SIGN, type ScriptedProtocol } from './support/scripted-answers';

const proxy = (provider: string) => `${base}/proxy/${provider}`;
const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });

/** Where each protocol's stream is asked for of the scripted upstream. */
const SCRIPTED: { protocol: ScriptedProtocol; provider: string; path: (model: string) => string }[] = [
  { protocol: 'chat', provider: 'up-chat', path: () => '/chat/completions' },
  { protocol: 'anthropic', provider: 'up-anthropic', path: () => '/v1/messages' },
  { protocol: 'responses', provider: 'up-responses', path: () => '/responses' },
  { protocol: 'gemini', provider: 'up-gemini', path: (model) => `/v1beta/models/${model}:streamGenerateContent?alt=sse` },
];

/** Reads the answer until its text holds `sign`, then hangs up; resolves once the upstream has seen the hang-up. */
async function readThenHangUp(provider: string, path: string, model: string, marker: string, sign: string): Promise<string> {
  const abort = new AbortController();
  const response = await post(
    `${proxy(provider)}${path}`,
    {
      model,
      stream: true,
      max_tokens: 100,
      messages: [{ role: 'user', content: marker }],
      contents: [{ parts: [{ text: marker }] }],
    },
    { signal: abort.signal },
  );
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(sign)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the answer ended before "${sign}": ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  abort.abort();
  // The upstream held its connection open (this request's is the newest of its model): the proxy closes it once the app has gone.
  await expect
    .poll(async () => (await upstreamLog()).filter((e) => e.model === model).at(-1)?.disconnectedAt, { timeout: 10_000 })
    .toBeDefined();
  return text;
}

describe('an app that hangs up once the terminal event came: the capture is complete', () => {
  for (const { protocol, provider, path } of SCRIPTED) {
    it(`${protocol}: hung up after ${TERMINAL_SIGN[protocol]}, before the upstream closed`, async () => {
      const marker = tag();
      const model = 'linger-done';
      await readThenHangUp(provider, path(model), model, marker, TERMINAL_SIGN[protocol]);
      const capture = await capturedWith(marker, (c) => c.provider === provider);
      expect(capture.status).toBe('complete');
      expect(capture.error).toBeUndefined();
      expect(capture.reply).toMatchObject({ status: 'complete', text: SCRIPTED_TEXT, usage: SCRIPTED_USAGE });
      expect(capture.usageEstimated).toBeUndefined();
      expect(capture.events!.items.map((i) => i.raw).join('')).toContain(TERMINAL_SIGN[protocol]);
    });

    it(`${protocol}: hung up mid-stream, it stays client-closed`, async () => {
      const marker = tag();
      const model = 'linger-mid';
      await readThenHangUp(provider, path(model), model, marker, 'Hello');
      const capture = await capturedWith(marker, (c) => c.provider === provider);
      expect(capture.status).toBe('client-closed');
      expect(capture.error).toBe('The app closed the connection before the answer ended.');
      expect(capture.reply).toMatchObject({ status: 'stopped' });
      expect(capture.reply!.text).toMatch(/^Hello/);
      expect(capture.events!.items.map((i) => i.raw).join('')).not.toContain(TERMINAL_SIGN[protocol]);
    });
  }
});
