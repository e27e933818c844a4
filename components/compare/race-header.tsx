'use client';

import { useRouter } from 'next/navigation';
import { MAX_PANES } from '@/lib/client/compare/compare-store';
import { addPane, setBlind } from '@/lib/client/compare/run-compare';
import type { MenuItem } from '@/components/ui/menu-button';
import { MenuButton } from '@/components/ui/menu-button';
import { Button } from '@/components/ui/button';
import { ShareButton } from '../shares/share-button';
import { PageHeader, PageTitle } from '../page-header';

const plain = 'rounded-md border border-zinc-300 px-2 py-1 text-xs disabled:opacity-40 dark:border-zinc-700';

/**
 * The race's bar, with its one next step in view at each stage and the rest in a menu.
 * Before the first send: the Blind switch and "Add model" (Send, below, is the step).
 * Once the panes' replies are in: "Diff two panes", "Share", and "More race actions" (a
 * menu: "Export session", "New race"), all outlined: the diff is an expert's tool, and the
 * page's next step is below (the composer, or a blind race's vote, which the diff waits
 * for: `diffs` is empty until then).
 */
export function RaceHeader({
  count,
  blind,
  started,
  streaming,
  compareId,
  diffs,
  onExport,
}: {
  count: number;
  blind: boolean;
  started: boolean;
  streaming: boolean;
  compareId?: string;
  /** Each pair of panes to diff: its label and the diff page's address. */
  diffs: [label: string, href: string][];
  /** Saves the session as a file; undefined while there is nothing to save (or it is still streaming). */
  onExport?: () => void;
}) {
  const router = useRouter();
  const more: MenuItem[] = [
    ...(onExport ? [{ label: 'Export session', onSelect: onExport }] : []),
    ...(started && !streaming ? [{ label: 'New race', onSelect: () => router.push('/race') }] : []),
  ];
  return (
    <PageHeader
      end={
        <>
          {diffs.length ? (
            <MenuButton
              label="Diff two panes"
              menuLabel="Panes to diff"
              items={diffs.map(([label, href]) => ({ label, onSelect: () => router.push(href) }))}
              className={plain}
            >
              Diff two panes
            </MenuButton>
          ) : null}
          {compareId && !streaming ? <ShareButton target={{ kind: 'compare', id: compareId }} className={plain} /> : null}
          {more.length ? (
            <MenuButton label="More race actions" menuLabel="Race actions" items={more} className={plain}>
              More <span aria-hidden="true">▾</span>
            </MenuButton>
          ) : null}
        </>
      }
    >
      <PageTitle>Race</PageTitle>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {count} models, one prompt{started && blind ? ' · blind' : ''}
      </span>
      {started ? null : (
        <>
          <label className="flex items-center gap-1.5 text-xs font-medium">
            <input
              type="checkbox"
              role="switch"
              checked={blind}
              onChange={(e) => setBlind(e.target.checked)}
              className="h-3.5 w-3.5 accent-zinc-900 dark:accent-zinc-100"
            />
            Blind
          </label>
          <Button onClick={addPane} disabled={count >= MAX_PANES} className={plain}>
            Add model
          </Button>
        </>
      )}
    </PageHeader>
  );
}
