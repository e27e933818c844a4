'use client';

import { useSyncExternalStore } from 'react';
import { formatWhen, fullWhen } from '@/lib/client/format-when';

const noSubscription = () => () => {};

/**
 * A moment (a capture's start, a run's, a conversation's), in Sluice's one format and the
 * reader's own time zone, the exact time on hover: written in the browser only (the
 * server's zone may differ, and a page it rendered would then disagree).
 */
export function LocalTime({ at }: { at: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => formatWhen(at),
    () => '',
  );
  const title = useSyncExternalStore(
    noSubscription,
    () => fullWhen(at),
    () => undefined,
  );
  return (
    <time dateTime={at} title={title}>
      {text}
    </time>
  );
}
