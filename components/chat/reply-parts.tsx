'use client';

import type { AssembledMessage, ToolCall } from '@/lib/assemble/message';
import type { ReplyFigures } from '@/lib/figures/reply-figures';
import type { ReplyTrees } from '@/lib/client/thread/ui-message';
import { Markdown } from './markdown';
import { ThinkingBlock } from './thinking-block';
import { ToolCallCard } from './tool-call-card';

/** Tool calls the reader may answer here: which, what they typed, and where it goes. */
export interface ToolAnswers {
  pending: ToolCall[];
  results: Record<string, string>;
  onResult: (callId: string, value: string) => void;
  /** Sends the results, once every pending call has one (Enter in a result's box, as in any message box). */
  onSend: () => void;
}

/**
 * A reply's parts in order: thinking, text as markdown, tool calls, tool results. The
 * chat's reply renders it (with its parsed trees, its highlighted part and its calls to
 * answer), and so does a capture on the Traffic page, as it was recorded.
 */
export function ReplyParts({
  replyId,
  reply,
  figures,
  trees,
  highlighted,
  answers,
}: {
  replyId: string;
  reply: AssembledMessage;
  figures: ReplyFigures;
  trees?: ReplyTrees;
  /** A part picked from the event log: outlined. */
  highlighted?: number;
  answers?: ToolAnswers;
}) {
  const live = reply.status === 'streaming';
  const textStarted = reply.text.length > 0 || reply.toolCalls.length > 0;
  const thinkingEnd = figures.firstAnswer ?? figures.end;
  const thinkingSeconds =
    figures.firstToken !== undefined && thinkingEnd !== undefined ? (thinkingEnd - figures.firstToken) / 1000 : undefined;
  const renderPart = (part: AssembledMessage['parts'][number], i: number) => {
    switch (part.type) {
      case 'thinking':
        return (
          <ThinkingBlock
            text={part.text}
            redacted={part.redacted !== undefined}
            live={live && !textStarted}
            seconds={thinkingSeconds}
            streaming={live && i === reply.parts.length - 1}
            replyId={replyId}
            part={i}
            trees={trees?.[i]}
          />
        );
      case 'text':
        return (
          <Markdown
            text={part.text}
            streaming={live && i === reply.parts.length - 1}
            replyId={replyId}
            part={i}
            trees={trees?.[i]}
          />
        );
      case 'tool-call':
        // A call is matched to its part by id, not by object: a reply read back from the store
        // (a reload, history) has its parts and its toolCalls as separate copies.
        return (
          <ToolCallCard
            call={part.call}
            done={!live}
            result={answers?.results[part.call.id]}
            onResult={
              answers?.pending.some((c) => c.id === part.call.id) ? (value) => answers.onResult(part.call.id, value) : undefined
            }
            onSend={answers?.onSend}
          />
        );
      case 'tool-result':
        return (
          <details className="my-2 rounded-md border border-zinc-200 p-2 text-xs dark:border-zinc-800">
            <summary className="cursor-pointer font-mono">{part.name}</summary>
            <pre tabIndex={0} className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap">
              {JSON.stringify(part.content, null, 2)}
            </pre>
          </details>
        );
    }
  };
  return reply.parts.map((part, i) => (
    <div
      key={i}
      data-part={i}
      className={highlighted === i ? 'rounded outline-2 outline-offset-2 outline-amber-500' : undefined}
      aria-current={highlighted === i ? 'true' : undefined}
    >
      {renderPart(part, i)}
    </div>
  ));
}
