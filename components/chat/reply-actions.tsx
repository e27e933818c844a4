'use client';

import { createContext, useContext } from 'react';
import { answerToolCalls, editAndResend, regenerate, replayReply } from '@/lib/client/chat/run-reply';

/** What a message's buttons do: the chat's own by default; a compare pane brings its own. */
export interface ReplyActions {
  regenerate: (assistantId: string) => void;
  /** Absent where a message cannot be edited (a compare pane shares its prompt with the others). */
  editAndResend?: (userId: string, text: string) => void;
  answerToolCalls: (results: { callId: string; name: string; content: string }[]) => void;
  /** "Replay": the reply again, as a new chat through the replay provider; absent in a compare pane, whose page is the race. */
  replay?: (assistantId: string) => void;
}

const ReplyActionsContext = createContext<ReplyActions>({ regenerate, editAndResend, answerToolCalls, replay: replayReply });

export const ReplyActionsProvider = ReplyActionsContext.Provider;
export const useReplyActions = () => useContext(ReplyActionsContext);
