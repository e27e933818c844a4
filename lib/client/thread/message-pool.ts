import { create } from 'zustand';
import type { AssistantPatch, ReplyTrees, UiMessage } from './ui-message';

/**
 * Every message on the page, by id: the chat's and each compare pane's alike, whose
 * threads (the chat store, the compare store) hold only their order of ids. Beside them
 * the render cache: each reply's markdown as parsed by the worker
 * (lib/client/markdown/markdown-trees.ts), kept here so it lands in the frame's one
 * store update with the text it belongs to.
 */
export interface MessagePool {
  messages: Record<string, UiMessage>;
  trees: Record<string, ReplyTrees>;
}

export const useMessagePool = create<MessagePool>(() => ({ messages: {}, trees: {} }));

const resetListeners = new Set<() => void>();

/**
 * Tells `listener` before the pool is reset: a thread kept outside the page that opens
 * (the chat, when a compare session opens) lets its order go with its messages.
 */
export function onPoolReset(listener: () => void): void {
  resetListeners.add(listener);
}

/** The page opens something (a conversation, a compare session, none): its messages replace every other, and the trees go. */
export function resetPool(messages: UiMessage[] = []): void {
  resetListeners.forEach((listener) => listener());
  useMessagePool.setState({ messages: Object.fromEntries(messages.map((m) => [m.id, m])), trees: {} });
}

/** Puts a message in the pool (new, or replacing one with its id), outside any order: a thread places it. */
export function putMessage(message: UiMessage): void {
  useMessagePool.setState((s) => ({ messages: { ...s.messages, [message.id]: message } }));
}

export function markStored(ids: string[]): void {
  useMessagePool.setState((s) => ({
    messages: { ...s.messages, ...Object.fromEntries(ids.map((id) => [id, { ...s.messages[id]!, stored: true }])) },
  }));
}

/** Keeps only these messages: the rest leave the pool (the chat's cut). */
export function keepMessages(ids: string[]): void {
  useMessagePool.setState((s) => ({ messages: Object.fromEntries(ids.map((k) => [k, s.messages[k]!])) }));
}

/** A frame's patches, by reply id, in one update; a reply no longer in the pool is skipped. */
export function patchReplies(patches: Map<string, AssistantPatch>): void {
  useMessagePool.setState((state) => {
    const messages = { ...state.messages };
    let trees = state.trees;
    for (const [id, { trees: parsed, ...patch }] of patches) {
      const current = messages[id];
      if (current?.role !== 'assistant') continue;
      messages[id] = { ...current, ...patch };
      if (parsed) trees = { ...trees, [id]: parsed };
    }
    return { messages, trees };
  });
}
