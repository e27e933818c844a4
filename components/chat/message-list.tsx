'use client';

import { useEffect, useRef } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const end = useRef<HTMLDivElement>(null);
  const streaming = useChatStore((s) => s.streaming);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [order.length, streaming]);
  return (
    <div className="flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} />
      ))}
      <div ref={end} />
    </div>
  );
}
