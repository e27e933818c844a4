'use client';

import { memo } from 'react';
import { Streamdown } from 'streamdown';

/**
 * Streaming markdown (GFM). Streamdown splits the text into blocks and memoizes the
 * finished ones, so a frame re-parses only the tail; it repairs unfinished markdown
 * (an open fence, a half link) and hardens links and images. Model output is
 * untrusted: no raw HTML is rendered.
 */
export const Markdown = memo(function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Streamdown className="prose-sluice" parseIncompleteMarkdown={streaming} skipHtml>
      {text}
    </Streamdown>
  );
});
