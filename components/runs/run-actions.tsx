'use client';

import { useState } from 'react';
import type { RunDetail } from '@/lib/api/runs';
import { runHarPath } from '@/lib/client/api';
import { Button } from '@/components/ui/button';
import { ShareButton } from '../shares/share-button';
import { DiffDialog } from './diff-dialog';
import { ReplayOffline } from './replay-offline';
import { ACTION } from './styles';

/** What a run can become: a diff with another, a HAR file, a share, a cassette to replay it offline. */
export function RunActions({ run }: { run: RunDetail }) {
  const [diffing, setDiffing] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button aria-haspopup="dialog" onClick={() => setDiffing(true)} className={ACTION}>
        Diff with another run…
      </Button>
      <a href={runHarPath(run.id)} download className={ACTION}>
        Export HAR
      </a>
      {run.status !== 'streaming' ? <ShareButton target={{ kind: 'run', id: run.id }} className={ACTION} /> : null}
      {/* Last: what it answers takes a line of its own under the buttons. */}
      <ReplayOffline runId={run.id} runName={run.name} />
      {diffing ? <DiffDialog runId={run.id} onClose={() => setDiffing(false)} /> : null}
    </div>
  );
}
