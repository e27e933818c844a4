import { describe, expect, it } from 'vitest';
import { dropDrafts, keepDrafts, readDrafts } from './tool-drafts';

/** sessionStorage as a map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('tool result drafts', () => {
  it('keeps what was typed for each call of a reply, and reads it back', () => {
    const storage = memoryStorage();
    keepDrafts('reply-1', { call_a: '{"temp": 4}', call_b: '' }, storage);
    expect(readDrafts('reply-1', storage)).toEqual({ call_a: '{"temp": 4}', call_b: '' });
    expect(readDrafts('reply-2', storage)).toEqual({});
  });

  it('keeps nothing once every box is empty, and nothing once sent', () => {
    const storage = memoryStorage();
    keepDrafts('reply-1', { call_a: 'x' }, storage);
    keepDrafts('reply-1', { call_a: '' }, storage);
    expect(storage.items.size).toBe(0);
    keepDrafts('reply-1', { call_a: 'x' }, storage);
    dropDrafts('reply-1', storage);
    expect(readDrafts('reply-1', storage)).toEqual({});
  });

  it('reads nothing from a storage that refuses, or holds something else', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    expect(readDrafts('reply-1', refusing)).toEqual({});
    expect(() => keepDrafts('reply-1', { call_a: 'x' }, refusing)).not.toThrow();
    const odd = memoryStorage();
    odd.setItem('sluice-tool-results:reply-1', '[1, "two"]');
    expect(readDrafts('reply-1', odd)).toEqual({});
  });
});
