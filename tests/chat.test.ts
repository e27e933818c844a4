import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import { fixtures } from '@/tests/support/fixtures';
import type { StoredEvents } from '@/lib/api/conversations';
import { EventLog } from '@/lib/event-log/event-log';
import { readIntoLog } from '@/lib/event-log/read-into-log';
import { PROTOCOLS } from '@/lib/protocols/ids';
import { SECRET_KEY } from './support/global-setup';
import { base, conversation, markersOf, postChat, readChat, storedReply, upstreamLog, upstreamUrl, user } from './support/http';

const SIM: Record<(typeof PROTOCOLS)[number], string> = {
  'openai-chat': 'sim-openai',
  'anthropic-messages': 'sim-anthropic',
  'openai-responses': 'sim-responses',
  gemini: 'sim-gemini',
};
const UPSTREAM: Record<(typeof PROTOCOLS)[number], string> = {
  'openai-chat': 'up-chat',
  'anthropic-messages': 'up-anthropic',
  'openai-responses': 'up-responses',
  gemini: 'up-gemini',
};
const FAST = 'tps=5000 delay=0';

describe.each(PROTOCOLS)('POST /api/chat on %s (simulator)', (protocol) => {
  it('streams the upstream’s own events with the contract’s headers, and stores the same reply the browser assembles', async () => {
    const response = await postChat({
      provider: SIM[protocol],
      model: 'sim-thinking',
      messages: user(`think=20 tokens=60 ${FAST}`),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-sluice-protocol')).toBe(protocol);
    const id = response.headers.get('x-conversation-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const { text, message, bffEnd } = await readChat(response);
    expect(response.headers.get('x-sluice-marker')).toMatch(/^[0-9a-f]{16}$/);
    expect(text.startsWith(markersOf(response).open)).toBe(true);
    expect(text.endsWith(markersOf(response).end({ reason: 'upstream-eof' }))).toBe(true);
    expect(bffEnd).toEqual({ reason: 'upstream-eof' });
    expect(message.status).toBe('complete');
    expect(message.thinking.length).toBeGreaterThan(20);
    const stored = await storedReply(id);
    expect(stored).toMatchObject({
      status: 'complete',
      text: message.text,
      thinking: message.thinking,
      usage: message.usage,
      finishReason: 'stop',
      provider: SIM[protocol],
      model: 'sim-thinking',
      protocol,
    });
    expect(stored.timings.firstByte).toBeLessThanOrEqual(stored.timings.firstToken!);
    expect(stored.timings.firstToken).toBeLessThanOrEqual(stored.timings.end!);
    // What Sluice added to the first byte, in the head and in the upstream marker the event log reads.
    const timing =
      /^sluice;desc="Sluice before the upstream";dur=([\d.]+), upstream;desc="Upstream to headers";dur=([\d.]+)$/.exec(
        response.headers.get('server-timing') ?? '',
      );
    expect(timing).not.toBeNull();
    expect(text).toContain(`"timing":{"sluiceMs":${timing![1]},"upstreamMs":${timing![2]}}`);
    // The reply's clock as the headers left (what the page times its bytes from): past both shares, within the reply.
    const clock = Number(response.headers.get('x-sluice-clock') ?? NaN);
    expect(clock).toBeGreaterThanOrEqual(Math.floor(Number(timing![1]) + Number(timing![2])) - 2);
    expect(clock).toBeLessThanOrEqual(stored.timings.end! + 2);
  });

  it.each([
    ['sim-fault-error', 'error'],
    ['sim-fault-eof', 'truncated'],
    ['sim-fault-malformed', 'complete'],
    ['sim-fault-keepalive', 'complete'],
    ['sim-fault-stall', 'complete'],
    ['sim-fault-slow-start', 'complete'],
  ])('stores %s as %s', async (model, status) => {
    const response = await postChat({
      provider: SIM[protocol],
      model,
      messages: user(model === 'sim-fault-slow-start' ? 'tokens=20 tps=5000 delay=0.5' : `tokens=20 stall=0.5 ${FAST}`),
    });
    const { message } = await readChat(response);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(message.status).toBe(status);
    expect(stored.status).toBe(status);
    if (status === 'error') expect(stored.error?.message).toMatch(/sim-fault-error|Incomplete|failed/);
    if (model === 'sim-fault-malformed') {
      expect(message.malformedEvents).toBe(1);
      // The reply says so, as the page read it and as stored, pointing at the event's row in the stored log.
      expect(stored.warnings).toEqual([expect.objectContaining({ kind: 'malformed', count: 1, items: [expect.any(Number)] })]);
      expect(stored.warnings).toEqual(message.warnings);
      const conversationId = response.headers.get('x-conversation-id')!;
      const events = (await (
        await fetch(`${base}/api/conversations/${conversationId}/messages/${stored.id}/events`)
      ).json()) as StoredEvents;
      const log = new EventLog(protocol);
      readIntoLog(log, events.items);
      const row = log.entries.find((entry) => entry.seq === stored.warnings![0]!.items[0]);
      expect(row?.malformed).toBe(true);
    }
  });

  it.each([
    ['sim-fault-http-401', 401],
    ['sim-fault-http-429', 429],
    ['sim-fault-http-500', 502],
    ['sim-fault-non-sse', 502],
  ])('answers %s before streaming with JSON and HTTP %i, and stores the error', async (model, status) => {
    const response = await postChat({ provider: SIM[protocol], model, messages: user(FAST) });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { type: string; message: string; upstreamBody: string } };
    expect(body.error.type).toBe('upstream_error');
    expect(body.error.message).toMatch(/^The upstream answered HTTP \d{3}: /);
    expect(body.error.upstreamBody.length).toBeGreaterThan(0);
    // Stored with the upstream's own body, as the JSON error carried it.
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored).toMatchObject({
      status: 'error',
      error: { message: body.error.message, upstreamBody: body.error.upstreamBody },
    });
    expect(stored.error!.upstreamBodyTruncated).toBeUndefined();
  });
});

describe('relaying without buffering', () => {
  it('the first event reaches the browser long before the last is sent', async () => {
    const response = await postChat({
      provider: 'sim-openai',
      model: 'sim-markdown',
      messages: user('tokens=30 tps=20 delay=0'),
    });
    const { chunks } = await readChat(response);
    const firstEvent = chunks.find((c) => c.text.includes('data:'))!;
    expect(chunks.at(-1)!.at - firstEvent.at).toBeGreaterThan(1000);
    expect(chunks.filter((c) => c.text.includes('data:')).length).toBeGreaterThan(10);
  });

  it('sends keep-alive markers while the upstream is silent, then finishes', async () => {
    const response = await postChat({
      provider: 'sim-anthropic',
      model: 'sim-fault-stall',
      messages: user(`stall=1 tokens=30 ${FAST}`),
    });
    const { text, message } = await readChat(response);
    expect(text).toContain(markersOf(response).keepAlive);
    expect(message.status).toBe('complete');
  });

  it('strips a leading BOM that our first marker would otherwise displace', async () => {
    const { message } = await readChat(await postChat({ provider: 'up-chat', model: 'bom', messages: user('x') }));
    expect(message).toMatchObject({ status: 'complete', text: 'after a BOM' });
  });

  it('strips it too when its three bytes arrive in three reads', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'bom-split', messages: user('x') });
    const { text, message } = await readChat(response);
    expect(text).not.toContain('\uFEFF');
    expect(message).toMatchObject({ status: 'complete', text: 'after a split BOM' });
    expect(await storedReply(response.headers.get('x-conversation-id')!)).toMatchObject({
      status: 'complete',
      text: 'after a split BOM',
    });
  });

  it('ends its marker on a line of its own when the upstream stopped mid-line', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'no-newline-at-end', messages: user('x') });
    const { text, message } = await readChat(response);
    expect(text.endsWith(`"cut"}}]}\n${markersOf(response).end({ reason: 'upstream-eof' })}`)).toBe(true);
    expect(message).toMatchObject({ status: 'truncated', text: 'first' });
    expect((await storedReply(response.headers.get('x-conversation-id')!)).text).toBe('first');
  });
});

