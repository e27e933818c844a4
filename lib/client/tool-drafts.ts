import { useState } from 'react';

/**
 * What was typed into a pending tool call's result boxes, kept for the tab's session:
 * the call can still be answered after a reload, so what was typed for it must outlive
 * the reload too. One entry per reply, under its stored id (the same whether the reply
 * streamed on this page or was read back from the store), holding each call's text;
 * gone once the results are sent.
 */
const PREFIX = 'sluice-tool-results:';

/** Storage that may be missing or refuse (private windows, a full quota): a lost draft is a pity, never an error. */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const tabStorage = (): Store | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export type ToolDrafts = Record<string, string>;

export function readDrafts(replyId: string, storage = tabStorage()): ToolDrafts {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PREFIX + replyId) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Keeps a reply's drafts; none typed (every box empty) keeps nothing. */
export function keepDrafts(replyId: string, drafts: ToolDrafts, storage = tabStorage()): void {
  try {
    if (Object.values(drafts).some((text) => text !== '')) storage?.setItem(PREFIX + replyId, JSON.stringify(drafts));
    else storage?.removeItem(PREFIX + replyId);
  } catch {
    // Not kept: a reload loses what was typed, as before.
  }
}

export function dropDrafts(replyId: string, storage = tabStorage()): void {
  try {
    storage?.removeItem(PREFIX + replyId);
  } catch {
    // Nothing to drop.
  }
}

/** A reply's tool results as typed so far, kept as they are typed; `sent` forgets them. */
export function useToolDrafts(replyId: string): {
  results: ToolDrafts;
  type: (callId: string, text: string) => void;
  sent: () => void;
} {
  const [results, setResults] = useState(() => readDrafts(replyId));
  return {
    results,
    type: (callId, text) => {
      const next = { ...results, [callId]: text };
      setResults(next);
      keepDrafts(replyId, next);
    },
    sent: () => {
      setResults({});
      dropDrafts(replyId);
    },
  };
}
