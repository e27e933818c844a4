'use client';

import { useRef, type RefObject } from 'react';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { pricedReply } from '@/lib/client/thread/reply-figures';
import { describeTotal, totalCost } from '@/lib/pricing/cost';
import { FollowTail } from '../follow-tail';
import { MessageView } from './message-view';

/** Following the page's tail while the chat streams: its own subscription, so the list does not re-render as a reply starts and ends. */
function FollowChatTail({ list, messages }: { list: RefObject<HTMLDivElement | null>; messages: number }) {
  const streaming = useChatStore((s) => s.streaming !== undefined);
  return <FollowTail list={list} scroller="page" streaming={streaming} messages={messages} />;
}

/** The conversation's replies' cost together: a string, so it renders again only when that changes. */
function ConversationCost() {
  const text = useMessagePool((s) =>
    describeTotal(totalCost(Object.values(s.messages).flatMap((m) => (m.role === 'assistant' ? [pricedReply(m)] : [])))),
  );
  if (!text) return null;
  return (
    <p aria-label="Conversation cost" className="text-xs text-zinc-600 dark:text-zinc-400">
      This conversation: <span className="font-mono text-zinc-700 dark:text-zinc-300">{text}</span>
    </p>
  );
}

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const list = useRef<HTMLDivElement>(null);
  return (
    <div ref={list} className="follow-list flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} progress />
      ))}
      <ConversationCost />
      <FollowChatTail list={list} messages={order.length} />
      <div className="follow-end" />
    </div>
  );
}
