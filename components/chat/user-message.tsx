'use client';

import { useEffect, useRef, useState } from 'react';
import { messageKeys } from '@/lib/client/message-keys';
import type { UiMessage } from '@/lib/client/thread/ui-message';
import { Button } from '@/components/ui/button';
import { useReplyActions } from './reply-actions';
import { CopyButton, LINE_BUTTON } from './reply-actions-line';
import { VersionSwitch } from './version-switch';

/**
 * A message being edited: the composer's keys (lib/client/message-keys.ts) resend it,
 * Escape or Cancel leaves it as it was. The focus is in it as it opens.
 */
function EditForm({ content, onResend, onCancel }: { content: string; onResend: (text: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(content);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const resend = () => {
    if (draft.trim()) onResend(draft);
  };
  const onKeys = messageKeys(resend);
  return (
    <form
      className="ml-auto flex w-full max-w-2xl flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        resend();
      }}
    >
      <textarea
        ref={box}
        aria-label="Edit message"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.nativeEvent.isComposing) {
            // Taken: the page's Escape (stopping a reply, closing the drawer) is not for this one.
            e.preventDefault();
            return onCancel();
          }
          onKeys(e);
        }}
        rows={3}
        className="rounded-lg border border-zinc-300 p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} className="text-xs text-zinc-600 dark:text-zinc-400">
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={!draft.trim()}
          className={[
            'rounded bg-sky-700 px-3 py-1 text-xs text-white disabled:bg-zinc-200 disabled:text-zinc-600',
            'dark:disabled:bg-zinc-800 dark:disabled:text-zinc-300',
          ].join(' ')}
        >
          Resend
        </Button>
      </div>
    </form>
  );
}

/** The reader's own message: its versions, Edit (where it can be edited and sent again) and Copy. */
export function UserMessage({ message }: { message: Extract<UiMessage, { role: 'user' }> }) {
  const { id, content } = message;
  const { editAndResend } = useReplyActions();
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  if (editing && editAndResend) {
    return (
      <EditForm
        content={content}
        onResend={(text) => {
          setEditing(false);
          editAndResend(id, text);
        }}
        onCancel={() => {
          setEditing(false);
          // Back where the reader was: on Edit (after its render).
          requestAnimationFrame(() => edit.current?.focus());
        }}
      />
    );
  }
  return (
    <article aria-label="Your message" className="ml-auto max-w-2xl">
      <div className="whitespace-pre-wrap rounded-2xl bg-sky-700 px-4 py-2 text-sm text-white">{content}</div>
      <div className="mt-1 flex items-center justify-end gap-1">
        <VersionSwitch message={message} />
        {editAndResend ? (
          <Button ref={edit} aria-label="Edit message and resend" onClick={() => setEditing(true)} className={LINE_BUTTON}>
            Edit
          </Button>
        ) : null}
        <CopyButton text={content} />
      </div>
    </article>
  );
}
