'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MAX_PANES, useCompareStore } from '@/lib/client/compare/compare-store';
import { prewarmHighlighter } from '@/lib/client/markdown/code-highlighter';
import { exposeStats } from '@/lib/client/render-stats';
import { addPane, openCapturedCompare, openCompare, sendToAll, setBlind, stopAll } from '@/lib/client/compare/run-compare';
import { capturedExtras, capturedPrompt } from '@/lib/client/traffic/captured-thread';
import { exportSession } from '@/lib/client/compare/export-session';
import { sessionPaneNames } from '@/lib/client/compare/pane-names';
import { paneDiffs } from '@/lib/client/compare/pane-diffs';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { saveFile } from '@/lib/client/save-file';
import type { PublicProvider } from '@/lib/api/providers';
import type { CapturedChat } from '@/lib/api/captures';
import type { CompareSession } from '@/lib/api/conversations';
import { Composer } from '../chat/composer';
import { ComparePane } from './compare-pane';
import { RaceSection } from './race-section';
import { BlindVote } from './blind-vote';
import { ShareButton } from '../shares/share-button';
import { Button } from '@/components/ui/button';
import { MenuButton } from '@/components/ui/menu-button';
import { PageHeader, PageTitle } from '../page-header';

/** The first models offered, one per protocol where possible, for a new race of two. */
function firstModels(providers: PublicProvider[]) {
  return providers
    .filter((p) => p.models.length > 0)
    .slice(0, 2)
    .map((p) => ({ provider: p.id, model: p.models[0]!.id }));
}

/** Opens the race the page was given: a stored session, one from a capture, or a new one. */
function openRace(providers: PublicProvider[], session?: CompareSession, captured?: CapturedChat): void {
  if (captured) openCapturedCompare(captured, firstModels(providers));
  else openCompare(session, firstModels(providers));
}

/**
 * /compare: one prompt to several models at once, live, with the figures and a picture
 * of the race. `captured`: a race opened from a capture, its prompt ready in the composer.
 */
export function CompareApp({
  providers,
  session,
  captured,
}: {
  providers: PublicProvider[];
  session?: CompareSession;
  captured?: CapturedChat;
}) {
  useState(() => typeof window !== 'undefined' && openRace(providers, session, captured));
  const [prompt] = useState(() => (captured ? capturedPrompt(captured).prompt : ''));
  const extras = captured ? capturedExtras(captured) : undefined;
  const panes = useCompareStore(useShallow((s) => s.panes));
  const blind = useCompareStore((s) => s.blind ?? false);
  const vote = useCompareStore((s) => s.vote);
  const names = sessionPaneNames({ panes, vote });
  const streaming = panes.some((p) => p.streaming);
  const ready = panes.every((p) => p.model);
  // Subscribed, not read once: hydration renders the server's (empty) store first, and a
  // value read from the client's store there would leave the server's HTML (enabled) in place.
  const started = useCompareStore((s) => s.compareId !== undefined);
  const compareId = useCompareStore((s) => s.compareId);
  const [error, setError] = useState<string>();
  const router = useRouter();
  // Until the vote, a blind race's panes are not diffed: the diff page reads replies by their ids, named.
  const hidden = blind && started && !vote;
  // As strings, shallowly compared: the page renders again when a pair comes or goes, not at each of the pool's frames.
  const diffs = useMessagePool(
    useShallow((s) =>
      streaming || hidden ? [] : paneDiffs(panes, s.messages, names).map(({ label, href }) => `${label}\n${href}`),
    ),
  ).map((pair) => pair.split('\n') as [string, string]);
  useEffect(() => {
    exposeStats();
    prewarmHighlighter();
  }, []);

  return (
    // Landmarks as on the chat page: its banner, the race and panes as its main, the
    // vote and the composer as its contentinfo (a footer inside <main> would be none).
    <div className="flex min-h-screen flex-col gap-4 px-4 pb-4">
      <PageHeader>
        <PageTitle>Compare</PageTitle>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{panes.length} models, one prompt</span>
        <label className="flex items-center gap-1.5 text-xs font-medium">
          <input
            type="checkbox"
            role="switch"
            checked={blind}
            disabled={started}
            onChange={(e) => setBlind(e.target.checked)}
            className="h-3.5 w-3.5 accent-zinc-900 disabled:opacity-40 dark:accent-zinc-100"
          />
          Blind
        </label>
        <Button
          onClick={addPane}
          disabled={panes.length >= MAX_PANES || started}
          className="rounded-md border border-zinc-300 px-2 py-1 text-xs disabled:opacity-40 dark:border-zinc-700"
        >
          Add model
        </Button>
        <Button
          onClick={() =>
            saveFile(
              `sluice-compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
              JSON.stringify(exportSession(providers), null, 2),
              'application/json',
            )
          }
          disabled={streaming || panes.every((p) => p.order.length === 0)}
          className="rounded-md border border-zinc-300 px-2 py-1 text-xs disabled:opacity-40 dark:border-zinc-700"
        >
          Export session
        </Button>
        {compareId && !streaming ? <ShareButton target={{ kind: 'compare', id: compareId }} /> : null}
        {diffs.length ? (
          <MenuButton
            label="Diff two panes"
            menuLabel="Panes to diff"
            items={diffs.map(([label, href]) => ({ label, onSelect: () => router.push(href) }))}
            className="rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
          >
            Diff two panes
          </MenuButton>
        ) : null}
      </PageHeader>
      <main className="flex flex-col gap-4">
        {extras ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{extras}</p> : null}
        {blind && !started ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Blind race: the server seats these models as A, B, … at random, and their names stay hidden until you vote.
          </p>
        ) : null}
        <RaceSection />
        {/* Narrow enough that three panes sit side by side at 1440 px beside the sidebar (at 24rem the third fell below the fold). */}
        <div
          className="grid gap-3"
          style={{ gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${panes.length > 3 ? 16 : 18}rem), 1fr))` }}
        >
          {panes.map((pane, i) => (
            <ComparePane key={pane.key} pane={pane} index={i} name={names[i]!} providers={providers} hidden={hidden} />
          ))}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </main>
      <footer className="sticky bottom-0 flex flex-col gap-2 border-t border-zinc-200 bg-white py-3 dark:border-zinc-800 dark:bg-zinc-950">
        {blind && started ? <BlindVote /> : null}
        <Composer
          streaming={streaming}
          ready={ready}
          onSend={(text) =>
            void sendToAll(text).then(
              () => setError(undefined),
              (e: Error) => setError(e.message),
            )
          }
          onStop={stopAll}
          stopLabel="Stop all"
          initialText={prompt}
        />
      </footer>
    </div>
  );
}
