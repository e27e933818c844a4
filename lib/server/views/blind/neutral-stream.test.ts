import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import { StreamReader } from '@/lib/assemble/stream-reader';
import type { AssembledMessage } from '@/lib/assemble/message';
import { bffMarkers, parseBffMarker } from '@/lib/sse/bff-marker';
import { fixtures, fixtureText } from '@/tests/support/fixtures';
import { NeutralStream } from './neutral-stream';

/** What a reply is, as the page shows it: the neutral stream must keep all of it. */
function shown(m: AssembledMessage) {
  return {
    status: m.status,
    text: m.text,
    thinking: m.thinking,
    refusal: m.refusal,
    finishReason: m.finishReason,
    error: m.error?.message,
    toolCalls: m.toolCalls.filter((c) => !c.server).map((c) => ({ name: c.name, args: c.args, argsText: c.argsText })),
    usage: { ...m.usage, cacheWriteTokens: undefined },
  };
}

function neutral(protocol: Parameters<typeof assembleRecording>[0], text: string, chunk = 7): string {
  const stream = new NeutralStream({ protocol, label: 'A', hide: [] });
  const out: string[] = [];
  // Cut at awkward places: the neutral items come whole whatever the chunks.
  for (let i = 0; i < text.length; i += chunk) out.push(...stream.push(text.slice(i, i + chunk)));
  out.push(...stream.end());
  return out.join('');
}

const MODEL_OR_ID = /"model":"(?!A")|chatcmpl-|msg_|resp_|toolu_|claude|gemini|gpt-|"type":"message|candidates/i;

/** The neutral stream without what the reply itself says (a reply may name its model: that is the vote's check, not a leak here). */
function withoutContent(out: string): string {
  return out.replace(/"(content|reasoning_content|refusal|arguments)":"(?:[^"\\]|\\.)*"/g, '"$1":"…"');
}

describe('NeutralStream', () => {
  it.each(fixtures().map((f) => [f.file, f] as const))('%s reads back as the same reply, naming no one', (_file, fixture) => {
    const text = fixtureText(fixture.file);
    const out = neutral(fixture.protocol, text);
    const before = assembleRecording(fixture.protocol, text);
    const after = assembleRecording('openai-chat', out);
    expect(shown(after)).toEqual(shown(before));
    expect(withoutContent(out)).not.toMatch(MODEL_OR_ID);
  });

  it('writes a fixture’s decoded reply as these exact bytes', () => {
    const out = neutral('anthropic-messages', fixtureText('anthropic-messages/tool-use-empty-input.sse'), 1);
    const head = '"id":"blind-A","object":"chat.completion.chunk","created":0,"model":"A"';
    const lines = out.split('\n\n').filter(Boolean);
    expect(lines[0]).toBe(
      `data: {${head},"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`,
    );
    expect(lines).toContain(
      `data: {${head},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_A0","type":"function",` +
        '"function":{"name":"pelican_name_generator","arguments":""}}]},"finish_reason":null}]}',
    );
    expect(lines.at(-1)).toBe('data: [DONE]');
    expect(lines.at(-2)).toBe(`data: {${head},"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`);
    expect(lines.at(-3)).toBe(
      `data: {${head},"choices":[],"usage":{"prompt_tokens":543,"completion_tokens":40,"prompt_tokens_details":{"cached_tokens":0}}}`,
    );
  });

  it('keeps each upstream chunk’s time: its events come out with the chunk that completed them', () => {
    const stream = new NeutralStream({ protocol: 'openai-chat', label: 'B', hide: [] });
    const chunk = (content: string) =>
      `data: {"id":"chatcmpl-x","model":"gpt-4o","choices":[{"index":0,"delta":{"content":"${content}"}}]}\n\n`;
    expect(stream.push(chunk('Hel').slice(0, 20), 5)).toEqual([]);
    const second = stream.push(chunk('Hel').slice(20) + chunk('lo'), 9);
    expect(second).toHaveLength(3); // the role chunk, then the two deltas
    expect(second.join('')).not.toContain('gpt-4o');
  });

  it('passes the markers with their nonce, the upstream marker emptied of the exchange', () => {
    const markers = bffMarkers('0123456789abcdef');
    const upstream = markers.upstream({
      request: {
        method: 'POST',
        url: 'https://api.anthropic.com/v1/messages',
        headers: { 'x-api-key': '[redacted]' },
        body: { model: 'claude-x' },
      },
      response: { status: 200, headers: { 'request-id': 'req_1' } },
      messageId: 'm1',
      inputTokensEstimate: 12,
      timing: { sluiceMs: 1, upstreamMs: 30 },
    });
    const end = markers.end({ reason: 'upstream-idle', message: 'claude-x at sim-anthropic sent nothing' });
    const stream = new NeutralStream({ protocol: 'anthropic-messages', label: 'C', hide: ['claude-x', 'sim-anthropic'] });
    const out = [...stream.push(markers.open + upstream + end), ...stream.end()].join('');
    expect(out).not.toMatch(/anthropic|claude|req_1/i);
    const [open, exchange, ended] = out
      .split('\n')
      .filter(Boolean)
      .map((line) => parseBffMarker(line.slice(2), '0123456789abcdef'));
    expect(open).toEqual({ kind: 'open' });
    expect(exchange).toEqual({
      kind: 'upstream',
      exchange: {
        request: { method: 'POST', url: 'https://blind.invalid/C', headers: {}, body: { model: 'C' } },
        response: { status: 200, headers: { 'content-type': 'text/event-stream' } },
        messageId: 'm1',
        inputTokensEstimate: 12,
        timing: { sluiceMs: 1, upstreamMs: 30 },
      },
    });
    expect(ended).toEqual({ kind: 'end', end: { reason: 'upstream-idle', message: 'C at C sent nothing' } });
  });

  it('is read by the page’s reader as the reply, with the markers understood', () => {
    const markers = bffMarkers('00000000000000aa');
    const raw =
      markers.open +
      fixtureText('anthropic-messages/stop-sequence.sse') +
      markers.end({ reason: 'stopped', message: 'Stopped.' });
    const stream = new NeutralStream({ protocol: 'anthropic-messages', label: 'A', markerNonce: '00000000000000aa', hide: [] });
    const reader = new StreamReader('openai-chat', undefined, { markerNonce: '00000000000000aa' });
    for (const item of stream.push(raw)) reader.push(item, 1);
    for (const item of stream.end()) reader.push(item, 1);
    const reply = reader.finish('ended', 2);
    expect(reply.status).toBe('stopped');
    expect(reply.text).toBe(assembleRecording('anthropic-messages', fixtureText('anthropic-messages/stop-sequence.sse')).text);
  });
});