/** Receive plus send buffer one TCP connection may autotune to here (the third field of tcp_rmem / tcp_wmem). */
function kernelSocketBuffers(): number {
  const max = (file: string, fallback: number) => {
    try {
      return Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]) || fallback;
    } catch {
      return fallback;
    }
  };
  return max('/proc/sys/net/ipv4/tcp_rmem', 6 * 1024 * 1024) + max('/proc/sys/net/ipv4/tcp_wmem', 4 * 1024 * 1024);
}

describe('backpressure', () => {
  it('a browser that stops reading makes the BFF stop reading the upstream: nothing piles up', async () => {
    const abort = new AbortController();
    const response = await postChat({ provider: 'up-chat', model: 'firehose', messages: user('x') }, { signal: abort.signal });
    const reader = response.body!.getReader();
    await reader.read(); // the stream is open; now read nothing more
    await new Promise((r) => setTimeout(r, 1500));
    const stalled = (await upstreamLog()).findLast((e) => e.model === 'firehose')!.written!;
    await new Promise((r) => setTimeout(r, 1000));
    const later = (await upstreamLog()).findLast((e) => e.model === 'firehose')!.written!;
    abort.abort();
    // What the kernel may hold on the two loopback hops (upstream → BFF, BFF → us),
    // plus 1 MB for every buffer in user space (the relay's own bound is 64 KB) — and no growth.
    expect(stalled).toBeLessThan(kernelSocketBuffers() * 2 + 1024 * 1024);
    expect(stalled).toBeLessThan(128 * 1024 * 1024); // the firehose never reached its cap
    expect(later).toBe(stalled);
  });
});

