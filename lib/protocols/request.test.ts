import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble } from '@/lib/assemble/assemble';
import { startSimulator } from '@/tests/support/simulator';
import { parseSse } from '@/lib/sse/parser';
import type { ChatMessage } from './conversation';
import { PROTOCOLS, type ProtocolId } from './ids';
import { protocolModule } from './registry';
import type { UpstreamTarget } from './request-types';

let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => (sim = await startSimulator()));
afterAll(() => sim.close());

const MOUNT: Record<ProtocolId, string> = {
  'openai-chat': '/openai/v1',
  'anthropic-messages': '/anthropic/v1',
  'openai-responses': '/openai/v1',
  gemini: '/gemini/v1beta',
};
const target = (protocol: ProtocolId, apiKey?: string): UpstreamTarget => ({
  protocol,
  baseUrl: `${sim.origin}${MOUNT[protocol]}`,
  apiKey,
  headers: { 'x-team': 'sluice' },
});

const TOOL = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};
const TOOL_TURN: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Oslo? tps=5000 delay=0' },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', text: 'I should call the tool.', signature: 'sig-abc' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: '{"temp":-3}' }] },
];

async function run(protocol: ProtocolId, model: string, messages: ChatMessage[], params = {}) {
  const request = protocolModule(protocol).buildRequest({ target: target(protocol), model, messages, params });
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) });
  expect(response.status).toBe(200);
  const decoder = protocolModule(protocol).createDecoder();
  return assemble(parseSse(new Uint8Array(await response.arrayBuffer())).flatMap((i) => decoder.decode(i)));
}

describe.each(PROTOCOLS)('%s: request → simulator → decode → assemble', (protocol) => {
  it('carries the user’s text and gets it echoed back, complete, with usage', async () => {
    const m = await run(protocol, 'sim-echo', [{ role: 'user', content: 'Grüße aus Zürich 🌊 tps=5000 delay=0' }]);
    expect(m.status).toBe('complete');
    expect(m.text).toBe('Grüße aus Zürich 🌊 tps=5000 delay=0');
    expect(m.usage?.outputTokens).toBeGreaterThan(0);
  });

  it('carries tool definitions: the model calls the user’s tool with parsed arguments', async () => {
    const m = await run(protocol, 'sim-tools', [{ role: 'user', content: 'tps=5000 delay=0' }], { tools: [TOOL] });
    expect(m.finishReason).toBe('tool-calls');
    expect(m.toolCalls.map((c) => [c.name, c.args])).toEqual([['get_weather', { city: 'Reykjavík' }]]);
  });

  it('carries the assistant’s tool call and the tool result in its own form, and the turn continues', async () => {
    const m = await run(protocol, 'sim-tools', TOOL_TURN, { tools: [TOOL] });
    expect(m.status).toBe('complete');
    expect(m.text).toContain('The `get_weather` tool returned');
    expect(m.text).toContain('-3');
  });

  it('carries max tokens: the reply stops at the limit with reason length', async () => {
    const m = await run(protocol, 'sim-markdown', [{ role: 'user', content: 'tps=5000 delay=0' }], { maxTokens: 12 });
    expect(m.finishReason).toBe('length');
  });

  it('sends the auth header its protocol expects, and the provider’s own headers', () => {
    const { headers } = protocolModule(protocol).buildRequest({
      target: target(protocol, 'k-123'),
      model: 'm',
      messages: [],
      params: {},
    });
    const expected = {
      'openai-chat': { authorization: 'Bearer k-123' },
      'openai-responses': { authorization: 'Bearer k-123' },
      'anthropic-messages': { 'x-api-key': 'k-123', 'anthropic-version': '2023-06-01' },
      gemini: { 'x-goog-api-key': 'k-123' },
    }[protocol];
    expect(headers).toMatchObject({ ...expected, 'x-team': 'sluice', 'content-type': 'application/json' });
  });
});

describe('wire shapes', () => {
  const build = (protocol: ProtocolId, messages = TOOL_TURN, params = {}) =>
    protocolModule(protocol).buildRequest({ target: target(protocol), model: 'model-x', messages, params });

  it('Chat Completions: include_usage, tool_calls with JSON arguments, one tool message per result', () => {
    const { body, url } = build('openai-chat', TOOL_TURN, { thinking: 10000, maxTokens: 50, tools: [TOOL] });
    expect(url).toBe(`${sim.origin}/openai/v1/chat/completions`);
    expect(body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
      reasoning_effort: 'high',
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Oslo? tps=5000 delay=0' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":-3}' },
    ]);
  });

  it('Anthropic: system apart, signed thinking preserved, results in a user turn, a default max_tokens', () => {
    const { body } = build('anthropic-messages', TOOL_TURN, { thinking: true });
    expect(body).toMatchObject({
      system: 'Be brief.',
      max_tokens: 2048 + 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo? tps=5000 delay=0' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should call the tool.', signature: 'sig-abc' },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp":-3}' }] },
    ]);
  });

  it('Anthropic: a gateway path prefix replaces /messages', () => {
    const request = protocolModule('anthropic-messages').buildRequest({
      target: { ...target('anthropic-messages'), baseUrl: 'https://gw.example', path: '/anthropic/v1/messages' },
      model: 'm',
      messages: [],
      params: {},
    });
    expect(request.url).toBe('https://gw.example/anthropic/v1/messages');
  });

  it('Responses: instructions, function_call and function_call_output items', () => {
    const { body } = build('openai-responses');
    expect(body.instructions).toBe('Be brief.');
    expect(body.input).toEqual([
      { role: 'user', content: 'Weather in Oslo? tps=5000 delay=0' },
      { role: 'assistant', content: 'Let me check.' },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '{"temp":-3}' },
    ]);
  });

  it('Gemini: model in the URL with alt=sse, functionResponse named after its call', () => {
    const { body, url } = build('gemini', TOOL_TURN, { thinking: 512 });
    expect(url).toBe(`${sim.origin}/gemini/v1beta/models/model-x:streamGenerateContent?alt=sse`);
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(body.generationConfig).toEqual({ thinkingConfig: { includeThoughts: true, thinkingBudget: 512 } });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo? tps=5000 delay=0' }] },
      { role: 'model', parts: [{ text: 'Let me check.' }, { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: -3 } } }] },
    ]);
  });
});
