/**
 * A non-streamed answer's capture has the reply its stream's would: the same parts, tool
 * calls, text and usage, in every protocol (the simulator answers both ways).
 */
import { describe, expect, it } from 'vitest';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';
import { capturedWith, tag } from './support/captures';
import { base } from './support/http';

const proxy = (provider: string) => `${base}/proxy/${provider}`;

const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });

/**
 * The fields both readings must agree on. Of the usage, the output's counts: the simulator
 * counts the input from the request's size, which asking to stream adds to, and the zero
 * counts a stream states are left out of its whole body.
 */
function comparable(reply: AssembledMessage | undefined) {
  const { outputTokens, reasoningTokens } = reply?.usage ?? {};
  // A thinking block's signature and a tool call's id are the simulator's random, new for each answer (as a provider's are).
  const parts = reply?.parts.map((p) =>
    p.type === 'thinking'
      ? { ...p, signature: p.signature ? 'signed' : undefined }
      : p.type === 'tool-call'
        ? { ...p, call: { ...p.call, id: 'an id' } }
        : p,
  );
  return {
    text: reply?.text,
    thinking: reply?.thinking,
    parts,
    toolCalls: reply?.toolCalls.map((call) => ({ ...call, id: 'an id' })),
    outputTokens,
    reasoningTokens: reasoningTokens || 0,
  };
}

const weather = { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius'] } } };

/** Each protocol's request of the simulator, streamed or not: the path under the proxy and the body. */
const SIMULATED: {
  provider: string;
  protocol: ProtocolId;
  request: (model: string, prompt: string, stream: boolean) => [string, object];
}[] = [
  {
    provider: 'sim-openai',
    protocol: 'openai-chat',
    request: (model, prompt, stream) => [
      '/chat/completions',
      {
        model,
        messages: [{ role: 'user', content: prompt }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather } }],
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      },
    ],
  },
  {
    provider: 'sim-anthropic',
    protocol: 'anthropic-messages',
    request: (model, prompt, stream) => [
      '/v1/messages',
      {
        model,
        max_tokens: 4000,
        messages: [{ role: 'user', content: prompt }],
        tools: [{ name: 'get_weather', input_schema: weather }],
        ...(stream ? { stream: true } : {}),
      },
    ],
  },
  {
    provider: 'sim-responses',
    protocol: 'openai-responses',
    request: (model, prompt, stream) => [
      '/responses',
      {
        model,
        input: prompt,
        tools: [{ type: 'function', name: 'get_weather', parameters: weather }],
        ...(stream ? { stream: true } : {}),
      },
    ],
  },
  {
    provider: 'sim-gemini',
    protocol: 'gemini',
    request: (model, prompt, stream) => [
      `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
      {
        contents: [{ role: 'user', parts: [{ text: prompt }] }],
        tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: weather }] }],
      },
    ],
  },
];

describe('a non-streamed answer’s capture has the reply its stream would have', () => {
  for (const { provider, protocol, request } of SIMULATED) {
    for (const model of ['sim-tools', 'sim-thinking', 'sim-echo']) {
      it(`${protocol}, ${model}`, async () => {
        const marker = tag();
        const prompt = `weather in ${marker}? tps=5000 tokens=40 think=20`;
        const captured = async (stream: boolean) => {
          const [path, body] = request(model, prompt, stream);
          const response = await post(`${proxy(provider)}${path}`, body);
          expect(response.status).toBe(200);
          await response.text();
          return capturedWith(marker, (c) => c.sse === stream && c.provider === provider);
        };
        const streamed = await captured(true);
        const whole = await captured(false);
        expect(streamed).toMatchObject({ status: 'complete', protocol, sse: true });
        expect(whole).toMatchObject({ status: 'complete', protocol, sse: false });
        expect(whole.reply?.status).toBe('complete');
        expect(whole.reply?.finishReason).toBe(streamed.reply?.finishReason);
        expect(comparable(whole.reply)).toEqual(comparable(streamed.reply));
        expect(whole.reply?.usage?.inputTokens).toBeGreaterThan(0);
        expect(whole.usageEstimated).toBeUndefined();
        if (model === 'sim-tools') {
          expect(whole.reply!.parts.map((p) => p.type)).toEqual(['text', 'tool-call']);
          expect(whole.reply!.toolCalls).toEqual([
            expect.objectContaining({ name: 'get_weather', id: expect.stringMatching(/./), args: expect.objectContaining({}) }),
          ]);
        } else {
          expect(whole.reply!.text.length).toBeGreaterThan(0);
        }
      });
    }
  }
});
