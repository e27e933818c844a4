'use client';

import { useEffect, useRef } from 'react';
import type { UiMessage } from '@/lib/client/thread/ui-message';
import { versionPlace } from '@/lib/client/thread/versions';
import { Button } from '@/components/ui/button';
import { useReplyActions } from './reply-actions';

type Direction = 'previous' | 'next';

/**
 * The button pressed last, by its turn's versions: the message shown in its place is
 * another one (another id), so its switch is new, and takes the focus back.
 */
let pressed: { versions: string; direction: Direction } | undefined;

const arrow = [
  'inline-flex h-5 min-w-6 items-center justify-center rounded text-sm leading-none text-zinc-600',
  'hover:bg-zinc-100 disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400',
  'dark:hover:bg-zinc-800',
].join(' ');

/**
 * ‹ 2/3 ›: a turn's versions (a regenerated reply, an edited message), one shown at a
 * time. Disabled while the thread streams: the path shown is then the streaming reply's.
 */
export function VersionSwitch({ message }: { message: UiMessage }) {
  const { showVersion, useBusy } = useReplyActions();
  const busy = useBusy();
  const place = versionPlace(message);
  const key = place?.ids.join(' ');
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!pressed || pressed.versions !== key) return;
    const buttons = pressed.direction === 'previous' ? [previous, next] : [next, previous];
    pressed = undefined;
    buttons.find((b) => b.current && !b.current.disabled)?.current?.focus();
  }, [key]);
  if (!place || !showVersion) return null;
  const go = (direction: Direction, id: string | undefined) => {
    if (!id) return;
    pressed = { versions: key!, direction };
    void showVersion(id).then((shown) => {
      if (!shown) pressed = undefined;
    });
  };
  const shown = place.index + 1;
  return (
    <div
      role="group"
      aria-label="Versions"
      className="inline-flex shrink-0 items-center text-xs text-zinc-600 dark:text-zinc-400"
    >
      <Button
        ref={previous}
        aria-label="Previous version"
        disabled={busy || !place.previous}
        onClick={() => go('previous', place.previous)}
        className={arrow}
      >
        ‹
      </Button>
      <span role="status" className="min-w-8 text-center tabular-nums">
        <span aria-hidden="true">
          {shown}/{place.count}
        </span>
        <span className="sr-only">
          Version {shown} of {place.count}
        </span>
      </span>
      <Button
        ref={next}
        aria-label="Next version"
        disabled={busy || !place.next}
        onClick={() => go('next', place.next)}
        className={arrow}
      >
        ›
      </Button>
    </div>
  );
}
