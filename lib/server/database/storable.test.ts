import { describe, expect, it } from 'vitest';
import { storableJson, storableText } from './storable';

describe('what PostgreSQL can store', () => {
  it('NUL becomes U+FFFD in JSON and text; an escaped backslash before "u0000" is left alone', () => {
    expect(JSON.parse(storableJson({ t: 'a\u0000b', u: 'c\\u0000d', v: '\\\u0000' }))).toEqual({
      t: 'a\ufffdb',
      u: 'c\\u0000d',
      v: '\\\ufffd',
    });
    expect(storableText('a\u0000b')).toBe('a\ufffdb');
    expect(storableJson({ plain: 'x' })).toBe('{"plain":"x"}');
  });
});
