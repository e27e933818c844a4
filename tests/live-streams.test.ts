import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompareSession, Conversation, ConversationPage, ConversationSummary } from '@/lib/server/store/types';
import { startNextServer, type RunningServer } from './support/next-server';
import { SECRET_KEY } from './support/global-setup';
import {
  base,
  bytesOf,
  joinStream,
  markersOf,
  postChat,
  readChat,
  readUntil,
  sleep,
  storedReply,
  upstreamLog,
  user,
} from './support/http';

/** Replies that outlive the page (docs/contract.md, "Replies outlive the page"), over real HTTP. */

const join = joinStream;

describe('a reply outlives its connection', () => {
  it('a dropped POST does not stop the upstream: the reply runs to its end and is stored complete', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user('drop me') });
    await readUntil(response, (n) => n > 500);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.status).toBe('complete');
    expect(stored.text).toContain('ü€😀29 ');
    expect((await upstreamLog()).findLast((e) => e.model === 'utf8-slow')!.disconnectedAt).toBeUndefined();
  });

  it('joins from any byte offset with the exact bytes, live and after the end, in the middle of a character too', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user('join me') });
    const id = response.headers.get('x-sluice-message-id')!;
    const whole = bytesOf(response);
    await sleep(300);
    // Live: the first client's bytes so far are known to the server; join at offsets up to there.
    const early = await readUntil(await join(base, id, 0), (n) => n > 400);
    const inCharacter = early.findIndex((b, i) => i > 200 && b === 0xf0) + 2; // inside a 4-byte 😀
    const liveJoins = await Promise.all(
      [0, 1, 7, inCharacter, 333].map(async (from) => ({ from, response: await join(base, id, from) })),
    );
    for (const { response: joined } of liveJoins) {
      expect(joined.status).toBe(200);
      for (const header of ['content-type', 'x-conversation-id', 'x-sluice-protocol', 'x-sluice-message-id', 'x-sluice-marker'])
        expect(joined.headers.get(header)).toBe(response.headers.get(header));
    }
    const all = await whole;
    for (const { from, response: joined } of liveJoins)
      expect(Buffer.from(await bytesOf(joined)).equals(Buffer.from(all.subarray(from))), `from ${from}`).toBe(true);
    expect(Buffer.from(all).toString('utf8')).toMatch(/end \{"reason":"upstream-eof"\}\n$/);
    // After the end, within the retention: the same bytes.
    for (const from of [0, inCharacter, all.byteLength - 5, all.byteLength])
      expect(Buffer.from(await bytesOf(await join(base, id, from))).equals(Buffer.from(all.subarray(from)))).toBe(true);
  });

  it('tells a late joiner when the server received each chunk', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user('times') });
    const id = response.headers.get('x-sluice-message-id')!;
    const all = await bytesOf(response);
    const times = (await (await fetch(`${base}/api/chat/${id}/times?from=0`)).json()) as {
      offsets: number[];
      at: number[];
      length: number;
      ended: boolean;
    };
    expect(times.ended).toBe(true);
    expect(times.length).toBe(all.byteLength);
    expect(times.offsets[0]).toBe(0);
    expect(times.offsets.length).toBe(times.at.length);
    expect(times.offsets.length).toBeGreaterThan(25); // 30 events 40 ms apart arrive in reads of their own
    for (let i = 1; i < times.at.length; i++) {
      expect(times.offsets[i]).toBeGreaterThan(times.offsets[i - 1]!);
      expect(times.at[i]).toBeGreaterThanOrEqual(times.at[i - 1]!);
    }
    expect(times.at.at(-1)! - times.at[0]!).toBeGreaterThan(29 * 40 * 0.8); // the upstream's pacing, on the server's clock
    const later = (await (await fetch(`${base}/api/chat/${id}/times?from=${times.offsets[10]! + 1}`)).json()) as {
      offsets: number[];
    };
    expect(later.offsets).toEqual(times.offsets.slice(10));
  });

  it('answers 404 naming the id for a stream it does not have, and 400 for a bad offset', async () => {
    const missing = await join(base, 'nope', 0);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/No reply stream nope here/);
    expect((await fetch(`${base}/api/chat/nope/times`)).status).toBe(404);
    const response = await postChat({ provider: 'up-chat', model: 'fx:openai-chat:finish-length.sse', messages: user('x') });
    await response.arrayBuffer();
    const bad = await join(base, response.headers.get('x-sluice-message-id')!, -1);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/from: must be a byte offset/);
  });

  it('answers 416 naming the offset and the length for a join past every byte the stream has, live or ended', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user('too far') });
    const id = response.headers.get('x-sluice-message-id')!;
    const soFar = await readUntil(response, (n) => n > 200);
    const live = await join(base, id, 10_000_000);
    expect(live.status).toBe(416);
    const refusal = ((await live.json()) as { error: { type: string; message: string; from: number; length: number } }).error;
    expect(refusal).toMatchObject({ type: 'range_not_satisfiable', from: 10_000_000 });
    expect(refusal.length).toBeGreaterThanOrEqual(soFar.byteLength);
    expect(refusal.message).toMatch(/from: byte 10000000 is past the end of reply .* which has \d+ bytes so far/);
    const all = await bytesOf(await join(base, id, 0));
    const ended = await join(base, id, all.byteLength + 1);
    expect(ended.status).toBe(416);
    expect(await ended.json()).toMatchObject({ error: { from: all.byteLength + 1, length: all.byteLength } });
    expect((await join(base, id, all.byteLength)).status).toBe(200); // at the end: nothing more, not an error
  });

  it('answers 416 for the times past every byte the stream has, as its join does, live or ended', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user('times too far') });
    const id = response.headers.get('x-sluice-message-id')!;
    const soFar = await readUntil(response, (n) => n > 200);
    const times = (from: number) => fetch(`${base}/api/chat/${id}/times?from=${from}`);
    const live = await times(10_000_000);
    expect(live.status).toBe(416);
    const refusal = ((await live.json()) as { error: { type: string; message: string; from: number; length: number } }).error;
    expect(refusal).toMatchObject({ type: 'range_not_satisfiable', from: 10_000_000 });
    expect(refusal.length).toBeGreaterThanOrEqual(soFar.byteLength);
    expect(refusal.message).toMatch(/from: byte 10000000 is past the end of reply .* which has \d+ bytes so far/);
    const all = await bytesOf(await join(base, id, 0));
    const ended = await times(all.byteLength + 1);
    expect(ended.status).toBe(416);
    expect(await ended.json()).toMatchObject({ error: { from: all.byteLength + 1, length: all.byteLength } });
    // At the end: no chunk from there on, not an error.
    const atEnd = await times(all.byteLength);
    expect(atEnd.status).toBe(200);
    expect(await atEnd.json()).toMatchObject({ offsets: [], at: [], length: all.byteLength, ended: true });
  });

  it('a retried POST with the same requestId reads the same stream: the upstream is called once', async () => {
    const since = Date.now();
    const requestId = `retry-${since}`;
    const body = { provider: 'up-chat', model: 'utf8-slow', messages: user('pay once'), requestId };
    const first = await postChat(body);
    await readUntil(first, (n) => n > 300); // the first connection drops
    const second = await postChat(body);
    expect(second.headers.get('x-sluice-message-id')).toBe(first.headers.get('x-sluice-message-id'));
    expect(second.headers.get('x-conversation-id')).toBe(first.headers.get('x-conversation-id'));
    const { message } = await readChat(second);
    expect(message.status).toBe('complete');
    expect(message.text).toContain('ü€😀0 ');
    expect((await upstreamLog()).filter((e) => e.model === 'utf8-slow' && e.startedAt >= since)).toHaveLength(1);
    const stored = (await (
      await fetch(`${base}/api/conversations/${first.headers.get('x-conversation-id')}`)
    ).json()) as Conversation;
    expect(stored.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
  });
});

