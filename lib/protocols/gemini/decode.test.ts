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
