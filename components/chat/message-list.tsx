'use client';

import { useEffect, useRef } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** The reader counts as following the tail while the bottom of the page is this close. */
const FOLLOW_SLACK_PX = 200;

/**
 * Keeps the newest text in view while it streams, unless the reader scrolled away.
 * It scrolls to the bottom of the page, below the sticky composer: scrolling the
 * list's end into view left the composer's height below, which read as "scrolled
 * away" and stopped following (the e2e test caught it). Following is what costs at
 * 50k tokens: every frame scrolls new blocks into view. A ResizeObserver on the
 * list measured no better than this size-driven effect, so the simpler one stays.
 */
function FollowTail() {
  const size = useChatStore((s) => {
    const m = s.streaming ? s.messages[s.streaming] : undefined;
    return m?.role === 'assistant' ? m.reply.text.length + m.reply.thinking.length + m.reply.parts.length : 0;
  });
  const following = useRef(true);
  useEffect(() => {
    // Whether the reader is at the bottom is decided when they scroll, not by a layout read every frame.
    const page = document.documentElement;
    const onScroll = () => (following.current = window.innerHeight + window.scrollY >= page.scrollHeight - FOLLOW_SLACK_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (size > 0 && following.current) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  }, [size]);
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
      <FollowTail />
      <div ref={end} />
    </div>
  );
}
