/**
 * The Gemini decoder, read through the assembler: the quirks real streams showed, each
 * against a case in tests/fixtures/wire/hand-written (the recordings table,
 * lib/assemble/recordings.test.ts, checks their status; these check what they carry).
 * docs/protocols.md states each rule.
 */
import { describe, expect, it } from 'vitest';
import { assembleHandWritten as read } from '@/tests/support/hand-written';

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

describe('Gemini: text after the last event, with a comment line after it', () => {
  // The BFF's end marker follows a stream that ended without its blank line: the marker stays
  // in the leftover's text, in wire order (lib/sse/parser.ts), and is no part of what it says.
  const marker = ': sluice 0123456789abcdef end {"reason":"upstream-eof"}\n';
  const decode = async (text: string) => {
    const { StreamReader } = await import('@/lib/assemble/stream-reader');
    const reader = new StreamReader('gemini');
    reader.push(new TextEncoder().encode(text), 0);
    return reader.finish('ended', 0);
  };

  it('reads a last event without its blank line', async () => {
    const m = await decode(`data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]},"finishReason":"STOP"}]}\r\n${marker}`);
    expect(m.text).toBe('Hi');
    expect(m.status).toBe('complete');
  });

  it('reads a bare JSON error body', async () => {
    const error = '{\n  "error": {"code": 499, "message": "cancelled", "status": "CANCELLED"}\n}\n';
    const m = await decode(`data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]}}]}\n\n${error}${marker}`);
    expect(m.status).toBe('error');
    expect(m.error?.message).toContain('cancelled');
  });
});
