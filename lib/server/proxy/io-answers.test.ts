import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { refusedHere, sendError } from './io-answers';
import type { ProxyIo } from './proxy-io';

/** A proxy exchange that keeps what is answered. */
function fakeIo(headers: IncomingHttpHeaders) {
  let resolveEnd = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnd = resolve));
  const answer = { status: 0, headers: {} as OutgoingHttpHeaders, body: '', ended };
  const io: ProxyIo = {
    method: 'GET',
    url: '/replay/x',
    headers: { host: '127.0.0.1:3000', ...headers },
    writeHead: (status, head) => Object.assign(answer, { status, headers: head }),
    write: (chunk) => ((answer.body += chunk.toString()), true),
    end: () => resolveEnd(),
    destroy: () => {},
    onDrain: () => {},
    onClose: () => {},
  };
  return { io, answer };
}

describe('the proxy’s and replay’s own errors', () => {
  it('are JSON to an SDK, and a page to a browser that navigated (a replay URL pasted in the address bar)', async () => {
    const sdk = fakeIo({ accept: 'application/json' });
    sendError(sdk.io, 404, 'not_found', 'No capture or stored reply "x" to replay.');
    expect(sdk.answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sdk.answer.body)).toMatchObject({ error: { type: 'not_found' } });

    const person = fakeIo({ 'sec-fetch-mode': 'navigate', accept: 'text/html' });
    sendError(person.io, 404, 'not_found', 'No capture or stored reply "x" to replay.');
    expect(person.answer.status).toBe(404);
    expect(person.answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(person.answer.body).toContain('<h1>Not found</h1>');
    expect(person.answer.body).toContain('No capture or stored reply &quot;x&quot; to replay.');
  });

  it('a refusal is written with the type of its body: a page to a navigation, JSON to a script', async () => {
    const person = fakeIo({ 'sec-fetch-mode': 'navigate', origin: 'null' });
    expect(refusedHere(person.io)).toBe(true);
    await person.answer.ended;
    expect(person.answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(person.answer.body).toContain('<h1>Refused</h1>');
    const script = fakeIo({ origin: 'null' });
    expect(refusedHere(script.io)).toBe(true);
    await script.answer.ended;
    expect(JSON.parse(script.answer.body)).toMatchObject({ error: { type: 'forbidden_origin' } });
  });
});
