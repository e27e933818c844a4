'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

/** The reader counts as following the tail while the bottom is this close. */
const FOLLOW_SLACK_PX = 200;
/** How long after a reply ends its growth is still followed: its last trees and highlighting land after it. */
const FOLLOW_AFTER_END_MS = 1000;

/** What scrolls: the page (the chat) or a box of its own (a compare pane). */
export type Scroller = RefObject<HTMLElement | null> | 'page';

/** To the scroller's bottom, where the list's end marker is in view (and so anchors it). */
function scrollToEnd(scroller: Scroller): void {
  if (scroller === 'page') window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  else if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
}

/**
 * To the scroller's bottom once the browser has laid `list` out: a ResizeObserver's
 * first callback runs after layout, where the height is known, while reading it in an
 * effect forced a layout in the frame that sent the message (16 ms of a 56 ms frame
 * with four panes). Returns what cancels it.
 */
function scrollToEndAfterLayout(scroller: Scroller, list: RefObject<HTMLElement | null>): () => void {
  const el = list.current;
  if (!el) return () => undefined;
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    scrollToEnd(scroller);
  });
  observer.observe(el);
  return () => observer.disconnect();
}

function nearEnd(scroller: Scroller): boolean {
  if (scroller === 'page') return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOW_SLACK_PX;
  const box = scroller.current;
  return !box || box.scrollTop + box.clientHeight >= box.scrollHeight - FOLLOW_SLACK_PX;
}

/**
 * Brings the scroller to its bottom when `list` gains a message (`messages`, its count),
 * and keeps the newest text in view while it streams, unless the reader scrolled
 * away. Where the browser anchors scrolling (not Safari), the stylesheet does it with
 * no script (.follow-list in globals.css) once the list has scrolled; until then, and
 * in browsers without anchoring, it is scripted. Scripted following all the way (its
 * resize callbacks and scrolls) measured at about a seventh of a 1k reply's
 * main-thread script time in a Chromium trace.
 * The list's size is watched rather than the text (markdown trees arrive a frame after
 * their text, highlighting later still), in a ResizeObserver, which runs after layout,
 * where reading the scroller's height is free.
 */
export function FollowTail({
  list,
  scroller,
  streaming,
  messages,
}: {
  list: RefObject<HTMLElement | null>;
  scroller: Scroller;
  streaming: boolean;
  messages: number;
}) {
  const following = useRef(true);
  const [anchoring] = useState(() => typeof CSS !== 'undefined' && CSS.supports('overflow-anchor', 'auto'));
  useEffect(() => {
    if (anchoring) return;
    // Whether the reader is at the bottom is decided when they scroll, not by a layout read every frame.
    const target = scroller === 'page' ? window : scroller.current;
    const onScroll = () => (following.current = nearEnd(scroller));
    target?.addEventListener('scroll', onScroll, { passive: true });
    return () => target?.removeEventListener('scroll', onScroll);
  }, [anchoring, scroller]);
  useEffect(() => {
    const el = list.current;
    if (!streaming || !el) return;
    // A box wholly in view is chosen as the anchor before anything inside it: the end
    // marker anchors only once the list's top is scrolled out of view, and until then script follows.
    const viewTop = () => (scroller === 'page' ? 0 : (scroller.current?.getBoundingClientRect().top ?? 0));
    const anchored = () => anchoring && el.getBoundingClientRect().top < viewTop();
    // Checked in the observer, which first runs after layout: read here, in the effect, the
    // same check forced a layout of the whole page in the frame that sent the message.
    let first = true;
    const observer = new ResizeObserver(() => {
      const wasAnchored = first && anchored();
      first = false;
      if (following.current && !wasAnchored) scrollToEnd(scroller);
      if (wasAnchored || anchored()) observer.disconnect();
    });
    observer.observe(el);
    return () => void setTimeout(() => observer.disconnect(), FOLLOW_AFTER_END_MS);
  }, [anchoring, streaming, list, scroller]);
  // A new message brings the scroller to its bottom, where the end marker is in view (and so anchors it).
  // After the effect above: its observer, made first, sees whether the list was already anchored before this scroll.
  useEffect(() => {
    if (messages > 0) return scrollToEndAfterLayout(scroller, list);
  }, [messages, scroller, list]);
  return null;
}
