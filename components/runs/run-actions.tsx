'use client';

import { useState } from 'react';
import type { RunDetail } from '@/lib/api/runs';
import { runHarPath } from '@/lib/client/api';
import { Button } from '@/components/ui/button';
import { MenuButton, type MenuItem } from '@/components/ui/menu-button';
import { ShareDialog } from '../shares/share-button';
import { DiffDialog } from './diff-dialog';
import { ReplayOffline } from './replay-offline';
import { ACTION } from './styles';

/**
 * What a run can become. The step a recorded run is for, in the primary look: a cassette
 * to replay it offline. Beside it, a diff with another run (the other way to read a run
 * against a change); under "More", a share and a HAR file. Four equal buttons read as none
 * in particular (as on a capture's page: components/traffic/capture-actions.tsx).
 */
export function RunActions({ run }: { run: RunDetail }) {
  const [diffing, setDiffing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const more: MenuItem[] = [
    ...(run.status !== 'streaming' ? [{ label: 'Share', onSelect: () => setSharing(true) }] : []),
    // The server names the file (Content-Disposition), and the browser saves it.
    { label: 'Export HAR', href: runHarPath(run.id), download: true },
  ];
  return (
    <div role="group" aria-label="Run actions" className="flex flex-wrap items-center gap-2">
      {/* First: what it answers takes a line of its own under the buttons. */}
      <ReplayOffline runId={run.id} runName={run.name}>
        <Button aria-haspopup="dialog" onClick={() => setDiffing(true)} className={ACTION}>
          Diff with another run…
        </Button>
        <MenuButton label="More run actions" menuLabel="More run actions" items={more} className={ACTION}>
          More
          <span aria-hidden="true" className="ml-1">
            ▾
          </span>
        </MenuButton>
      </ReplayOffline>
      {diffing ? <DiffDialog runId={run.id} onClose={() => setDiffing(false)} /> : null}
      {sharing ? <ShareDialog target={{ kind: 'run', id: run.id }} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}
