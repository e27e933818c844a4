'use client';

import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { memo, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { requestBlocks } from '@/lib/client/markdown/block-budget';
import { BlockSplitter } from '@/lib/client/markdown/markdown-blocks';
import { markdownTrees } from '@/lib/client/markdown/markdown-trees';
import { markdownStats } from '@/lib/client/render-stats';
import { markdownToHast } from '@/lib/markdown/to-hast';
import type { ParsedBlock } from '@/lib/markdown/tree-messages';
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
/** A reply's headings sit under the page's `h1` ("Sluice"): its `#` is an h2, and so on, h6 the deepest. */
const headings: Partial<Components> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };
const FINISHED: Partial<Components> = { pre: ({ node }) => <CodeBlock node={node} highlight />, table, ...headings };
const STREAMING: Partial<Components> = { pre: ({ node }) => <CodeBlock node={node} highlight={false} />, table, ...headings };

function render(tree: Root, components: Partial<Components>): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passNode: true, ignoreInvalidStyle: true });
}

/** One block's tree, rendered: a finished block has its code highlighted; it renders again only when its tree changes. */
const TreeBlock = memo(function TreeBlock({ tree, finished }: { tree: Root; finished: boolean }) {
  return <div>{render(tree, finished ? FINISHED : STREAMING)}</div>;
});

/** A parse on the page, counted for the tests. */
function parseHere(text: string, streaming: boolean): Root {
  markdownStats.mainThreadParses++;
  return markdownToHast(text, streaming);
}

/** A finished block parsed here, on the main thread: a stored reply's, or any when no worker can run. */
const TextBlock = memo(function TextBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const tree = useMemo(() => parseHere(text, streaming), [text, streaming]);
  return <TreeBlock tree={tree} finished={!streaming} />;
});

/** Finished blocks per group: a frame lays out the groups, not every block of a long reply. */
const GROUP_SIZE = 32;

/**
 * A block to render: its text, and its tree when the worker has parsed it. `live`
 * (the reply still streams) only matters while the tree is behind the text, and is
 * false otherwise: at a reply's end only the blocks still waiting render again, not
 * every block of a long reply.
 */
interface BlockItem {
  text: string;
  parsed?: ParsedBlock;
  finished: boolean;
  live: boolean;
  /** Not rendered as markdown yet (a reply opened from history renders from its end): shown as its text. */
  raw: boolean;
}

/** Whether a block's tree is of its current text and mode. */
const current = (text: string, parsed: ParsedBlock | undefined, finished: boolean): boolean =>
  parsed !== undefined && parsed.text === text && parsed.streaming !== finished;

function itemOf(text: string, parsed: ParsedBlock | undefined, finished: boolean, waiting: boolean, raw: boolean): BlockItem {
  return { text, parsed, finished, live: waiting && !current(text, parsed, finished), raw };
}

const sameItem = (a: BlockItem, b: BlockItem) =>
  a.text === b.text && a.parsed === b.parsed && a.finished === b.finished && a.live === b.live && a.raw === b.raw;
const sameItems = (a: readonly BlockItem[], b: readonly BlockItem[]) =>
  a.length === b.length && a.every((item, i) => sameItem(item, b[i]!));

/** A block not rendered yet: its markdown as plain text, about as tall as it will be, and found by the browser's find. */
function RawBlock({ text }: { text: string }) {
  return <div className="md-raw">{text}</div>;
}

/** Blocks a reply opened from history renders as markdown at once, counted from its end. */
const FIRST_BLOCKS = 12;

/**
 * How many blocks, counted from the end, render as markdown: all of a reply that
 * streams here; of a reply opened finished (from history), FIRST_BLOCKS at once and
 * then more each frame, from a budget all such replies share (lib/client/block-budget.ts).
 * Parsing a 50k-token reply's blocks in one render was one long task of 0.9-1.8 s as it
 * opened; from the end, because the page opens there.
 */
function useBlocksShown(total: number, streaming: boolean): number {
  const [shown, setShown] = useState(streaming ? Infinity : FIRST_BLOCKS);
  useEffect(() => {
    if (shown < total) return requestBlocks((more) => setShown((n) => n + more));
  }, [shown, total]);
  return shown;
}

