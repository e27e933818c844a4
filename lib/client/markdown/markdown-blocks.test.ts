import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BlockSplitter, splitBlocks } from './markdown-blocks';

describe('markdown block splitting', () => {
  it('splits at blank lines, never inside fenced code', () => {
    const text = '# Title\n\nPara one\nstill one\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n| a |\n| - |\n\ntail';
    expect(splitBlocks(text)).toEqual([
      '# Title\n\n',
      'Para one\nstill one\n\n',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n',
      '| a |\n| - |\n\n',
      'tail',
    ]);
  });

  it('keeps an open fence in the tail', () => {
    expect(splitBlocks('intro\n\n```py\nx = 1\n\ny = 2')).toEqual(['intro\n\n', '```py\nx = 1\n\ny = 2']);
  });

  it('loses nothing, and the incremental split equals the whole split, however the text grows', () => {
    const piece = fc.constantFrom('word ', '\n', '\n\n', '```', '```ts\n', '~~~', '- item\n', '| a | b |\n', '   ', '# h\n');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 }),
        (pieces, steps) => {
          const text = pieces.join('');
          const splitter = new BlockSplitter();
          let at = 0;
          for (const step of steps) {
            at = Math.min(text.length, at + step * 3);
            splitter.update(text.slice(0, at));
          }
          const { done, tail } = splitter.update(text);
          expect([...done, tail].join('')).toBe(text);
          expect([...done, tail]).toEqual(splitBlocks(text));
        },
      ),
    );
  });

  it('keeps only its blocks: a finished block does not hold on to the whole text it was cut from', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const splitter = new BlockSplitter();
    let text = '';
    gc();
    const before = process.memoryUsage().heapUsed;
    // Grown by appending, as the assembler grows a reply: each update sees a longer string.
    for (let i = 0; i < 2000; i++) {
      text += `Paragraph ${i}, a few words long.\n\n`;
      splitter.update(text);
    }
    gc();
    const held = process.memoryUsage().heapUsed - before;
    // The blocks and the text are ~70 kB; a block that kept its whole source alive would make it ~70 MB.
    expect(held).toBeLessThan(20 * text.length);
  });
});
