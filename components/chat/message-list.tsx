'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';
import { useChatStore } from '@/lib/client/chat-store';
import { MessageView } from './message-view';

/** The reader counts as following the tail while the bottom of the page is this close. */
const FOLLOW_SLACK_PX = 200;
/** How long after a reply ends its growth is still followed: its last trees and highlighting land after it. */
const FOLLOW_AFTER_END_MS = 1000;

/** The page's bottom: below the sticky composer, where the list's end marker is in view. */
const toBottom = () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });

/**
 * Keeps the newest text in view while it streams, unless the reader scrolled away.
 * Where the browser anchors scrolling (not Safari), the stylesheet does it with no
 * script (.follow-list in globals.css) once the list is taller than the window; until
 * then, and in browsers without anchoring, it is scripted. Scripted following all the
 * way (its resize callbacks and scrolls) measured at about a seventh of a 1k reply's
 * main-thread script time in a Chromium trace.
 * The list's size is watched rather than the text (markdown trees arrive a frame after
 * their text, highlighting later still), in a ResizeObserver, which runs after layout,
 * where reading the page's height is free.
 */
function FollowTail({ list }: { list: RefObject<HTMLDivElement | null> }) {
  const streaming = useChatStore((s) => s.streaming !== undefined);
  const following = useRef(true);
  const [anchoring] = useState(() => typeof CSS !== 'undefined' && CSS.supports('overflow-anchor', 'auto'));
  useEffect(() => {
    if (anchoring) return;
    // Whether the reader is at the bottom is decided when they scroll, not by a layout read every frame.
    const page = document.documentElement;
    const onScroll = () => (following.current = window.innerHeight + window.scrollY >= page.scrollHeight - FOLLOW_SLACK_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [anchoring]);
  useEffect(() => {
    const el = list.current;
    if (!streaming || !el) return;
    // A box wholly in view is chosen as the anchor before anything inside it: the end
    // marker anchors only once the list's top is out of view, and until then script follows.
    const anchored = () => anchoring && el.getBoundingClientRect().top < 0;
    if (anchored()) return;
    const observer = new ResizeObserver(() => {
      if (following.current) toBottom();
      if (anchored()) observer.disconnect();
    });
    observer.observe(el);
    return () => void setTimeout(() => observer.disconnect(), FOLLOW_AFTER_END_MS);
  }, [anchoring, streaming, list]);
  return null;
}

/** The conversation: subscribes to the order of messages only. */
export function MessageList() {
  const order = useChatStore((s) => s.order);
  const list = useRef<HTMLDivElement>(null);
  // A new message brings the page to its bottom, where the end marker is in view (and so anchors it).
  useEffect(() => {
    if (order.length > 0) toBottom();
  }, [order.length]);
  return (
    <div ref={list} className="follow-list flex flex-col gap-6">
      {order.map((id, i) => (
        <MessageView key={id} id={id} isLast={i === order.length - 1} />
      ))}
      <FollowTail list={list} />
      <div className="follow-end" />
    </div>
  );
}
