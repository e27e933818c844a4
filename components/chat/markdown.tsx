'use client';

import { memo } from 'react';
import { createCodePlugin } from '@streamdown/code';
import { Streamdown } from 'streamdown';

/**
 * Streaming markdown (GFM). Streamdown splits the text into blocks and memoizes the
 * finished ones, so a frame re-parses only the tail; it repairs unfinished markdown
 * (an open fence, a half link) and hardens links and images. Model output is
 * untrusted: no raw HTML is rendered. Code is highlighted by Shiki, whose grammars
 * load lazily and highlight asynchronously, off the streaming path.
 */
const code = createCodePlugin({ themes: ['github-light', 'github-dark'] });
const plugins = { code };
export const Markdown = memo(function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Streamdown className="prose-sluice" parseIncompleteMarkdown={streaming} skipHtml plugins={plugins}>
      {text}
    </Streamdown>
  );
});
