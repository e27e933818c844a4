'use client';

import { useEffect, useRef } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** The reader counts as following the tail while the bottom of the page is this close. */
const FOLLOW_SLACK_PX = 200;

/**
 * Keeps the newest text in view while it streams, unless the reader scrolled away.
 * A ResizeObserver sees every growth of the list (a streamed update, a block that
 * got highlighted, a tool card) after layout, so the scroll reads a layout that is
 * already done and no store subscription re-renders anything to trigger it.
 */
function useFollowTail(list: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const page = document.documentElement;
    let following = true;
    const onScroll = () => (following = window.innerHeight + window.scrollY >= page.scrollHeight - FOLLOW_SLACK_PX);
    const observer = new ResizeObserver(() => {
      if (following) window.scrollTo({ top: page.scrollHeight, behavior: 'instant' });
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(list.current!);
    return () => {
      window.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [list]);
}

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const list = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  useFollowTail(list);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [order.length]);
  return (
    <div ref={list} className="flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} />
      ))}
      <div ref={end} />
    </div>
  );
}
