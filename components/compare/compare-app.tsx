'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { prewarmHighlighter } from '@/lib/client/markdown/code-highlighter';
import { exposeStats } from '@/lib/client/render-stats';
import { openCapturedCompare, openCompare, sendToAll, stopAll } from '@/lib/client/compare/run-compare';
import { fitPanes } from '@/lib/client/compare/pane-room';
import { capturedExtras, capturedPrompt } from '@/lib/client/traffic/captured-thread';
import { exportSession, sessionFileName } from '@/lib/client/compare/export-session';
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
import { CaptureNote } from './capture-note';
import { ForkedNote } from '../ui/forked-note';
import { PaneReader } from './pane-reader';
import { RaceHeader } from './race-header';

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
 * /race: one prompt to several models at once, live, with the figures and a picture
 * of the race. `captured`: a race opened from a capture, its prompt ready in the
 * composer, and a note above it of where the prompt came from. The panes take the
 * screen between the page's sticky bars (fitPanes); one is read full size in a dialog.
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
  // The pane read full size, by its place.
  const [reading, setReading] = useState<number>();
  const read = useCallback((index: number) => setReading(index), []);
  const root = useRef<HTMLDivElement>(null);
  // Until the vote, a blind race's panes are not diffed: the diff page reads replies by their ids, named.
  const hidden = blind && started && !vote;
  // As strings, shallowly compared: the page renders again when a pair comes or goes, not at each of the pool's frames.
  const diffs = useMessagePool(
    useShallow((s) =>
      streaming || hidden ? [] : paneDiffs(panes, s.messages, names).map(({ label, href }) => `${label}\n${href}`),
    ),
  ).map((pair) => pair.split('\n') as [string, string]);
  const exportable = !streaming && panes.some((p) => p.order.length > 0);
  useEffect(() => {
    exposeStats();
    prewarmHighlighter();
    return fitPanes(root.current!);
  }, []);
  // Sent to /race from the race this page started (the sidebar's "Race", "New race"):
  // its address was moved to the race's with history.replaceState, so Next.js keeps this
  // page as it is, and the new race is started here.
  const pathname = usePathname();
  const before = useRef(pathname);
  useEffect(() => {
    if (pathname === '/race' && before.current.startsWith('/race/') && !captured) {
      openRace(providers);
      setReading(undefined);
      setError(undefined);
    }
    before.current = pathname;
  }, [pathname, providers, captured]);

  return (
    // Landmarks as on the chat page: its banner, the race and panes as its main, the
    // vote and the composer as its contentinfo (a footer inside <main> would be none).
    <div ref={root} className="flex min-h-screen flex-col gap-4 px-4 pb-4">
      <RaceHeader
        count={panes.length}
        blind={blind}
        started={started}
        streaming={streaming}
        compareId={compareId}
        diffs={diffs}
        onExport={
          exportable
            ? () => saveFile(sessionFileName(compareId), JSON.stringify(exportSession(providers), null, 2), 'application/json')
            : undefined
        }
      />
      <main className="flex flex-col gap-4">
        {session?.forkedFrom ? <ForkedNote from={session.forkedFrom} what="race" /> : null}
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
            <ComparePane
              key={pane.key}
              pane={pane}
              index={i}
              name={names[i]!}
              providers={providers}
              hidden={hidden}
              reading={reading === i}
              onRead={read}
            />
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
        {captured ? <CaptureNote captured={captured} /> : null}
        {captured && extras ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{extras}</p> : null}
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
      {reading !== undefined && panes[reading] ? (
        <PaneReader index={reading} name={names[reading]!} onMove={setReading} onClose={() => setReading(undefined)} />
      ) : null}
    </div>
  );
}
