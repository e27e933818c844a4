import type { ReplayOf } from '@/lib/api/providers';
import type { ParsedBlock } from '@/lib/markdown/tree-messages';
import type { ChatMessage } from '@/lib/protocols/conversation';
import type { StreamedReply } from '../stream/reply-patch';

/** What the page knows of a message's place among its turn's versions (lib/client/thread/versions.ts). */
export interface Versioned {
  /** The server's id for it: its own id when read back from the store; learnt later for one sent here. */
  serverId?: string;
  /**
   * Every version of its turn, by the server's ids, oldest first. A message not among
   * them (a regenerate or an edit on its way) is the newest, after them.
   */
  versions?: string[];
}

/** `stored`: the server has this message, so it counts in stored positions (regenerate, edit). */
export type UiMessage = Versioned &
  (
    | { id: string; role: 'user'; content: string; stored?: boolean }
    | { id: string; role: 'system'; content: string; stored?: boolean }
    | { id: string; role: 'tool'; content: ChatMessage['content']; stored?: boolean }
    | ({
        id: string;
        role: 'assistant';
        stored?: boolean;
        provider: string;
        model: string;
        /** A replay's recording (provider "replay", model the recording's id): the provider and model it is named by. */
        replayOf?: ReplayOf;
        /** Rebuilt from an imported stream (its file name): shown, never sent as history. */
        imported?: string;
      } & StreamedReply)
  );

/** A reply's markdown parsed off the main thread, per text part: entry i is block i's tree once parsed (the last may be the streaming tail). */
export type ReplyTrees = Readonly<Record<number, readonly (ParsedBlock | undefined)[]>>;

/** What a reply changes at its turn in a frame: its fields (from its stream), and its parsed markdown (from the worker). */
export type AssistantPatch = Partial<Extract<UiMessage, { role: 'assistant' }>> & { trees?: ReplyTrees };

/**
 * The id the server keeps a reply by, and replays it by: its stream's (a reply streamed
 * here) or its own (one read back). None for a reply the server does not have: one of a
 * capture opened as a chat, or rebuilt from an imported stream.
 */
export function storedReplyId(message: Extract<UiMessage, { role: 'assistant' }>): string | undefined {
  if (!message.stored || message.imported) return undefined;
  return message.streamId ?? message.id;
}
