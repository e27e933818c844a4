import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '@/lib/api/conversations';
import { bffMarkers } from '@/lib/sse/bff-marker';
import { maskEvents, maskMessage } from './mask';

const call = { id: 'toolu_01abc', name: 'get_weather', args: { city: 'Oslo' }, argsText: '{"city":"Oslo"}' };
const reply = {
  id: 'm1',
  role: 'assistant',
  createdAt: '2026-11-26T00:00:00.000Z',
  provider: 'sim-anthropic',
  model: 'claude-x',
  protocol: 'anthropic-messages',
  status: 'error',
  text: 'Hello',
  thinking: 'Hmm',
  refusal: null,
  parts: [
    { type: 'thinking', text: 'Hmm', signature: 'EqAD…' },
    { type: 'text', text: 'Hello' },
    { type: 'tool-call', call },
  ],
  toolCalls: [call],
  finishReason: 'tool-calls',
  rawFinishReason: 'tool_use',
  usage: { inputTokens: 10, outputTokens: 5, cacheWriteTokens: 3 },
  warnings: [{ kind: 'unknown', name: 'content_block_start', seqs: [2] }],
  error: { message: 'claude-x at sim-anthropic is overloaded', code: 'overloaded_error', upstreamBody: '{"type":"error"}' },
  timings: { requestStart: 1, firstToken: 20, end: 40 },
  pricing: { input: 3, output: 15, source: 'config' },
  cost: { usd: 1, input: 0.5, cachedInput: 0, cacheWrite: 0, output: 0.5 },
} as unknown as StoredMessage;

describe('maskMessage', () => {
  it('names the label and the neutral protocol, and keeps nothing else that tells the model apart', () => {
    const masked = maskMessage(reply, 1, ['sim-anthropic', 'claude-x']);
    expect(masked).toMatchObject({
      provider: 'blind',
      model: 'B',
      protocol: 'openai-chat',
      cost: null,
      rawFinishReason: 'tool_calls',
      text: 'Hello',
      toolCalls: [{ ...call, id: 'call_B0' }],
      parts: [
        { type: 'thinking', text: 'Hmm' },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', call: { ...call, id: 'call_B0' } },
      ],
      error: { message: 'B at B is overloaded', code: 'overloaded_error' },
      timings: { requestStart: 1, firstToken: 20, end: 40 },
    });
    expect(masked).not.toHaveProperty('pricing');
    expect(masked).not.toHaveProperty('warnings');
    expect(JSON.stringify(masked)).not.toMatch(/sim-anthropic|claude-x|toolu_|EqAD|tool_use|upstreamBody|cacheWrite/);
  });

  it('leaves a user message as it is', () => {
    const user = { id: 'u', role: 'user', content: 'hi', createdAt: '' } as StoredMessage;
    expect(maskMessage(user, 0, ['x'])).toBe(user);
  });
});

describe('maskEvents', () => {
  it('is the neutral stream of the stored items, at their times', () => {
    const markers = bffMarkers('00000000000000ab');
    const items = [
      { at: 0, raw: markers.open },
      { at: 5, raw: 'data: {"id":"chatcmpl-9","model":"gpt-4o","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n' },
      { at: 9, raw: 'data: [DONE]\n\n' },
      { at: 9, raw: markers.end({ reason: 'upstream-eof' }) },
    ];
    const masked = maskEvents({ items, truncated: false }, 'openai-chat', 0, ['gpt-4o']);
    expect(masked.truncated).toBe(false);
    expect(masked.items.map((i) => i.at)).toEqual([0, 5, 5, 9, 9]);
    expect(masked.items[0]!.raw).toBe(markers.open);
    expect(masked.items.at(-1)!.raw).toBe(markers.end({ reason: 'upstream-eof' }));
    expect(JSON.stringify(masked)).not.toMatch(/gpt-4o|chatcmpl-9/);
    expect(masked.items[2]!.raw).toContain('"content":"Hi"');
  });
});
