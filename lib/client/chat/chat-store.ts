import { create } from 'zustand';
import type { ParsedBlock } from '@/lib/markdown/tree-messages';
import type { ChatMessage, ChatParams } from '@/lib/protocols/conversation';
import { createFrameLoop } from '../stream/frame-loop';
import type { StreamedReply } from '../stream/reply-patch';
import type { Thread } from './thread-runner';

/** A reply's markdown parsed off the main thread, per text part: entry i is block i's tree once parsed (the last may be the streaming tail). */
export type ReplyTrees = Readonly<Record<number, readonly (ParsedBlock | undefined)[]>>;

/** `stored`: the server has this message, so it counts in stored positions (regenerate, edit). */
export type UiMessage =
  | { id: string; role: 'user'; content: string; stored?: boolean }
  | { id: string; role: 'system'; content: string; stored?: boolean }
  | { id: string; role: 'tool'; content: ChatMessage['content']; stored?: boolean }
  | ({
      id: string;
      role: 'assistant';
      stored?: boolean;
      provider: string;
      model: string;
      /** Rebuilt from an imported stream (its file name): shown, never sent as history. */
      imported?: string;
    } & StreamedReply);

/**
 * The chat: one thread (its order, model, conversation and streaming reply), every
 * message, its parameters, and the render cache beside the messages: each reply's
 * markdown as parsed by the worker (lib/client/markdown/markdown-trees.ts), kept here
 * so it lands in the frame's one store update with the text it belongs to.
 */
export interface ChatState extends Thread {
  messages: Record<string, UiMessage>;
  params: ChatParams;
  trees: Record<string, ReplyTrees>;
}

export const useChatStore = create<ChatState>(() => ({ order: [], messages: {}, params: {}, trees: {} }));

/** What a stream changes at its turn: its reply's fields, and its parsed markdown. */
export type AssistantPatch = Partial<Extract<UiMessage, { role: 'assistant' }>> & { trees?: ReplyTrees };

/** The page's one frame loop: each frame, every stream whose turn it is patches its reply, in one store update. */
export const frameLoop = createFrameLoop<AssistantPatch>({
  requestFrame: (callback) => requestAnimationFrame(callback),
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  apply: (patches) =>
    useChatStore.setState((state) => {
      const messages = { ...state.messages };
      let trees = state.trees;
      for (const [id, { trees: parsed, ...patch }] of patches) {
        const current = messages[id];
        if (current?.role !== 'assistant') continue;
        messages[id] = { ...current, ...patch };
        if (parsed) trees = { ...trees, [id]: parsed };
      }
      return { messages, trees };
    }),
});

export const { requestFlush, flushFinal, frameStats } = frameLoop;

/** Opens a conversation (stored, or none for a new chat): everything else is reset. */
export function resetChat(conversationId?: string, messages: UiMessage[] = []): void {
  useChatStore.setState({
    conversationId,
    order: messages.map((m) => m.id),
    messages: Object.fromEntries(messages.map((m) => [m.id, m])),
    trees: {},
    streaming: undefined,
  });
}

export function markStored(ids: string[]): void {
  useChatStore.setState((s) => ({
    messages: { ...s.messages, ...Object.fromEntries(ids.map((id) => [id, { ...s.messages[id]!, stored: true }])) },
  }));
}

/** Where a message is, or would be, among the messages the server has. */
export function storedPosition(state: Pick<ChatState, 'order' | 'messages'>, id: string): number {
  let position = 0;
  for (const key of state.order) {
    if (key === id) break;
    if (state.messages[key]?.stored) position++;
  }
  return position;
}

/** Puts a message in the store (new, or replacing one with its id), outside any order: a thread places it. */
export function putMessage(message: UiMessage): void {
  useChatStore.setState((s) => ({ messages: { ...s.messages, [message.id]: message } }));
}

export function appendMessage(message: UiMessage): void {
  useChatStore.setState((s) => ({ order: [...s.order, message.id], messages: { ...s.messages, [message.id]: message } }));
}
