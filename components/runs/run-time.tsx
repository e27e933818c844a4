'use client';

import { useSyncExternalStore } from 'react';
import { formatWhen, fullWhen } from '@/lib/client/format-when';

const noSubscription = () => () => {};

/**
 * When a run started, in the reader's own time zone: written in the browser only (the
 * server's zone may differ, and the page it rendered would then disagree with it).
 */
export function RunTime({ at }: { at: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => formatWhen(at, { precise: true }),
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
