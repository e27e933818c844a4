'use client';

import { memo, useRef } from 'react';
import { defaultRehypePlugins, Streamdown } from 'streamdown';
import { codeHighlighter } from '@/lib/client/code-highlighter';
import { BlockSplitter } from '@/lib/client/markdown-blocks';

/** Finished blocks are highlighted (Shiki, asynchronously); the streaming tail stays plain. */
const HIGHLIGHT = { code: codeHighlighter };
const PLAIN = {};
/**
 * Raw HTML is skipped, so rehype-raw (which re-parses every block's tree through an
 * HTML parser) would only cost time; sanitizing and link hardening stay.
 */
const REHYPE = [defaultRehypePlugins.sanitize!, defaultRehypePlugins.harden!];

/** Our blocks are Streamdown's blocks: splitting them again (its marked lexer) measured a tenth of a reply's main-thread time. */
const asOneBlock = (markdown: string) => [markdown];

/**
 * One block, rendered once: it only changes while it is the streaming tail. A finished
 * block renders in Streamdown's static mode (no splitting, no completion of unfinished
 * syntax); the tail streams, its unfinished syntax completed.
 */
const Block = memo(function Block({ text, tail }: { text: string; tail: boolean }) {
  // Model output is untrusted: no raw HTML; Streamdown hardens links and images.
  return (
    <div className={tail ? undefined : 'md-block-done'}>
      {tail ? (
        <Streamdown parseIncompleteMarkdown skipHtml rehypePlugins={REHYPE} plugins={PLAIN} parseMarkdownIntoBlocksFn={asOneBlock}>
          {text}
        </Streamdown>
      ) : (
        <Streamdown mode="static" skipHtml rehypePlugins={REHYPE} plugins={HIGHLIGHT}>
          {text}
        </Streamdown>
      )}
    </div>
  );
});

/** Finished blocks per group: a frame lays out the groups, not every block of a long reply. */
const GROUP_SIZE = 32;

/**
 * A run of finished blocks. Blocks only ever append, so a group whose first and last
 * blocks and count are unchanged is unchanged, and a full group never renders again.
 */
const Group = memo(
  function Group({ blocks }: { blocks: readonly string[] }) {
    return (
      <div className={blocks.length === GROUP_SIZE ? 'md-group-full' : undefined}>
        {blocks.map((block, i) => (
          <Block key={i} text={block} tail={false} />
        ))}
      </div>
    );
  },
  (a, b) => a.blocks.length === b.blocks.length && a.blocks[0] === b.blocks[0] && a.blocks.at(-1) === b.blocks.at(-1),
);

function groupsOf(blocks: readonly string[]): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < blocks.length; i += GROUP_SIZE) groups.push(blocks.slice(i, i + GROUP_SIZE));
  return groups;
}

/**
 * Streaming markdown (GFM). The text is split into blocks incrementally: finished
 * blocks are parsed once and memoized, and a frame re-parses only the tail, so its
 * cost does not grow with the reply (the ui benchmark measured whole-text lexing at
 * 3.5x the per-frame cost for 50k tokens). Finished blocks sit in groups that skip
 * layout off screen: with one flat list, every frame re-laid out thousands of siblings
 * (the forced layout of following the tail grew with the reply's length).
 */
export const Markdown = memo(function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  const splitter = useRef<BlockSplitter>(null);
  splitter.current ??= new BlockSplitter();
  const { done, tail } = splitter.current.update(text);
  return (
    <div className="prose-sluice">
      {groupsOf(done).map((blocks, i) => (
        <Group key={i} blocks={blocks} />
      ))}
      {tail ? <Block text={tail} tail={streaming} /> : null}
    </div>
  );
});
