/**
 * The Anthropic Messages decoder, read through the assembler. Quirks from the gateways'
 * own streaming documents (the five seed documents): each must decode and assemble
 * correctly. Then the quirks real streams showed, each against a case in
 * tests/fixtures/wire/hand-written (the recordings table, lib/assemble/recordings.test.ts,
 * checks their status; these check what they carry). docs/protocols.md states each rule.
 */
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import type { ProtocolId } from '@/lib/protocols/ids';
import { assembleHandWritten as read } from '@/tests/support/hand-written';

const run = (protocol: ProtocolId, text: string) => assembleRecording(protocol, text);

describe('gateway quirks', () => {
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

  it('event: error then close (Nimbus)', () => {
    const m = run(
      'anthropic-messages',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n' +
        'event: error\ndata: {"type":"error","error":{"type":"upstream_error",' +
        '"message":"Upstream anthropic disconnected after 812 output tokens.","code":"upstream_disconnect"}}\n\n',
    );
    expect(m).toMatchObject({
      status: 'error',
      error: { message: 'Upstream anthropic disconnected after 812 output tokens.', code: 'upstream_error' },
    });
  });

  it('unknown event types pass through, counted, never fatal', () => {
    const m = run(
      'anthropic-messages',
      'event: brand_new\ndata: {"type":"brand_new","x":1}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(m).toMatchObject({ status: 'complete', unknownEvents: 1 });
  });
});

describe('Anthropic: a block or a whole message can arrive at once', () => {
  it('reads message_start’s content, stop_reason and usage as the SDK’s accumulator does', () => {
    const m = read('anthropic-messages/message-start-whole-message.sse');
    expect(m.text).toBe('Let me look that up.');
    expect(m.toolCalls).toMatchObject([{ id: 'toolu_01', name: 'get_weather', args: { city: 'Reykjavík', units: 'metric' } }]);
    expect(m).toMatchObject({
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      usage: { inputTokens: 412, outputTokens: 38 },
    });
  });

  it('reads a thinking block whole in content_block_start, with its signature', () => {
    const m = read('anthropic-messages/content-block-start-whole-blocks.sse');
    expect(m.thinking).toBe('The user wants a haiku.');
    expect(m.parts[0]).toMatchObject({ type: 'thinking', signature: 'EqQBCkYIBxgCKkBsig==' });
    expect(m.text).toBe('Snow on the lava, steam rising.');
  });
});