/** The conversation as the list (GET /api/conversations) shows it. */
async function listed(id: string): Promise<ConversationSummary | undefined> {
  return ((await (await fetch(`${base}/api/conversations?limit=200`)).json()) as ConversationPage).conversations.find(
    (c) => c.id === id,
  );
}

describe('a read of the store shows every turn the server has taken', () => {
  it('before the upstream answers: a compare session read then has its pane, the reply streaming and joinable', async () => {
    // A compare session's address is known before its panes' upstreams answer: a reload then must find them.
    const since = Date.now();
    const created = await fetch(`${base}/api/compares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'early' }),
    });
    const { id } = (await created.json()) as { id: string };
    const posting = postChat({ provider: 'up-chat', model: 'late-headers', messages: user('early'), compare: { id, pane: 0 } });
    while (!(await upstreamLog()).some((e) => e.model === 'late-headers' && e.startedAt >= since)) await sleep(20);
    const session = (await (await fetch(`${base}/api/compares/${id}`)).json()) as CompareSession;
    expect(session.panes).toHaveLength(1);
    expect(await listed(id)).toMatchObject({ id, kind: 'compare', streaming: true });
    const reply = session.panes[0]!.messages.at(-1)!;
    expect(reply).toMatchObject({ role: 'assistant', status: 'streaming' });
    const joined = await join(base, reply.id, 0);
    const response = await posting;
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('x-sluice-message-id')).toBe(reply.id);
    const [mine, theirs] = await Promise.all([bytesOf(response), bytesOf(joined)]);
    expect(Buffer.from(theirs).equals(Buffer.from(mine))).toBe(true);
    expect(Buffer.from(mine).toString('utf8')).toContain('late4 ');
    expect((await storedReply(session.panes[0]!.id)).status).toBe('complete');
    expect(await listed(id)).not.toHaveProperty('streaming');
  });

  it('the list marks a conversation streaming while a reply of it streams, and not once it has ended', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'utf8-slow', messages: user(`listed ${Date.now()}`) });
    const id = response.headers.get('x-conversation-id')!;
    expect(await listed(id)).toMatchObject({ id, streaming: true });
    await bytesOf(response);
    // The list waits, as other reads do, for a reply that has just ended to be stored.
    expect(await listed(id)).not.toHaveProperty('streaming');
  });
});

describe('the upstream side reconnects with Last-Event-ID', () => {
  it('continues after the last event id, relays the continuation after a marker, and assembles each event once', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'resumable', messages: user('resume') });
    const { text, message } = await readChat(response);
    const markers = markersOf(response);
    expect(text).toContain(markers.reconnect({ attempt: 1, lastEventId: '9' }));
    expect(message.status).toBe('complete');
    expect(message.text).toBe(Array.from({ length: 20 }, (_, i) => `r${i} `).join(''));
    const calls = (await upstreamLog()).filter((e) => e.model === 'resumable').slice(-2);
    expect(calls.map((e) => e.headers['last-event-id'])).toEqual([undefined, '9']);
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`); // the same request, again
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.status).toBe('complete');
    expect(stored.text).toBe(message.text);
  });

  it('ends the reply as an error with the upstream’s reason when it refuses to resume', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'resume-refused', messages: user('refuse') });
    const { message } = await readChat(response);
    expect(message.status).toBe('error');
    expect(message.error?.message).toMatch(/asking it again from event 9 failed: .*HTTP 400: resume_not_supported/);
    expect(message.text).toBe(Array.from({ length: 10 }, (_, i) => `r${i} `).join(''));
    expect((await storedReply(response.headers.get('x-conversation-id')!)).status).toBe('error');
  });
});

