import type { KeyboardEvent } from 'react';

/** What of a key press decides what it does in a message box. */
type Press = Pick<globalThis.KeyboardEvent, 'key' | 'shiftKey' | 'isComposing'>;

/**
 * The keys of every message box (the composer, an edited message, a tool's result):
 * Enter sends, Ctrl+Enter and ⌘+Enter too (the habit other tools teach), Shift+Enter
 * is a new line. Never while an input method composes: its Enter picks a word.
 */
export function sendsMessage({ key, shiftKey, isComposing }: Press): boolean {
  return key === 'Enter' && !shiftKey && !isComposing;
}

/**
 * A message box's onKeyDown: a sending key sends (`send` decides whether there is
 * anything to send) and never types a new line; any other key types as usual.
 */
export function messageKeys(send: () => void): (event: KeyboardEvent<HTMLTextAreaElement>) => void {
  return (event) => {
    if (!sendsMessage(event.nativeEvent)) return;
    event.preventDefault();
    send();
  };
}
