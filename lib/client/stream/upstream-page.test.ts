import { describe, expect, it } from 'vitest';
import { upstreamPage } from './upstream-page';

const NGINX =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
  '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>';

describe('upstreamPage', () => {
  it('reads an nginx 502 page from the server’s message: status, title without the status, the text the title does not say', () => {
    expect(upstreamPage(`The upstream answered HTTP 502: ${NGINX}`)).toEqual({
      status: 502,
      title: 'Bad Gateway',
      text: 'nginx',
      raw: NGINX,
    });
  });

  it('takes the page from the error body when it came, longer than the message’s excerpt', () => {
    const body = `${NGINX}\r\n<!-- a padding comment -->`;
    expect(upstreamPage(`The upstream answered HTTP 502: ${NGINX.slice(0, 40)}`, body)?.raw).toBe(body);
  });

  it('reads a page the upstream answered with a success status, not an event stream (no status said)', () => {
    const page = upstreamPage(
      'The upstream answered text/html; charset=utf-8, not an event stream: ' +
        '<!DOCTYPE html><html><head><title>Sign in &amp; continue</title><style>p{color:red}</style></head>' +
        '<body><script>var x = 1;</script><p>Your session &#8212; expired.</p></body></html>',
    );
    expect(page).toEqual({
      title: 'Sign in & continue',
      text: 'Your session — expired.',
      raw: expect.stringContaining('<!DOCTYPE html>'),
    });
  });

  it('falls back to the first heading for a title, and shortens a long text', () => {
    const page = upstreamPage(
      `The upstream answered HTTP 503: <body><h1>Down for maintenance</h1><p>${'word '.repeat(100)}</p></body>`,
    );
    expect(page?.title).toBe('Down for maintenance');
    expect(page?.text.length).toBeLessThanOrEqual(200);
    expect(page?.text).toMatch(/^word word .*…$/);
  });

  it('keeps a title that does not start with the status', () => {
    expect(
      upstreamPage('The upstream answered HTTP 524: <html><title>example.com | 524: A timeout occurred</title></html>'),
    ).toEqual(expect.objectContaining({ status: 524, title: 'example.com | 524: A timeout occurred', text: '' }));
  });

  it('is undefined for anything but an HTML page: a JSON error, other messages', () => {
    expect(upstreamPage('The upstream answered HTTP 401: Invalid API key')).toBeUndefined();
    expect(upstreamPage('The upstream answered HTTP 500: {"error":"<html> in a string is not a page"}')).toBeUndefined();
    expect(upstreamPage('The upstream answered HTTP 500: {"error":"boom"}')).toBeUndefined();
    expect(upstreamPage('The simulator failed mid-stream, as asked (sim-fault-error).')).toBeUndefined();
    expect(upstreamPage('Cannot reach the upstream at http://127.0.0.1:1: connect ECONNREFUSED.')).toBeUndefined();
  });
});