describe('a server of its own: the unwatched limit, the retention, SIGTERM and Ctrl-C', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNextServer({
      SLUICE_CONFIG: inject('configPath'),
      SLUICE_UNWATCHED_LIMIT_MS: '1000',
      SLUICE_STREAM_RETENTION_MS: '1500',
    });
  }, 90_000);
  afterAll(() => server?.stop());

  const post = (model: string, content: string) =>
    fetch(`${server.origin}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'up-chat', model, messages: user(content) }),
    });
  const stored = async (conversationId: string) => {
    for (let i = 0; i < 100; i++) {
      const c = (await (await fetch(`${server.origin}/api/conversations/${conversationId}`)).json()) as Conversation;
      const reply = c.messages.at(-1) as { status?: string; text?: string; error?: { message: string } };
      if (reply.status && reply.status !== 'streaming') return reply;
      await sleep(50);
    }
    throw new Error('never settled');
  };

  it('stops a reply nobody reads for the unwatched limit, and stores it stopped, saying why', async () => {
    const response = await post('slow', 'forgotten');
    await readUntil(response, (n) => n > 300);
    const reply = await stored(response.headers.get('x-conversation-id')!);
    expect(reply.status).toBe('stopped');
    expect(reply.error?.message).toMatch(/nobody read this reply for 1 s/);
    expect((await upstreamLog()).findLast((e) => e.model === 'slow')!.disconnectedAt).toBeDefined();
  });

  it('keeps a watched reply going past the limit, and forgets its bytes after the retention', async () => {
    const response = await post('utf8-slow', 'watched');
    const id = response.headers.get('x-sluice-message-id')!;
    const all = await bytesOf(response); // 1.2 s, read all along
    expect(Buffer.from(all).toString()).toContain('ü€😀29 ');
    expect((await join(server.origin, id, 0)).status).toBe(200);
    await sleep(1800);
    expect((await join(server.origin, id, 0)).status).toBe(404);
    expect((await stored(response.headers.get('x-conversation-id')!)).status).toBe('complete');
  });

  /** Two replies in flight on a server of this data, then `signal`; both are stored stopped, saying why, and the server exits. */
  async function stopsWithReplies(running: RunningServer, signal: () => void) {
    const send = (content: string) =>
      fetch(`${running.origin}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'up-chat', model: 'slow', messages: user(content) }),
      });
    const responses = await Promise.all([send('in flight 1'), send('in flight 2')]);
    await Promise.all(responses.map((r) => readUntil(r, (n) => n > 300)));
    const exited = new Promise<number | null>((resolve) => running.process.once('exit', resolve));
    signal();
    expect(await exited).toBe(0);
    // It says so once, whoever got the signal (under npm start, the launcher and the server both do).
    expect(running.output().match(/storing the replies in flight/g)).toHaveLength(1);
    // Read the database the server left, with a server of the same data.
    const again = await startNextServer({ SLUICE_CONFIG: inject('configPath'), SLUICE_DATA_DIR: running.dataDir });
    try {
      for (const response of responses) {
        const c = (await (
          await fetch(`${again.origin}/api/conversations/${response.headers.get('x-conversation-id')}`)
        ).json()) as Conversation;
        const reply = c.messages.at(-1) as { status: string; error?: { message: string }; text: string };
        expect(reply.status).toBe('stopped');
        expect(reply.error?.message).toBe('Stopped: the server stopped.');
        expect(reply.text).toMatch(/^w0 /);
      }
    } finally {
      await again.stop();
    }
  }

  it('on SIGTERM stores every reply in flight as stopped, and exits', async () => {
    await stopsWithReplies(server, () => server.process.kill('SIGTERM'));
  }, 120_000);

  it('npm start, stopped by Ctrl-C (SIGINT to its process group) or by SIGTERM, stores every reply in flight and exits', async () => {
    const env = { SLUICE_CONFIG: inject('configPath') };
    const byCtrlC = await startNextServer(env, { npm: true });
    await stopsWithReplies(byCtrlC, () => process.kill(-byCtrlC.process.pid!, 'SIGINT'));
    expect(byCtrlC.output()).toContain('sluice: SIGINT: storing the replies in flight, then exiting (again to stop at once)');
    const byTerm = await startNextServer(env, { npm: true });
    await stopsWithReplies(byTerm, () => byTerm.process.kill('SIGTERM'));
  }, 180_000);
});
