'use client';

import { useState } from 'react';
import { replayUrl } from '@/lib/api/replay';
import { showEventsOf } from '@/lib/client/event-log/log-panel';
import { storedReplyId, type UiMessage } from '@/lib/client/thread/ui-message';
import { versionPair, versionPlace } from '@/lib/client/thread/versions';
import { Button } from '@/components/ui/button';
import { MenuButton, type MenuItem } from '@/components/ui/menu-button';
import { useReplyActions } from './reply-actions';
import { offersRetry } from './reply-status';

type Assistant = Extract<UiMessage, { role: 'assistant' }>;

export const LINE_BUTTON =
  'rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800';

/** "Copy": the text on the clipboard, and the button says so. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      aria-label="Copy message"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      className={LINE_BUTTON}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * The rest of a reply's actions, for its menu. Each keeps the name it had as a button,
 * so a screen reader (and a test) finds it by what it does, its visible label contained in it.
 */
function menuItems(message: Assistant, replay: ((id: string) => void) | undefined, copied: () => void): MenuItem[] {
  const storedId = storedReplyId(message);
  const place = versionPlace(message);
  const pair = place && versionPair(place);
  const items: MenuItem[] = [
    { label: 'Event log', name: 'Show this reply in the event log', onSelect: () => showEventsOf(message.id) },
  ];
  if (!storedId) return items;
  if (replay) items.push({ label: 'Replay', name: 'Replay this reply at its recorded pace', onSelect: () => replay(message.id) });
  items.push({
    label: 'Copy replay URL',
    name: 'Copy replay URL of this reply',
    onSelect: () => void navigator.clipboard?.writeText(replayUrl(window.location.origin, storedId)).then(copied),
  });
  items.push({ label: 'Diff with…', name: 'Diff with another reply', href: `/diff?a=${encodeURIComponent(storedId)}` });
  if (pair)
    items.push({
      label: 'Diff versions',
      href: `/diff?a=${encodeURIComponent(pair[0])}&b=${encodeURIComponent(pair[1])}`,
    });
  return items;
}

/**
 * What a reader does with an ended reply, on a line of its own under its figures, so it
 * never wraps away from them alone. In sight, what most readers do next: Copy (when
 * there is text) and Regenerate (on the last reply, where its alert does not already
 * offer Retry, the same action). The rest (its event log, Replay, its replay URL, a
 * diff with another reply or between its versions) in its "More" menu, which the
 * keyboard reaches as the next stop and opens on its first item.
 */
export function ReplyActionsLine({ message, isLast }: { message: Assistant; isLast: boolean }) {
  const { regenerate, replay } = useReplyActions();
  const [copiedUrl, setCopiedUrl] = useState(false);
  return (
    <div className="mt-1 -ml-1.5 flex flex-wrap items-center gap-1">
      {message.reply.text ? <CopyButton text={message.reply.text} /> : null}
      {isLast && !offersRetry(message) ? (
        <Button aria-label="Regenerate reply" onClick={() => regenerate(message.id)} className={LINE_BUTTON}>
          Regenerate
        </Button>
      ) : null}
      <MenuButton
        label="More actions for this reply"
        menuLabel="Actions for this reply"
        items={menuItems(message, replay, () => setCopiedUrl(true))}
        className={LINE_BUTTON}
      >
        More<span aria-hidden="true"> ▾</span>
      </MenuButton>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {copiedUrl ? 'Replay URL copied' : ''}
      </span>
    </div>
  );
}