/**
 * A block parsed by the worker is shown from its tree when the tree is of its current
 * text. While the reply streams, or its last trees are on their way, an older tree
 * stands in (the page runs a frame or so behind the text); a block whose tree will not
 * come is parsed here, so a finished reply never shows less than its text.
 */
const OffThreadBlock = memo(
  function OffThreadBlock({ item }: { item: BlockItem }) {
    const { text, parsed, finished, live } = item;
    if (parsed && current(text, parsed, finished)) return <TreeBlock tree={parsed.tree} finished={finished} />;
    if (!live) return <TextBlock text={text} streaming={!finished} />;
    return parsed ? <TreeBlock tree={parsed.tree} finished={false} /> : null;
  },
  // Items are made anew each render: a streaming update changes the tail's, and the other blocks of its group skip.
  (a, b) => sameItem(a.item, b.item),
);

/**
 * A run of blocks. Blocks only ever append, and a finished one changes at most once
 * more (when its tree arrives), so a full group soon never renders again.
 */
const Group = memo(
  function Group({ items, offThread }: { items: readonly BlockItem[]; offThread: boolean }) {
    return (
      <div className={items.length === GROUP_SIZE ? 'md-group-full' : undefined}>
        {items.map((item, i) =>
          item.raw ? (
            <RawBlock key={i} text={item.text} />
          ) : offThread ? (
            <OffThreadBlock key={i} item={item} />
          ) : (
            <TextBlock key={i} text={item.text} streaming={!item.finished} />
          ),
        )}
      </div>
    );
  },
  (a, b) => a.offThread === b.offThread && sameItems(a.items, b.items),
);

function groupsOf(items: readonly BlockItem[]): BlockItem[][] {
  const groups: BlockItem[][] = [];
  for (let i = 0; i < items.length; i += GROUP_SIZE) groups.push(items.slice(i, i + GROUP_SIZE));
  return groups;
}

/**
 * Streaming markdown (GFM). The text is split into blocks incrementally: finished
 * blocks are parsed once and memoized, and an update re-parses only the tail, so its
 * cost does not grow with the reply (the ui benchmark measured whole-text lexing at
 * 3.5x the per-frame cost for 50k tokens). While a reply streams, the parsing happens
 * in a worker (lib/client/markdown-trees.ts) and the page only renders the trees it
 * sends back, a frame or so behind the text; a stored reply parses here, once.
 * Finished blocks sit in groups that skip layout off screen: with one flat list,
 * every frame re-laid out thousands of siblings.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming,
  replyId,
  part = 0,
  trees,
}: {
  text: string;
  streaming: boolean;
  replyId?: string;
  part?: number;
  trees?: readonly (ParsedBlock | undefined)[];
}) {
  // One splitter per text, kept across renders: it only reads what was appended.
  const [splitter] = useState(() => new BlockSplitter());
  const { done, tail } = splitter.update(text);
  const workerUp = useSyncExternalStore(
    markdownTrees.subscribe,
    () => markdownTrees.available,
    () => false,
  );
  const offThread = replyId !== undefined && (streaming || trees !== undefined) && workerUp;
  useEffect(() => {
    if (offThread) markdownTrees.update(replyId, part, done, tail, streaming);
  }, [offThread, replyId, part, done, tail, streaming]);
  // Read as this render happens: the store update that brings the last trees also ends the wait.
  const waiting = streaming || (offThread && markdownTrees.isWaiting(replyId, part, done, tail, streaming));
  const count = done.length + (tail ? 1 : 0);
  const firstShown = count - useBlocksShown(count, streaming);
  const items = done.map((block, i) => itemOf(block, trees?.[i], true, waiting, i < firstShown));
  if (tail) items.push(itemOf(tail, trees?.[done.length], !streaming, waiting, done.length < firstShown));
  return (
    <div className="prose-sluice">
      {groupsOf(items).map((group, i) => (
        <Group key={i} items={group} offThread={offThread} />
      ))}
    </div>
  );
});
