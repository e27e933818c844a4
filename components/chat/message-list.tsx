'use client';

import { useEffect, useRef } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** Keeps the newest text in view while it streams, unless the reader scrolled away. */
function FollowTail({ target }: { target: React.RefObject<HTMLDivElement | null> }) {
  const size = useChatStore((s) => {
    const m = s.streaming ? s.messages[s.streaming] : undefined;
    return m?.role === 'assistant' ? m.reply.text.length + m.reply.thinking.length + m.reply.parts.length : 0;
  });
  const following = useRef(true);
  useEffect(() => {
    // Whether the reader is at the bottom is decided when they scroll, not by a layout read every frame.
    const onScroll = () => (following.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (size > 0 && following.current) target.current?.scrollIntoView({ block: 'end' });
  }, [size, target]);
  return null;
}

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [order.length]);
  return (
    <div className="flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} />
      ))}
      <FollowTail target={end} />
      <div ref={end} />
    </div>
  );
}