describe('failures the BFF sees', () => {
  it('an upstream that stalls past the idle limit ends the stream with a marker, stored as error', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'stall', messages: user('x') });
    const { text, message, bffEnd } = await readChat(response);
    expect(bffEnd).toMatchObject({ reason: 'upstream-idle' });
    expect(text).toContain(markersOf(response).keepAlive);
    expect(message).toMatchObject({ status: 'error', text: 'before the stall', error: { code: 'upstream-idle' } });
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored).toMatchObject({
      status: 'error',
      text: 'before the stall',
      error: { message: 'The upstream sent nothing for 2 s.' },
    });
    // Its speed runs to its last token, not through the silence (the idle limit, 1.5 s here) to its end.
    expect(stored.timings.end! - stored.timings.lastToken!).toBeGreaterThanOrEqual(1500);
    expect(stored.timings.lastToken).toBeGreaterThanOrEqual(stored.timings.firstToken!);
  });

  it('an upstream connection that breaks mid-stream is told apart from the browser’s own', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'drop', messages: user('x') });
    const { message, bffEnd } = await readChat(response);
    expect(bffEnd).toMatchObject({ reason: 'upstream-connection-lost' });
    expect(message.status).toBe('error');
    expect((await storedReply(response.headers.get('x-conversation-id')!)).status).toBe('error');
  });

  it('passes on an upstream error in its own words, whole, even with a character split across packets', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'error-split-utf8', messages: user('x') });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'The upstream answered HTTP 400: Unknown city Zürich ✓',
    );
  });

  it('stores an upstream’s error page with the failed reply, whole, as the JSON error carried it: a reload shows it all', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'error-page', messages: user('x') });
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as { error: Record<string, unknown> & { message: string; upstreamBody: string } };
    expect(error).toMatchObject({ type: 'upstream_error', upstreamStatus: 503 });
    expect(error.upstreamBody).toMatch(/^<!DOCTYPE html>[\s\S]*Ray ID: 8f2c…<\/p><\/body><\/html>\n$/);
    expect(error.upstreamBody.length).toBeGreaterThan(2000); // far more than the message quotes
    expect(error.message.length).toBeLessThan(400);
    expect(error).not.toHaveProperty('upstreamBodyTruncated');
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    // Stored as the JSON error said it, with its status, so a reload titles it the same.
    expect(stored.error).toEqual({
      message: error.message,
      upstreamBody: error.upstreamBody,
      type: 'upstream_error',
      status: 502,
      upstreamStatus: 503,
    });
  });

  it('bounds an upstream’s error body at 64 KiB, marked as cut, the same in the JSON error and the stored reply', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'error-page-huge', messages: user('x') });
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as {
      error: { message: string; upstreamBody: string; upstreamBodyTruncated: true };
    };
    expect(error.upstreamBodyTruncated).toBe(true);
    expect(Buffer.byteLength(error.upstreamBody)).toBe(64 * 1024);
    expect(error.upstreamBody).toMatch(/^<!DOCTYPE html>/);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.error).toEqual({
      message: error.message,
      upstreamBody: error.upstreamBody,
      upstreamBodyTruncated: true,
      type: 'upstream_error',
      status: 502,
      upstreamStatus: 503,
    });
  });

  it('an upstream that never answers becomes a 504', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'no-headers', messages: user('x') });
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('upstream_timeout');
  });

  it('a refused connection becomes a 502 that names the upstream, not the key', async () => {
    const response = await postChat({ provider: 'keyed', model: 'anything', messages: user('x') });
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(text).toContain('upstream_unreachable');
    expect(text).toContain('ECONNREFUSED');
    expect(text).not.toContain(SECRET_KEY);
  });
});

