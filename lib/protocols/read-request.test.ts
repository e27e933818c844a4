import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatParams } from './conversation';
import { PROTOCOLS, type ProtocolId } from './ids';
import { readRequestText } from './read-request';
import { protocolModule } from './registry';

const TOOL = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};
const TURN: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Oslo?' },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', text: 'I should call the tool.', signature: 'sig-abc' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: '{"temp":-3}' }] },
  { role: 'user', content: 'And tomorrow?' },
];
const PARAMS: ChatParams = { maxTokens: 50, thinking: 8192, tools: [TOOL] };

const target = (protocol: ProtocolId) => ({ protocol, baseUrl: 'https://upstream.example/v1', headers: {} });
const built = (protocol: ProtocolId, messages = TURN, params = PARAMS) =>
  JSON.stringify(protocolModule(protocol).buildRequest({ target: target(protocol), model: 'model-x', messages, params }).body);

/** What each protocol's request keeps of the turn: only Anthropic sends signed thinking back; results learn their tool's name. */
function kept(protocol: ProtocolId): ChatMessage[] {
  return TURN.map((m) => {
    if (m.role === 'assistant' && protocol !== 'anthropic-messages' && Array.isArray(m.content))
      return { ...m, content: m.content.filter((p) => p.type !== 'thinking') };
    if (m.role === 'tool' && Array.isArray(m.content))
      return { ...m, content: m.content.map((p) => (p.type === 'tool-result' ? { ...p, name: 'get_weather' } : p)) };
    return m;
  });
}

describe.each(PROTOCOLS)('%s: a request read back', (protocol) => {
  it('gives the conversation and the parameters its request was built from', () => {
    const read = readRequestText(protocol, built(protocol));
    expect(read?.messages).toEqual(kept(protocol));
    expect(read?.params).toEqual(PARAMS);
    expect(read?.model).toBe(protocol === 'gemini' ? undefined : 'model-x');
  });

  it('keeps the temperature', () => {
    expect(readRequestText(protocol, built(protocol, TURN, { temperature: 0.3 }))?.params).toEqual({
      temperature: 0.3,
      ...(protocol === 'anthropic-messages' ? { maxTokens: 4096 } : {}),
    });
  });

  it('is undefined for a body that is not JSON, or names no message', () => {
    expect(readRequestText(protocol, '{"model":"m","messages":[{"role":"us')).toBeUndefined();
    expect(readRequestText(protocol, '[]')).toBeUndefined();
    expect(readRequestText(protocol, '{"model":"m"}')).toBeUndefined();
  });
});

describe('bodies as apps write them', () => {
  it('Chat Completions: developer role, content parts, results merged, max_completion_tokens, bad tool names left out', () => {
    const read = readRequestText(
      'openai-chat',
      JSON.stringify({
        model: 'gpt-x',
        max_completion_tokens: 99,
        reasoning_effort: 'high',
        messages: [
          { role: 'developer', content: [{ type: 'text', text: 'Terse.' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is ' },
              { type: 'image_url', image_url: { url: 'data:' } },
              { type: 'text', text: 'this?' },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'look', arguments: '{"x":1}' } },
              { id: 'b', type: 'function', function: { name: 'look', arguments: '{"x":' } },
            ],
          },
          { role: 'tool', tool_call_id: 'a', content: 'one' },
          { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'two' }] },
        ],
        tools: [
          { type: 'function', function: { name: 'look', parameters: { type: 'object' } } },
          { type: 'function', function: { name: 'bad name!' } },
        ],
      }),
    );
    expect(read).toEqual({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Terse.' },
        { role: 'user', content: 'What is this?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'a', name: 'look', args: { x: 1 } },
            { type: 'tool-call', id: 'b', name: 'look', args: '{"x":' },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', callId: 'a', name: 'look', content: 'one' },
            { type: 'tool-result', callId: 'b', name: 'look', content: 'two' },
          ],
        },
      ],
      params: { maxTokens: 99, thinking: 16384, tools: [{ name: 'look', parameters: { type: 'object' } }] },
    });
  });

  it('Anthropic: system blocks, string content, a user turn with results and text, server tools left out', () => {
    const read = readRequestText(
      'anthropic-messages',
      JSON.stringify({
        model: 'claude-x',
        max_tokens: 1000,
        system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
        messages: [
          { role: 'user', content: 'Search it' },
          {
            role: 'assistant',
            content: [
              { type: 'redacted_thinking', data: 'opaque' },
              { type: 'tool_use', id: 'tu_1', name: 'find', input: { q: 'x' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'tu_1', content: [{ type: 'text', text: 'nothing' }], is_error: true },
              { type: 'text', text: 'Try again' },
            ],
          },
        ],
        tools: [
          { name: 'find', input_schema: { type: 'object' } },
          { type: 'web_search_20250305', name: 'web_search' },
        ],
      }),
    );
    expect(read).toEqual({
      model: 'claude-x',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Search it' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: '', redacted: 'opaque' },
            { type: 'tool-call', id: 'tu_1', name: 'find', args: { q: 'x' } },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'tu_1', name: 'find', content: 'nothing', isError: true }] },
        { role: 'user', content: 'Try again' },
      ],
      params: { maxTokens: 1000, tools: [{ name: 'find', parameters: { type: 'object' } }] },
    });
  });

  it('Responses: a string input, message items with output_text, reasoning summaries', () => {
    expect(readRequestText('openai-responses', JSON.stringify({ model: 'gpt-x', input: 'Hello' }))).toEqual({
      model: 'gpt-x',
      messages: [{ role: 'user', content: 'Hello' }],
      params: {},
    });
    const read = readRequestText(
      'openai-responses',
      JSON.stringify({
        model: 'gpt-x',
        input: [
          { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Terse.' }] },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
          { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Greet back.' }] },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello!' }] },
          { role: 'user', content: 'Bye' },
        ],
      }),
    );
    expect(read?.messages).toEqual([
      { role: 'system', content: 'Terse.' },
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Greet back.' },
          { type: 'text', text: 'Hello!' },
        ],
      },
      { role: 'user', content: 'Bye' },
    ]);
  });

  it('Gemini: thought parts, ids of its own, a plain result, snake_case system instruction', () => {
    const read = readRequestText(
      'gemini',
      JSON.stringify({
        system_instruction: { parts: [{ text: 'Terse.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Weather?' }] },
          {
            role: 'model',
            parts: [
              { text: 'Thinking it over', thought: true },
              { functionCall: { name: 'weather', args: { city: 'Oslo' } } },
              { functionCall: { name: 'weather', args: { city: 'Bergen' } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'weather', response: { result: 'sunny' } } },
              { functionResponse: { name: 'weather', response: { temp: 3 } } },
            ],
          },
        ],
        generationConfig: { maxOutputTokens: 64 },
      }),
    );
    expect(read).toEqual({
      messages: [
        { role: 'system', content: 'Terse.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'Thinking it over' },
            { type: 'tool-call', id: 'call_1', name: 'weather', args: { city: 'Oslo' } },
            { type: 'tool-call', id: 'call_2', name: 'weather', args: { city: 'Bergen' } },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', callId: 'call_1', name: 'weather', content: 'sunny' },
            { type: 'tool-result', callId: 'call_2', name: 'weather', content: '{"temp":3}' },
          ],
        },
      ],
      params: { maxTokens: 64 },
    });
  });
});
