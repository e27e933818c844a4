import { describe, expect, it } from 'vitest';
import { sendsMessage } from './message-keys';

const press = (key: string, more: Partial<{ shiftKey: boolean; isComposing: boolean }> = {}) => ({
  key,
  shiftKey: false,
  isComposing: false,
  ...more,
});

describe('sendsMessage: one set of keys for every message box', () => {
  it('Enter sends, and so do Ctrl+Enter and ⌘+Enter (their modifier does not stop it)', () => {
    expect(sendsMessage(press('Enter'))).toBe(true);
    expect(sendsMessage({ ...press('Enter'), ctrlKey: true } as ReturnType<typeof press>)).toBe(true);
    expect(sendsMessage({ ...press('Enter'), metaKey: true } as ReturnType<typeof press>)).toBe(true);
  });

  it('Shift+Enter is a new line; Enter while an input method composes picks its word; other keys type', () => {
    expect(sendsMessage(press('Enter', { shiftKey: true }))).toBe(false);
    expect(sendsMessage(press('Enter', { isComposing: true }))).toBe(false);
    expect(sendsMessage(press('a'))).toBe(false);
  });
});
