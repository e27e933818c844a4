'use client';

import { createContext, useContext } from 'react';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { answerToolCalls, editAndResend, regenerate, replayReply, showVersion } from '@/lib/client/chat/run-reply';

/** What a message's buttons do: the chat's own by default; a compare pane brings its own. */
export interface ReplyActions {
  regenerate: (assistantId: string) => void;
  /** Absent where a message cannot be edited (a compare pane shares its prompt with the others). */
  editAndResend?: (userId: string, text: string) => void;
  answerToolCalls: (results: { callId: string; name: string; content: string }[]) => void;
  /** "Replay": the reply again, as a new chat through the replay provider; absent in a compare pane, whose page is the race. */
  replay?: (assistantId: string) => void;
  /** Shows another version of a turn, by its server id (‹ 2/3 ›); resolves to whether it was shown. */
  showVersion?: (versionId: string) => Promise<boolean>;
  /** A hook: whether the thread streams (its versions cannot be switched then). */
  useBusy: () => boolean;
}

const useChatBusy = () => useChatStore((s) => s.streaming !== undefined);

const ReplyActionsContext = createContext<ReplyActions>({
  regenerate,
  editAndResend,
  answerToolCalls,
  replay: replayReply,
  showVersion,
  useBusy: useChatBusy,
});

export const ReplyActionsProvider = ReplyActionsContext.Provider;
export const useReplyActions = () => useContext(ReplyActionsContext);
