import { describe, expect, it } from 'vitest';
import type { Provider } from '@/lib/providers/types';
import { jsonReply } from './json-reply';
import { modelOf, protocolOfPath, proxyTarget } from './target';

const provider = (id: string, baseUrl: string, extra: Partial<Provider> = {}) =>
  ({ id, name: id, protocol: 'openai-chat', baseUrl, headers: {}, secrets: [], builtin: false, ...extra }) as Provider;
const providers = [
  provider('openai', 'https://api.openai.com/v1'),
  provider('claude', 'https://api.anthropic.com/v1', { protocol: 'anthropic-messages' }),
  provider('gemini', 'https://generativelanguage.googleapis.com/v1beta', { protocol: 'gemini' }),
  provider('root', 'http://gw.local'),
  provider('c1', 'http://gw.local', { path: '/c1/chat' }),
];

describe('proxyTarget', () => {
  it('puts the rest of the path and the query after the baseUrl', () => {
    expect(proxyTarget('/proxy/openai/chat/completions?x=1', providers)).toMatchObject({
      path: '/chat/completions',
      url: 'https://api.openai.com/v1/chat/completions?x=1',
    });
    expect(proxyTarget('/proxy/root', providers)).toMatchObject({ path: '/', url: 'http://gw.local' });
  });

  it('does not repeat the version segment the baseUrl ends with (the SDKs add their own)', () => {
    expect(proxyTarget('/proxy/claude/v1/messages', providers)).toMatchObject({ url: 'https://api.anthropic.com/v1/messages' });
    expect(proxyTarget('/proxy/claude/messages', providers)).toMatchObject({ url: 'https://api.anthropic.com/v1/messages' });
    expect(proxyTarget('/proxy/gemini/v1beta/models/g:streamGenerateContent?alt=sse', providers)).toMatchObject({
      path: '/models/g:streamGenerateContent',
      url: 'https://generativelanguage.googleapis.com/v1beta/models/g:streamGenerateContent?alt=sse',
    });
    // Only a whole segment: /v1beta is not /v1.
    expect(proxyTarget('/proxy/claude/v1beta/x', providers)).toMatchObject({ url: 'https://api.anthropic.com/v1/v1beta/x' });
  });

  it('names an unknown provider, and refuses what is not under the mount', () => {
    expect(proxyTarget('/proxy/nobody/x', providers)).toEqual({ unknown: 'nobody' });
    expect(proxyTarget('/proxy/%E0%A4%A/x', providers)).toEqual({ malformed: true });
    expect(proxyTarget('/api/x', providers)).toEqual({ malformed: true });
  });
});

describe('what a path and a body say', () => {
  it('the protocol by its endpoint, or a gateway’s configured path', () => {
    expect(protocolOfPath('/chat/completions', providers[0]!)).toBe('openai-chat');
    expect(protocolOfPath('/responses', providers[0]!)).toBe('openai-responses');
    expect(protocolOfPath('/messages', providers[1]!)).toBe('anthropic-messages');
    expect(protocolOfPath('/models/g:generateContent', providers[2]!)).toBe('gemini');
    expect(protocolOfPath('/c1/chat', providers[4]!)).toBe('openai-chat');
    expect(protocolOfPath('/embeddings', providers[0]!)).toBeUndefined();
  });

  it('the model from the body, or from Gemini’s path', () => {
    expect(modelOf('/chat/completions', '{"model":"gpt-4.1","messages":[]}')).toBe('gpt-4.1');
    expect(modelOf('/models/gemini-2.5-flash:streamGenerateContent', '{}')).toBe('gemini-2.5-flash');
    expect(modelOf('/chat/completions', 'not json "model"')).toBeUndefined();
  });

  it('a non-streamed answer read as its stream would be: Responses and Gemini', () => {
    expect(
      jsonReply(
        'openai-responses',
        JSON.stringify({
          output: [{ type: 'reasoning' }, { type: 'message', content: [{ type: 'output_text', text: 'Hi.' }] }],
          usage: { input_tokens: 5, output_tokens: 9, output_tokens_details: { reasoning_tokens: 4 } },
        }),
      ),
    ).toMatchObject({ text: 'Hi.', usage: { inputTokens: 5, outputTokens: 9, reasoningTokens: 4 } });
    expect(
      jsonReply(
        'gemini',
        JSON.stringify({
          candidates: [{ content: { parts: [{ text: 'plan', thought: true }, { text: 'Go.' }] } }],
          usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, thoughtsTokenCount: 5 },
        }),
      ),
    ).toMatchObject({ text: 'Go.', thinking: 'plan', usage: { inputTokens: 3, outputTokens: 7, reasoningTokens: 5 } });
    expect(jsonReply('openai-chat', '<html>')).toBeUndefined();
  });
});