describe('stop', () => {
  it(
    'a stop from another connection aborts the upstream within a second, ' +
      'ends the stream with the end marker and stores the partial reply as stopped',
    async () => {
      const response = await postChat({ provider: 'up-chat', model: 'slow', messages: user('x') });
      const id = response.headers.get('x-conversation-id')!;
      const messageId = response.headers.get('x-sluice-message-id')!;
      const reader = response.body!.getReader();
      let received = '';
      while (!received.includes('w3 ')) received += new TextDecoder().decode((await reader.read()).value);
      const stoppedAt = Date.now();
      const stop = await fetch(`${base}/api/chat/${messageId}/stop`, { method: 'POST' });
      expect(stop.status).toBe(200);
      expect(await stop.json()).toEqual({ stopped: true });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      expect(received.endsWith(markersOf(response).end({ reason: 'stopped', message: 'Stopped.' }))).toBe(true);
      const stored = await storedReply(id);
      expect(stored.status).toBe('stopped');
      expect(stored.text).toMatch(/^w0 w1 w2 w3 /);
      const entry = (await upstreamLog()).findLast((e) => e.model === 'slow')!;
      expect(entry.disconnectedAt).toBeDefined();
      expect(entry.disconnectedAt! - stoppedAt).toBeLessThan(1000);
      // Stopping again says it had ended; an id that never streamed is a 404 that says so.
      expect(await (await fetch(`${base}/api/chat/${messageId}/stop`, { method: 'POST' })).json()).toEqual({ stopped: false });
      const unknown = await fetch(`${base}/api/chat/no-such-reply/stop`, { method: 'POST' });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/No reply stream no-such-reply/);
    },
  );
});

describe('stop before the upstream answers', () => {
  it('is named by the requestId, answers the POST with a stopped stream, and stores the reply as stopped, not left streaming', async () => {
    const requestId = `early-${Date.now()}`;
    const pending = postChat({ provider: 'up-chat', model: 'no-headers', messages: user('stop me early'), requestId });
    await new Promise((r) => setTimeout(r, 300));
    expect(await (await fetch(`${base}/api/chat/${requestId}/stop`, { method: 'POST' })).json()).toEqual({ stopped: true });
    const response = await pending;
    expect(response.status).toBe(200);
    const text = await response.text();
    const markers = markersOf(response);
    expect(text).toBe(markers.open + markers.end({ reason: 'stopped', message: 'Stopped.' }));
    expect((await storedReply(response.headers.get('x-conversation-id')!)).status).toBe('stopped');
  });
});

