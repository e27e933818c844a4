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
  provider('gw', 'https://gw.example.com/team-a/v1', { protocol: 'anthropic-messages' }),
  provider('sim', 'http://127.0.0.1:3000/api/sim/anthropic/v1', { protocol: 'anthropic-messages' }),
  provider('azure', 'https://x.openai.azure.com/openai/deployments/d1'),
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
  });

  // Each SDK's path, as it builds it from the base URL it is given (the proxy's), and where it must land.
  const sdkPaths: [string, string, string, string][] = [
    // OpenAI's SDKs and Codex: a base URL ending in /v1, then the endpoint.
    ['openai', '/chat/completions', 'https://api.openai.com/v1/chat/completions', '/chat/completions'],
    ['openai', '/responses', 'https://api.openai.com/v1/responses', '/responses'],
    ['openai', '/models', 'https://api.openai.com/v1/models', '/models'],
    ['openai', '/v1/chat/completions', 'https://api.openai.com/v1/chat/completions', '/chat/completions'],
    // Anthropic's SDK and Claude Code: a base URL without /v1.
    ['claude', '/v1/messages', 'https://api.anthropic.com/v1/messages', '/messages'],
    [
      'claude',
      '/v1/messages/count_tokens?beta=true',
      'https://api.anthropic.com/v1/messages/count_tokens?beta=true',
      '/messages/count_tokens',
    ],
    ['claude', '/api/hello', 'https://api.anthropic.com/api/hello', '/api/hello'],
    ['claude', '/api', 'https://api.anthropic.com/api', '/api'],
    ['claude', '/v1', 'https://api.anthropic.com/v1', '/'],
    // Only a whole segment is a version, and another one replaces the baseUrl's.
    ['claude', '/v1beta/x', 'https://api.anthropic.com/v1beta/x', '/v1beta/x'],
    ['claude', '/v1x/y', 'https://api.anthropic.com/v1/v1x/y', '/v1x/y'],
    ['claude', '/apis/x', 'https://api.anthropic.com/v1/apis/x', '/apis/x'],
    // Google's: /v1beta/models/…, /v1/… for another apiVersion, /upload/v1beta/files.
    [
      'gemini',
      '/v1/models/g:generateContent',
      'https://generativelanguage.googleapis.com/v1/models/g:generateContent',
      '/v1/models/g:generateContent',
    ],
    ['gemini', '/upload/v1beta/files', 'https://generativelanguage.googleapis.com/upload/v1beta/files', '/upload/v1beta/files'],
    // A gateway's base path: everything stays under its root, /team-a.
    ['gw', '/v1/messages', 'https://gw.example.com/team-a/v1/messages', '/messages'],
    ['gw', '/messages', 'https://gw.example.com/team-a/v1/messages', '/messages'],
    ['gw', '/api/hello', 'https://gw.example.com/team-a/api/hello', '/api/hello'],
    ['gw', '/v2/messages', 'https://gw.example.com/team-a/v2/messages', '/v2/messages'],
    ['sim', '/api/hello', 'http://127.0.0.1:3000/api/sim/anthropic/api/hello', '/api/hello'],
    // A baseUrl without a version: every path goes after it.
    ['root', '/v1/chat/completions', 'http://gw.local/v1/chat/completions', '/v1/chat/completions'],
    ['root', '/api/hello', 'http://gw.local/api/hello', '/api/hello'],
    [
      'azure',
      '/chat/completions?api-version=2024-10-21',
      'https://x.openai.azure.com/openai/deployments/d1/chat/completions?api-version=2024-10-21',
      '/chat/completions',
    ],
  ];
  it.each(sdkPaths)('%s %s → %s', (id, rest, url, path) => {
    expect(proxyTarget(`/proxy/${id}${rest}`, providers)).toMatchObject({ url, path });
  });

  // Each would take the request, with the provider's key, out of the base URL's root (/team-a), or could once an upstream decodes it.
  const refused: [string, RegExp][] = [
    ['/../../anything', /dot segment/],
    ['/%2e%2e/%2e%2e/anything', /dot segment/],
    ['/v1/%2E%2e/x', /dot segment/],
    ['/.%2e/x', /dot segment/],
    ['/./x', /dot segment/],
    ['/..', /dot segment/],
    ['/..;/..;/x', /dot segment/],
    ['/..%2f..%2fx', /encoded slash/],
    ['/%2F', /encoded slash/],
    ['/..%5c..%5cx', /encoded slash or backslash/],
    ['/%252e%252e/x', /doubly encoded/],
    ['/..\\..\\x', /backslash/],
    ['//evil.com/x', /empty segment/],
    ['/http://evil.com/x', /empty segment/],
    ['/v1/messages//x', /empty segment/],
    ['/a%0d%0aX-Injected:%20yes', /control character/],
    ['/a%00b', /control character/],
    ['/a\tb', /control character/],
    ['/a#fragment', /raw #/],
  ];
  it.each(refused)('refuses %s: %s', (rest, reason) => {
    const target = proxyTarget(`/proxy/gw${rest}?q=1`, providers);
    expect(target).toEqual({ refused: expect.stringMatching(reason) });
  });

  it('takes what real paths hold: dots inside a segment, colons, @, a trailing slash, anything in the query', () => {
    for (const [rest, url] of [
      [
        '/models/gemini-2.5-flash:streamGenerateContent',
        'https://gw.example.com/team-a/v1/models/gemini-2.5-flash:streamGenerateContent',
      ],
      ['/files/file-abc.jsonl/...', 'https://gw.example.com/team-a/v1/files/file-abc.jsonl/...'],
      ['/.well-known/x', 'https://gw.example.com/team-a/v1/.well-known/x'],
      // Vertex AI's model versions (`claude-sonnet-4@20250514`) are in its paths.
      [
        '/v1/projects/p/models/claude@2025:rawPredict',
        'https://gw.example.com/team-a/v1/projects/p/models/claude@2025:rawPredict',
      ],
      ['/models/', 'https://gw.example.com/team-a/v1/models/'],
      ['/x?next=http://a/../b%2f', 'https://gw.example.com/team-a/v1/x?next=http://a/../b%2f'],
    ])
      expect(proxyTarget(`/proxy/gw${rest}`, providers)).toMatchObject({ url });
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
