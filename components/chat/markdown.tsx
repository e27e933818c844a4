'use client';

import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { BlockSplitter } from '@/lib/client/markdown-blocks';
import { markdownToHast } from '@/lib/markdown/to-hast';
import { CodeBlock } from './code-block';

/**
 * Elements render as plain host elements, styled by `.prose-sluice` in the stylesheet:
 * only code blocks and tables need a component (links are hardened in the tree). Streamdown's per-element
 * components measured about half of a streaming reply's main-thread time.
 */
const table: Components['table'] = ({ children }) => (
  <div className="md-table">
    <table>{children}</table>
  </div>
);
const FINISHED: Partial<Components> = { pre: ({ node }) => <CodeBlock node={node} highlight />, table };
const STREAMING: Partial<Components> = { pre: ({ node }) => <CodeBlock node={node} highlight={false} />, table };

function render(tree: Root, components: Partial<Components>): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passNode: true, ignoreInvalidStyle: true });
}

/** A finished block: parsed and rendered once, its code highlighted. */
const Block = memo(function Block({ text }: { text: string }) {
  return <div className="md-block-done">{render(markdownToHast(text), FINISHED)}</div>;
});

/** The streaming tail, its unfinished syntax completed; re-rendered as it grows. */
function Tail({ text, streaming }: { text: string; streaming: boolean }) {
  const tree = useMemo(() => markdownToHast(text, streaming), [text, streaming]);
  return <div>{render(tree, streaming ? STREAMING : FINISHED)}</div>;
}

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
          <Block key={i} text={block} />
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
  // One splitter per message, kept across renders: it only ever reads what was appended.
  const [splitter] = useState(() => new BlockSplitter());
  const { done, tail } = splitter.update(text);
  return (
    <div className="prose-sluice">
      {groupsOf(done).map((blocks, i) => (
        <Group key={i} blocks={blocks} />
      ))}
      {tail ? <Tail text={tail} streaming={streaming} /> : null}
    </div>
  );
});