describe('bad input', () => {
  const post = (body: string) =>
    fetch(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const ok = { provider: 'sim-openai', model: 'sim-echo', messages: user('hi') };

  it.each([
    ['invalid JSON', '{"provider":', 400, /not valid JSON/],
    ['no messages', JSON.stringify({ ...ok, messages: [] }), 400, /messages: at least one message/],
    ['a missing provider', JSON.stringify({ model: 'm', messages: user('x') }), 400, /provider:/],
    ['a wrong role', JSON.stringify({ ...ok, messages: [{ role: 'robot', content: 'x' }] }), 400, /messages\.0\.role/],
    ['an unknown field', JSON.stringify({ ...ok, extra: 1 }), 400, /extra/],
    ['a bad temperature', JSON.stringify({ ...ok, params: { temperature: 9 } }), 400, /params\.temperature/],
    ['an unknown provider', JSON.stringify({ ...ok, provider: 'nope' }), 404, /Unknown provider "nope"/],
    ['an unknown model', JSON.stringify({ ...ok, model: 'gpt-9' }), 404, /Unknown model "gpt-9"/],
    [
      'an unknown conversation',
      JSON.stringify({ ...ok, conversationId: '01a1fd99-a74b-7767-8072-335179905456' }),
      404,
      /Unknown conversation/,
    ],
    ['a malformed conversation id', JSON.stringify({ ...ok, conversationId: "1' or '1'='1" }), 404, /Unknown conversation/],
    ['an oversized body', JSON.stringify({ ...ok, messages: user('x'.repeat(3 * 1024 * 1024)) }), 413, /larger than 2 MiB/],
  ])('%s gets a JSON error that names it', async (_label, body, status, message) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    const json = (await response.json()) as { error: { type: string; message: string } };
    expect(json.error.message).toMatch(message);
  });
});

