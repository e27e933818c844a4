'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** The reader counts as following the tail while the bottom of the page is this close. */
const FOLLOW_SLACK_PX = 200;
/** How long after a reply ends its growth is still followed: its last trees and highlighting land after it. */
const FOLLOW_AFTER_END_MS = 1000;

/**
 * Keeps the newest text in view while it streams, unless the reader scrolled away.
 * The page grows in more commits than the text's (markdown trees arrive from their
 * worker a frame later, code is highlighted later still), so the list's size is
 * watched rather than the text: a ResizeObserver runs after layout and before paint,
 * where reading the page's height costs nothing. Scrolling from the commits instead
 * forced a layout in each, twice a frame once trees arrived separately, and measured
 * as more main-thread time than the markdown parse the worker saved. It scrolls to
 * the bottom of the page, below the sticky composer: scrolling the list's end into
 * view left the composer's height below, which read as "scrolled away".
 */
function FollowTail({ list }: { list: RefObject<HTMLDivElement | null> }) {
  const streaming = useChatStore((s) => s.streaming !== undefined);
  const following = useRef(true);
  useEffect(() => {
    // Whether the reader is at the bottom is decided when they scroll, not by a layout read every frame.
    const page = document.documentElement;
    const onScroll = () => (following.current = window.innerHeight + window.scrollY >= page.scrollHeight - FOLLOW_SLACK_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (!streaming || !list.current) return;
    const observer = new ResizeObserver(() => {
      if (following.current) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    });
    observer.observe(list.current);
    return () => void setTimeout(() => observer.disconnect(), FOLLOW_AFTER_END_MS);
  }, [streaming, list]);
  return null;
}

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [order.length]);
  return (
    <div ref={list} className="flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} />
      ))}
      <FollowTail list={list} />
      <div ref={end} />
    </div>
  );
}
