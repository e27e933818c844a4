import { describe, expect, it } from 'vitest';
import { closestKey, DEFAULT_IGNORED, keyDifferences, keyPath, requestKey } from './request-key';

describe('requestKey', () => {
  it('matches bodies whatever the order of their keys, and leaves out the ignored fields', () => {
    const a = requestKey(
      'post',
      '/chat/completions',
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}',
      DEFAULT_IGNORED,
    );
    const b = requestKey(
      'POST',
      '/chat/completions',
      '{"stream":true,"stream_options":{"include_usage":true},"user":"u-1","messages":[{"content":"hi","role":"user"}],"model":"m"}',
      DEFAULT_IGNORED,
    );
    expect(a.text).toBe(b.text);
    expect(a.text).toBe('POST /chat/completions {"messages":[{"content":"hi","role":"user"}],"model":"m","stream":true}');
  });

  it('keeps an ignored field when the cassette does not ignore it, and takes dotted paths', () => {
    const body = '{"model":"m","user":"u-1","metadata":{"run":7,"team":"a"}}';
    expect(requestKey('POST', '/responses', body, []).text).toContain('"user":"u-1"');
    expect(requestKey('POST', '/responses', body, ['metadata.run']).text).toBe(
      'POST /responses {"metadata":{"team":"a"},"model":"m","user":"u-1"}',
    );
  });

  it('sorts the query and never keeps a credential in it', () => {
    expect(keyPath('/models/g:streamGenerateContent?key=AIzaSECRET&alt=sse')).toBe('/models/g:streamGenerateContent?alt=sse');
    expect(keyPath('/x?b=2&a=1')).toBe('/x?a=1&b=2');
    expect(keyPath('/models')).toBe('/models');
  });

  it('keeps a body that is not JSON as its text, and a bodiless request as method and path', () => {
    expect(requestKey('POST', '/upload', 'plain text', DEFAULT_IGNORED).text).toBe('POST /upload plain text');
    expect(requestKey('GET', '/models', '', DEFAULT_IGNORED).text).toBe('GET /models');
  });

  it('treats multibyte text like any other', () => {
    const a = requestKey('POST', '/messages', '{"messages":[{"content":"日本語 🎉"}]}', []);
    expect(a.text).toBe('POST /messages {"messages":[{"content":"日本語 🎉"}]}');
  });
});

describe('keyDifferences and closestKey', () => {
  const key = (body: string, path = '/chat/completions') => requestKey('POST', path, body, DEFAULT_IGNORED);

  it('names each differing field by its JSON path, with both values', () => {
    const recorded = key('{"model":"m","messages":[{"role":"user","content":"Hello"}]}');
    const sent = key('{"model":"m","messages":[{"role":"user","content":"Hi"}],"temperature":0}');
    expect(keyDifferences(recorded, sent)).toEqual([
      { at: '$.messages[0].content', recorded: 'Hello', sent: 'Hi' },
      { at: '$.temperature', recorded: undefined, sent: 0 },
    ]);
  });

  it('prefers the same route, then the fewest differences, then the first recorded', () => {
    const sent = key('{"model":"m","messages":[{"content":"a"}]}');
    const entries = [
      { id: 'other-route', key: key('{"model":"m","messages":[{"content":"a"}]}', '/responses') },
      { id: 'two-off', key: key('{"model":"n","messages":[{"content":"b"}]}') },
      { id: 'one-off', key: key('{"model":"n","messages":[{"content":"a"}]}') },
      { id: 'one-off-later', key: key('{"model":"m","messages":[{"content":"c"}]}') },
    ];
    const closest = closestKey(sent, entries);
    expect(closest?.entry.id).toBe('one-off');
    expect(closest?.differences).toEqual([{ at: '$.model', recorded: 'n', sent: 'm' }]);
    expect(closestKey(sent, [])).toBeUndefined();
  });

  it('finds no difference between identical keys', () => {
    expect(keyDifferences(key('{"a":[1,2,{"b":null}]}'), key('{"a":[1,2,{"b":null}]}'))).toEqual([]);
  });
});