describe('conversations', () => {
  it('a follow-up continues the conversation; GET lists it in order; DELETE removes it', async () => {
    const first = await postChat({ provider: 'sim-gemini', model: 'sim-echo', messages: user('first turn') });
    const id = first.headers.get('x-conversation-id')!;
    const a = await readChat(first);
    const second = await postChat({
      conversationId: id,
      provider: 'sim-gemini',
      model: 'sim-echo',
      messages: [...user('first turn'), { role: 'assistant', content: a.message.text }, ...user('second turn')],
    });
    expect(second.headers.get('x-conversation-id')).toBe(id);
    await readChat(second);
    await storedReply(id, (m) => m.status === 'complete' && (m as unknown as { text: string }).text === 'second turn');
    const c = await conversation(id);
    expect(c.title).toBe('first turn');
    expect(c.messages.map((m) => [m.role, 'text' in m ? m.text : m.content])).toEqual([
      ['user', 'first turn'],
      ['assistant', 'first turn'],
      ['user', 'second turn'],
      ['assistant', 'second turn'],
    ]);
    const list = (await (await fetch(`${base}/api/conversations`)).json()) as { conversations: { id: string }[] };
    expect(list.conversations[0]!.id).toBe(id);
    expect((await fetch(`${base}/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${base}/api/conversations/${id}`)).status).toBe(404);
    expect((await fetch(`${base}/api/conversations/not-an-id`)).status).toBe(404);
  });

  it('regenerate and edit replace the tail shown (replaceFrom, newMessages); the old stays as versions (versions.test.ts)', async () => {
    const first = await postChat({ provider: 'sim-openai', model: 'sim-echo', messages: user('one') });
    const id = first.headers.get('x-conversation-id')!;
    await readChat(first);
    const history = [...user('one'), { role: 'assistant', content: 'one' }];
    await readChat(
      await postChat({ conversationId: id, provider: 'sim-openai', model: 'sim-echo', messages: [...history, ...user('two')] }),
    );
    // Regenerate the reply at position 3: nothing new to store.
    await readChat(
      await postChat({
        conversationId: id,
        provider: 'sim-openai',
        model: 'sim-echo',
        messages: [...history, ...user('two')],
        replaceFrom: 3,
        newMessages: 0,
      }),
    );
    await storedReply(id);
    const shape = async () => (await conversation(id)).messages.map((m) => [m.role, 'text' in m ? m.text : m.content]);
    expect(await shape()).toEqual([
      ['user', 'one'],
      ['assistant', 'one'],
      ['user', 'two'],
      ['assistant', 'two'],
    ]);
    // Edit the message at position 2.
    await readChat(
      await postChat({
        conversationId: id,
        provider: 'sim-openai',
        model: 'sim-echo',
        messages: [...history, ...user('deux')],
        replaceFrom: 2,
        newMessages: 1,
      }),
    );
    await storedReply(id, (m) => m.status === 'complete' && (m as unknown as { text: string }).text === 'deux');
    expect(await shape()).toEqual([
      ['user', 'one'],
      ['assistant', 'one'],
      ['user', 'deux'],
      ['assistant', 'deux'],
    ]);
    const bad = await postChat({
      provider: 'sim-openai',
      model: 'sim-echo',
      messages: user('x'),
      replaceFrom: 0,
      newMessages: 5,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { issues: string[] } }).error.issues).toEqual([
      'replaceFrom: needs a conversationId',
      'newMessages: is more than the messages sent',
    ]);
  });

  it('lists in pages, searches titles and text, renames; bad ids, cursors and titles are refused by name', async () => {
    const marker = `zebra-${Date.now()}`;
    const ids: string[] = [];
    for (const text of [`${marker} alpha`, 'plain question', `the ${marker.toUpperCase()} again`]) {
      const response = await postChat({ provider: 'sim-anthropic', model: 'sim-echo', messages: user(text) });
      ids.push(response.headers.get('x-conversation-id')!);
      await readChat(response);
    }
    await storedReply(ids[2]!);
    const list = async (query: string) =>
      (await (await fetch(`${base}/api/conversations?${query}`)).json()) as {
        conversations: { id: string; title: string; models?: string[] }[];
        nextCursor?: string;
      };
    const found = await list(`q=${marker}`);
    expect(found.conversations.map((c) => c.id)).toEqual([ids[2], ids[0]]);
    // Each entry names the model of its last reply.
    expect(found.conversations.map((c) => c.models)).toEqual([['sim-echo'], ['sim-echo']]);
    const page1 = await list('limit=2');
    expect(page1.conversations.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const page2 = await list(`limit=2&cursor=${page1.nextCursor}`);
    expect(page2.conversations[0]!.id).toBe(ids[0]);

    const rename = (id: string, body: unknown) =>
      fetch(`${base}/api/conversations/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const renamed = await rename(ids[1]!, { title: `  Renamed ${marker} ` });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: ids[1], title: `Renamed ${marker}` });
    expect((await list(`q=renamed%20${marker}`)).conversations.map((c) => c.id)).toEqual([ids[1]]);
    expect((await conversation(ids[1]!)).title).toBe(`Renamed ${marker}`);

    const error = async (response: Promise<Response>) => {
      const r = await response;
      return [r.status, ((await r.json()) as { error: { message: string } }).error.message];
    };
    expect(await error(rename(ids[1]!, { title: '   ' }))).toEqual([400, 'Invalid request: title: must not be empty']);
    expect(await error(rename('019a0000-0000-7000-8000-000000000000', { title: 'x' }))).toEqual([
      404,
      'Unknown conversation "019a0000-0000-7000-8000-000000000000".',
    ]);
    expect(await error(rename("1' or 1=1 --", { title: 'x' }))).toEqual([404, `Unknown conversation "1' or 1=1 --".`]);
    expect(await error(fetch(`${base}/api/conversations?cursor=1;drop`))).toEqual([
      400,
      'Invalid query: cursor: is not a cursor this server gave',
    ]);
    expect(await error(fetch(`${base}/api/conversations?limit=0`))).toEqual([
      400,
      expect.stringContaining('Invalid query: limit:'),
    ]);
  });

  it('stores each reply’s raw events: exactly the bytes the browser got, with times', async () => {
    const response = await postChat({
      provider: 'sim-responses',
      model: 'sim-markdown',
      messages: user('tokens=40 tps=400 delay=0'),
    });
    const id = response.headers.get('x-conversation-id')!;
    const messageId = response.headers.get('x-sluice-message-id')!;
    const body = await response.text();
    await storedReply(id);
    const events = (await (await fetch(`${base}/api/conversations/${id}/messages/${messageId}/events`)).json()) as {
      items: { at: number; raw: string }[];
      truncated: boolean;
    };
    expect(events.truncated).toBe(false);
    expect(events.items.map((i) => i.raw).join('')).toBe(body);
    const times = events.items.map((i) => i.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)!).toBeGreaterThan(times[0]!);
    expect((await fetch(`${base}/api/conversations/${id}/messages/019a0000-0000-7000-8000-000000000000/events`)).status).toBe(
      404,
    );
    expect((await fetch(`${base}/api/conversations/${id}/messages/nope/events`)).status).toBe(404);
  });

  it('a reply read the moment its stream ends reads as it ended, its events too (no polling)', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await postChat({
        provider: 'sim-openai',
        model: 'sim-markdown',
        messages: user('tokens=30 tps=2000 delay=0'),
      });
      const id = response.headers.get('x-conversation-id')!;
      const messageId = response.headers.get('x-sluice-message-id')!;
      const { message } = await readChat(response);
      const [stored, events] = await Promise.all([
        fetch(`${base}/api/conversations/${id}`).then(
          (r) => r.json() as Promise<{ messages: { status?: string; text?: string }[] }>,
        ),
        fetch(`${base}/api/conversations/${id}/messages/${messageId}/events`),
      ]);
      expect(stored.messages.at(-1)).toMatchObject({ status: 'complete', text: message.text });
      expect(events.status).toBe(200);
    }
  });

  it('relays and stores an upstream’s own conversation id (/c1/chat gateways)', async () => {
    const response = await postChat({ provider: 'up-c1', model: 'conversation', messages: user('x') });
    expect(response.headers.get('x-upstream-conversation-id')).toBe('up-conv-42');
    await readChat(response);
    const id = response.headers.get('x-conversation-id')!;
    await storedReply(id); // written after the upstream id, in the same chain
    expect((await conversation(id)).upstreamConversationId).toBe('up-conv-42');
    const entry = (await upstreamLog()).findLast((e) => e.model === 'conversation')!;
    expect(entry.path).toBe('/c1/chat');
    expect(entry.headers['x-gateway-team']).toBe('sluice');
  });
});

describe('keys stay on the server', () => {
  it('are sent upstream the way each protocol expects', async () => {
    for (const provider of ['up-chat', 'up-anthropic', 'up-responses', 'up-gemini'])
      await readChat(await postChat({ provider, model: 'fx:gemini:text-basic.sse', messages: user('x') }));
    const log = await upstreamLog();
    const headersOf = (path: RegExp) => log.findLast((e) => path.test(e.path))!.headers;
    expect(headersOf(/\/v1\/chat\/completions$/).authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(headersOf(/\/anthropic\/v1\/messages$/)['x-api-key']).toBe(SECRET_KEY);
    expect(headersOf(/\/v1\/responses$/).authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(headersOf(/:streamGenerateContent\?alt=sse$/)['x-goog-api-key']).toBe(SECRET_KEY);
  });

  it('are redacted from an upstream error that echoes them, in the response and in the stored reply', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'reject-key', messages: user('x') });
    const text = await response.text();
    expect(response.status).toBe(401);
    expect(text).toContain('Incorrect API key provided: [redacted]');
    expect(text).not.toContain(SECRET_KEY);
    const stored = JSON.stringify(await conversation(response.headers.get('x-conversation-id')!));
    expect(stored).toContain('[redacted]');
    expect(stored).not.toContain(SECRET_KEY);
  });

  it('the `: sluice upstream` marker tells what was sent and how it answered, keys redacted and named by their variable', async () => {
    for (const provider of ['up-chat', 'up-anthropic', 'up-gemini']) {
      const response = await postChat({ provider, model: 'fx:gemini:text-basic.sse', messages: user('marker please') });
      const text = await response.text();
      expect(text).not.toContain(SECRET_KEY);
      const { open } = markersOf(response);
      const prefix = open.replace('open\n', 'upstream ');
      const line = text.split('\n').find((l) => l.startsWith(prefix))!;
      expect(text.indexOf(line)).toBe(open.length); // right after open, before any upstream byte
      const exchange = JSON.parse(line.slice(prefix.length));
      expect(exchange.request).toMatchObject({ method: 'POST', url: expect.stringContaining(upstreamUrl) });
      expect(JSON.stringify(exchange.request.body)).toContain('marker please');
      expect(exchange.response).toMatchObject({
        status: 200,
        headers: { 'content-type': expect.stringContaining('text/event-stream') },
      });
      const keyHeader = { 'up-chat': 'authorization', 'up-anthropic': 'x-api-key', 'up-gemini': 'x-goog-api-key' }[provider]!;
      expect(exchange.request.headers[keyHeader]).toBe('[redacted]');
      expect(exchange.apiKeyEnv).toBe(provider === 'up-anthropic' ? 'SLUICE_TEST_KEY' : undefined);
    }
  });

  it('a long body is cut in the upstream marker, and the stored reply has it whole (its secrets redacted: exchange.test.ts)', async () => {
    const prompt = `${'a long prompt '.repeat(75_000)}the end`; // about 1 MB
    const response = await postChat({ provider: 'up-chat', model: 'fx:gemini:text-basic.sse', messages: user(prompt) });
    const text = await response.text();
    expect(text).not.toContain(SECRET_KEY);
    const { open } = markersOf(response);
    const prefix = open.replace('open\n', 'upstream ');
    const line = text.split('\n').find((l) => l.startsWith(prefix))!;
    expect(Buffer.byteLength(line)).toBeLessThan(12 * 1024); // not a megabyte before the first token
    const exchange = JSON.parse(line.slice(prefix.length));
    const id = response.headers.get('x-sluice-message-id')!;
    expect(exchange).toMatchObject({ messageId: id, request: { truncated: true, bodyBytes: expect.any(Number) } });
    expect(exchange.request.bodyBytes).toBeGreaterThan(1_000_000);
    expect(exchange.request.body).toMatch(/^\{"model":"fx:gemini:text-basic\.sse".*"a long prompt a long/s);
    const whole = await fetch(`${base}/api/chat/${id}/upstream-body`);
    expect(whole.status).toBe(200);
    const body = await whole.text();
    expect(body).not.toContain(SECRET_KEY);
    expect(Buffer.byteLength(body)).toBe(exchange.request.bodyBytes);
    expect(body.startsWith(exchange.request.body)).toBe(true);
    expect(JSON.parse(body).messages.at(-1).content).toBe(prompt);
    const events = await fetch(`${base}/api/conversations/${response.headers.get('x-conversation-id')}/messages/${id}/events`);
    expect(JSON.stringify(await events.json()).length).toBeLessThan(64 * 1024); // the event log's budget is its own
    // A body the marker carried whole is not stored twice; an unknown id is a 404 that says why.
    const short = await postChat({ provider: 'up-chat', model: 'fx:gemini:text-basic.sse', messages: user('short') });
    await short.text();
    const none = await fetch(`${base}/api/chat/${short.headers.get('x-sluice-message-id')}/upstream-body`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/only a body its upstream marker cut/);
  });

  it('appear in no conversation and no provider listing', async () => {
    for (const path of ['/api/providers', '/api/conversations'])
      expect(await (await fetch(`${base}${path}`)).text()).not.toContain(SECRET_KEY);
  });
});

describe('every recording, relayed', () => {
  it.each(fixtures().map((f) => [f.file, f] as const))(
    '%s: the stored reply is what the recording assembles to',
    async (file, fixture) => {
      const provider = UPSTREAM[fixture.protocol];
      const response = await postChat({ provider, model: `fx:${file.replaceAll('/', ':')}`, messages: user('x') });
      expect(response.status).toBe(200);
      const { message } = await readChat(response);
      const expected = assembleRecording(fixture.protocol, fixture.bytes);
      const stored = await storedReply(response.headers.get('x-conversation-id')!);
      for (const m of [message, stored]) {
        expect({
          status: m.status,
          text: m.text,
          thinking: m.thinking,
          finishReason: m.finishReason ?? null,
          error: m.error?.message ?? null,
        }).toEqual({
          status: expected.status,
          text: expected.text,
          thinking: expected.thinking,
          finishReason: expected.finishReason ?? null,
          error: expected.error?.message ?? null,
        });
        expect(m.toolCalls.map((c) => c.args)).toEqual(expected.toolCalls.map((c) => c.args));
      }
    },
  );
});
