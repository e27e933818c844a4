/**
 * Quirks from the gateways' own streaming documents (the five seed documents): each must
 * decode and assemble correctly.
 */
import { describe, expect, it } from 'vitest';
import type { ProtocolId } from '@/lib/protocols/ids';
import { assembleRecording } from './assemble-recording';

const chunk = (delta: object, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-abc', object: 'chat.completion.chunk', choices: [{ delta, index: 0 }], ...extra })}\n\n`;
const run = (protocol: ProtocolId, text: string) => assembleRecording(protocol, text);

describe('gateway quirks', () => {
  it('chunks without created, model or finish_reason (a self-hosted gateway)', () => {
    const m = run('openai-chat', chunk({ content: 'Quantum' }) + chunk({ content: ' entanglement' }) + 'data: [DONE]\n\n');
    expect(m).toMatchObject({ status: 'complete', text: 'Quantum entanglement' });
    expect(m.finishReason).toBeUndefined();
  });

  it('one event carried on several data: lines (NanoGPT)', () => {
    const m = run('openai-chat', 'data: {"choices":[{"index":0,\ndata: "delta":{"content":"multi-line"}}]}\n\ndata: [DONE]\n\n');
    expect(m.text).toBe('multi-line');
    expect(m.malformedEvents).toBe(0);
  });

  it('CRLF framing, id: lines on every event, event: ping (Nimbus, Anthropic format)', () => {
    const events = [
      [
        'message_start',
        {
          type: 'message_start',
          message: { id: 'msg_01', model: 'anthropic/claude-opus-4.5', usage: { input_tokens: 41, output_tokens: 0 } },
        },
      ],
      ['ping', { type: 'ping' }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' world' } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }],
      ['message_stop', { type: 'message_stop' }],
    ] as const;
    const text = events
      .map(([name, data], i) => `id: ${i + 1}\r\nevent: ${name}\r\ndata: ${JSON.stringify(data)}\r\n\r\n`)
      .join('');
    expect(run('anthropic-messages', text)).toMatchObject({
      status: 'complete',
      text: 'Hello world',
      finishReason: 'stop',
      usage: { inputTokens: 41, outputTokens: 2 },
    });
  });

  it(': keep-alive comments anywhere', () => {
    const m = run(
      'openai-chat',
      ': keep-alive\n\n' + chunk({ content: 'a' }) + ': keep-alive\n\n' + chunk({ content: 'b' }) + 'data: [DONE]\n\n',
    );
    expect(m.text).toBe('ab');
  });

  it('data: {"error":…} then data: [DONE] ends as error, not complete (Chuizi)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'partial' }) +
        'data: {"error":{"message":"Upstream provider timeout","type":"server_error","code":"504"}}\n\ndata: [DONE]\n\n',
    );
    expect(m).toMatchObject({ status: 'error', text: 'partial', error: { message: 'Upstream provider timeout', code: '504' } });
  });

  it('event: error then close (Nimbus)', () => {
    const m = run(
      'anthropic-messages',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\nevent: error\ndata: {"type":"error","error":{"type":"upstream_error","message":"Upstream anthropic disconnected after 812 output tokens.","code":"upstream_disconnect"}}\n\n',
    );
    expect(m).toMatchObject({
      status: 'error',
      error: { message: 'Upstream anthropic disconnected after 812 output tokens.', code: 'upstream_error' },
    });
  });

  it('usage only on the finish chunk (Chuizi, Nimbus)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'In' }) +
        chunk(
          {},
          {
            choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
            usage: { prompt_tokens: 14, completion_tokens: 17, total_tokens: 31 },
          },
        ) +
        'data: [DONE]\n\n',
    );
    expect(m).toMatchObject({ finishReason: 'stop', usage: { inputTokens: 14, outputTokens: 17, totalTokens: 31 } });
  });

  it('usage only on a separate empty-choices chunk (include_usage)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'x' }, { choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'stop' }] }) +
        'data: {"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}\n\ndata: [DONE]\n\n',
    );
    expect(m.usage).toEqual({ inputTokens: 3, outputTokens: 1, totalTokens: 4 });
  });

  it('EOF without a terminal marker is truncated (NanoGPT)', () => {
    expect(run('openai-chat', chunk({ content: 'cut' })).status).toBe('truncated');
    expect(run('openai-responses', 'data: {"type":"response.output_text.delta","delta":"cut"}\n\n').status).toBe('truncated');
  });

  it('tool-call arguments split mid-token, id and name only on the first fragment (Nimbus)', () => {
    const m = run(
      'openai-chat',
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Reykjavik"}' } }] }) +
        chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
        'data: [DONE]\n\n',
    );
    expect(m.toolCalls).toEqual([
      { id: 'call_abc', name: 'get_weather', argsText: '{"city":"Reykjavik"}', args: { city: 'Reykjavik' } },
    ]);
  });

  it('tool arguments that never parse are kept as text and flagged', () => {
    const m = run(
      'openai-chat',
      chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a": tru' } }] }) + 'data: [DONE]\n\n',
    );
    expect(m.toolCalls[0]).toMatchObject({ argsText: '{"a": tru' });
    expect(m.toolCalls[0]!.args).toBeUndefined();
    expect(m.toolCalls[0]!.argsError).toMatch(/JSON/);
  });

  it('unknown event types pass through, counted, never fatal', () => {
    const m = run(
      'anthropic-messages',
      'event: brand_new\ndata: {"type":"brand_new","x":1}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(m).toMatchObject({ status: 'complete', unknownEvents: 1 });
  });

  it('a non-SSE 502 body mid-stream (DGX Spark) is not mistaken for events', () => {
    const m = run('openai-chat', chunk({ content: 'Hello' }) + '{"error":{"message":"Bad gateway","code":502}}');
    expect(m).toMatchObject({ status: 'truncated', text: 'Hello' });
  });
});
