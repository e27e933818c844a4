'use client';

import { useState } from 'react';
import { replayUrl } from '@/lib/api/replay';
import { Button } from '@/components/ui/button';

/**
 * "Copy replay URL": a recording's `/replay/{id}` on this page's origin, absolute, to
 * give an SDK as its base URL (it answers any path under it, at the recorded pace).
 */
export function CopyReplayUrl({ id, label, className }: { id: string; label?: string; className: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      aria-label={label}
      onClick={() => void navigator.clipboard?.writeText(replayUrl(window.location.origin, id)).then(() => setCopied(true))}
      className={className}
    >
      {copied ? 'Copied' : 'Copy replay URL'}
    </Button>
  );
}
