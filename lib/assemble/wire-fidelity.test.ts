/**
 * The quirks real streams and gateways showed, each against a hand-written case in
 * tests/fixtures/wire/hand-written (the recordings table checks their status; this
 * checks what they carry). docs/protocols.md states each rule.
 */
import { describe, expect, it } from 'vitest';
import { fixtures } from '@/tests/support/fixtures';
import { StreamReader } from './stream-reader';
import { assembleRecording } from './assemble-recording';

const read = (file: string) => {
  const fixture = fixtures().find((f) => f.file === `hand-written/${file}`)!;
  return assembleRecording(fixture.protocol, fixture.bytes);
};

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

describe('Gemini on Vertex: streamed function-call arguments', () => {
  it('builds nested objects and arrays from partialArgs paths (escaped keys, numbers, booleans, null)', () => {
    const m = read('gemini/vertex-partial-args-nested.sse');
    expect(m.toolCalls.map((c) => [c.name, c.args])).toEqual([
      [
        'saveRecipe',
        {
          recipe: {
            name: 'Plokkfiskur (fish stew)',
            steps: [
              { text: 'Boil the potatoes.', minutes: 20 },
              { text: 'Flake the fish.', optional: false },
            ],
            'serves.people': 4,
            'note "quoted"': null,
          },
          tags: ['icelandic', 'comfort'],
        },
      ],
      ['notify', { who: 'chef' }],
    ]);
  });

  it('finishes the arguments when no closing part comes: at the finish reason, or at the end of the stream', () => {
    expect(read('gemini/vertex-partial-args-unclosed.sse').toolCalls.map((c) => c.args)).toEqual([{ location: 'Akureyri' }]);
    expect(read('gemini/vertex-partial-args-cut.sse').toolCalls.map((c) => c.args)).toEqual([{ location: 'Höfn' }]);
  });
});

describe('Chat Completions through a gateway', () => {
  it('reads thinking, its signature and redacted thinking from Portkey’s content_blocks, and the text once', () => {
    const m = read('openai-chat/portkey-anthropic-thinking.sse');
    expect(m.thinking).toBe('Two plus two is four.');
    expect(m.parts).toMatchObject([
      { type: 'thinking', text: 'Two plus two is four.', signature: 'ErUBCkYIBhgCIkD0sig==' },
      { type: 'thinking', redacted: 'EmwKAhgBEgy3redacted' },
      { type: 'text', text: 'It is 4.' },
    ]);
    expect(m.text).toBe('It is 4.');
  });

  it('an error carried as the finish reason makes the reply an error with that reason', () => {
    const m = read('openai-chat/portkey-error-as-finish-reason.sse');
    expect(m).toMatchObject({
      status: 'error',
      text: 'Partial answer',
      error: { code: 'overloaded_error' },
      rawFinishReason: 'overloaded_error',
    });
  });

  it('a clean end after a finish reason is complete, though no [DONE] came; without one it is truncated', () => {
    expect(read('openai-chat/finish-reason-without-done.sse')).toMatchObject({ status: 'complete', text: 'All here.' });
    expect(read('openai-chat/no-finish-no-done.sse')).toMatchObject({ status: 'truncated', text: 'Cut off mid' });
  });
});

describe('the same reader in the server and the browser', () => {
  it('a BOM split across reads is stripped at the start of the stream', () => {
    const bytes = new TextEncoder().encode(
      '\uFEFFdata: {"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    );
    const reader = new StreamReader('openai-chat');
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1), i);
    expect(reader.finish('ended', bytes.length)).toMatchObject({ status: 'complete', text: 'hi' });
  });
});
