import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompareSession, Conversation } from '@/lib/server/store/types';
import { bytesOf, conversation, joinStream, readChat, readUntil, sleep, upstreamLog, user } from './support/http';
import { startNextServer, type RunningServer } from './support/next-server';
import { freshPgDatabase } from './support/postgres';
import { redisServerBinary, startRedis, type RunningRedis } from './support/redis';

/**
 * Several instances behind one address (README, "Running several instances"): two
 * `next start` servers sharing a PostgreSQL database and a Redis server, over real HTTP.
 */

const redisBinary = redisServerBinary();
const pgUrl = process.env.TEST_DATABASE_URL;
const post = (origin: string, body: unknown) =>
  fetch(`${origin}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

type StoredAssistant = Extract<Conversation['messages'][number], { text: string }>;

/** The conversation's reply through `origin`, once `until` holds (polling for up to `withinMs`). */
async function replyOn(
  origin: string,
  conversationId: string,
  until: (reply: StoredAssistant) => boolean,
  withinMs = 10_000,
): Promise<StoredAssistant> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const reply = (await conversation(conversationId, origin)).messages.at(-1) as StoredAssistant;
    if (until(reply)) return reply;
    if (Date.now() > deadline) throw new Error(`reply of ${conversationId} is ${reply.status}, after ${withinMs} ms`);
    await sleep(100);
  }
}

/** Reads a response until `enough` says so, keeping the connection open; the rest stays readable. */
async function readSome(response: Response, enough: (text: string) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!enough(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const rest = async () => {
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
    return text;
  };
  return { text, rest };
}

it('runs in CI, where Redis and PostgreSQL are installed', () => {
  if (process.env.CI && (!redisBinary || !pgUrl))
    throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_SERVER (.ci/postgres, .ci/redis)');
});

/** Two instances on one Redis and one database; each describe gets its own. */
function twoInstances() {
  const running: { redis?: RunningRedis; a?: RunningServer; b?: RunningServer; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    const db = await freshPgDatabase(pgUrl!);
    running.drop = db.drop;
    running.redis = await startRedis(redisBinary!);
    const env = { SLUICE_CONFIG: inject('configPath'), DATABASE_URL: db.url, REDIS_URL: running.redis.url };
    [running.a, running.b] = await Promise.all([startNextServer(env), startNextServer(env)]);
  });
  afterAll(async () => {
    await Promise.allSettled([running.a?.stop(), running.b?.stop()]);
    await running.redis?.stop();
    await running.drop?.();
  });
  return running;
}

describe.skipIf(!redisBinary || !pgUrl)('two instances sharing PostgreSQL and Redis', () => {
  const servers = twoInstances();

  it('a reply started on one is read through the other from any byte offset, byte-exact, with its chunk times', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const response = await post(a, { provider: 'up-chat', model: 'utf8-slow', messages: user('read me elsewhere') });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-sluice-message-id')!;
    const whole = bytesOf(response);
    await sleep(400);
    const early = await readUntil(await joinStream(b, id, 0), (n) => n >= 400);
    expect(early.byteLength).toBeGreaterThan(0);
    const inCharacter = early.findIndex((byte) => byte === 0xf0) + 2; // inside a 4-byte 😀
    expect(inCharacter).toBeGreaterThan(1);
    const liveJoins = await Promise.all(
      [0, 1, inCharacter, 333].map(async (from) => ({ from, response: await joinStream(b, id, from) })),
    );
    for (const { response: joined } of liveJoins) {
      expect(joined.status).toBe(200);
      for (const header of ['content-type', 'x-conversation-id', 'x-sluice-protocol', 'x-sluice-message-id', 'x-sluice-marker'])
        expect(joined.headers.get(header)).toBe(response.headers.get(header));
    }
    const all = await whole;
    for (const { from, response: joined } of liveJoins)
      expect((await bytesOf(joined)).equals(all.subarray(from)), `live from ${from}`).toBe(true);
    expect(all.toString('utf8')).toMatch(/end \{"reason":"upstream-eof"\}\n$/);
    for (const from of [0, inCharacter, all.byteLength - 5, all.byteLength])
      expect((await bytesOf(await joinStream(b, id, from))).equals(all.subarray(from)), `ended, from ${from}`).toBe(true);

    const times = (await (await fetch(`${b}/api/chat/${id}/times?from=0`)).json()) as {
      offsets: number[];
      at: number[];
      length: number;
      ended: boolean;
    };
    const here = (await (await fetch(`${a}/api/chat/${id}/times?from=0`)).json()) as typeof times;
    expect(times).toMatchObject({ ended: true, length: all.byteLength, offsets: here.offsets, at: here.at });
    expect((await joinStream(b, 'no-such-reply', 0)).status).toBe(404);
    const stored = await replyOn(b, response.headers.get('x-conversation-id')!, (r) => r.status !== 'streaming');
    expect(stored.status).toBe('complete');
  });

  it('a version shown through one instance is the one the other shows; a regenerate through the other goes beside it', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const first = await post(a, { provider: 'sim-openai', model: 'sim-echo', messages: user('versions everywhere') });
    const id = first.headers.get('x-conversation-id')!;
    const v1 = first.headers.get('x-sluice-message-id')!;
    await readChat(first);
    await replyOn(b, id, (r) => r.id === v1 && r.status !== 'streaming');
    const second = await post(b, {
      conversationId: id,
      provider: 'sim-openai',
      model: 'sim-echo',
      messages: user('versions everywhere'),
      replaceFrom: 1,
      newMessages: 0,
    });
    const v2 = second.headers.get('x-sluice-message-id')!;
    await readChat(second);
    const onA = await replyOn(a, id, (r) => r.id === v2 && r.status !== 'streaming');
    expect(onA.versions).toEqual([v1, v2]);
    expect((await fetch(`${b}/api/conversations/${id}/messages/${v1}/show`, { method: 'POST' })).status).toBe(200);
    expect((await conversation(id, a)).messages.map((m) => m.id)).toEqual([(await conversation(id, b)).messages[0]!.id, v1]);
  });

  it('a capture made through one instance is listed and served by the other, and its live feed tells of it', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    // B's live feed first: a capture written by A reaches it through the database.
    const hangUp = new AbortController();
    const feed = await fetch(`${b}/api/captures/live`, { signal: hangUp.signal });
    const heard = readSome(feed, (text) =>
      /"status":"complete"[^\n]*"model":"json-reply"|"model":"json-reply"[^\n]*"status":"complete"/.test(text),
    );
    const response = await fetch(`${a}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'json-reply', messages: [{ role: 'user', content: 'record me on A' }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const event = (await heard).text.split('\n').find((line) => line.includes('json-reply') && line.includes('"complete"'))!;
    const { capture } = JSON.parse(event.replace(/^data: /, '')) as { capture: { id: string } };
    const listed = (await (await fetch(`${b}/api/captures?model=json-reply`)).json()) as { items: { id: string }[] };
    expect(listed.items.map((c) => c.id)).toContain(capture.id);
    const served = (await (await fetch(`${b}/api/captures/${capture.id}`)).json()) as { request: { body: { text: string } } };
    expect(served.request.body.text).toContain('record me on A');
    hangUp.abort();
  });

  it('a reply started on one is stopped through the other: the upstream is let go within a second, every reader ends, it is stored stopped', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const response = await post(a, { provider: 'up-chat', model: 'slow', messages: user('stop me elsewhere') });
    const id = response.headers.get('x-sluice-message-id')!;
    const first = await readSome(response, (text) => text.includes('w3 '));
    const elsewhere = await readSome(await joinStream(b, id, 0), (text) => text.includes('w3 '));
    const stopAt = Date.now();
    const stop = await fetch(`${b}/api/chat/${id}/stop`, { method: 'POST' });
    expect(await stop.json()).toEqual({ stopped: true });
    const [mine, theirs] = await Promise.all([first.rest(), elsewhere.rest()]);
    expect(Date.now() - stopAt).toBeLessThan(1000);
    for (const text of [mine, theirs]) expect(text).toMatch(/end \{"reason":"stopped","message":"Stopped\."\}\n$/);
    expect(theirs).toBe(mine);
    const seen = (await upstreamLog()).findLast((e) => e.model === 'slow')!;
    expect(seen.disconnectedAt! - stopAt).toBeLessThan(1000);
    expect((await replyOn(b, response.headers.get('x-conversation-id')!, (r) => r.status !== 'streaming')).status).toBe(
      'stopped',
    );
    // Stopped again, through either: it had ended.
    expect(await (await fetch(`${a}/api/chat/${id}/stop`, { method: 'POST' })).json()).toEqual({ stopped: false });
    expect((await fetch(`${b}/api/chat/nope/stop`, { method: 'POST' })).status).toBe(404);
  });

  it('a compare session read through the other before its pane’s upstream answers has the pane, streaming and joinable there', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const since = Date.now();
    const { id } = (await (
      await fetch(`${a}/api/compares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'early' }),
      })
    ).json()) as { id: string };
    // As the page sends it: with a requestId. The upstream holds its headers for a second.
    let answered = false;
    const posting = post(a, {
      provider: 'up-chat',
      model: 'late-headers',
      messages: user('early'),
      compare: { id, pane: 0 },
      requestId: `early-${since}`,
    });
    void posting.then(() => (answered = true));
    while (!(await upstreamLog()).some((e) => e.model === 'late-headers' && e.startedAt >= since)) await sleep(20);
    let session: CompareSession;
    for (;;) {
      session = (await (await fetch(`${b}/api/compares/${id}`)).json()) as CompareSession;
      if (session.panes.length > 0 || answered) break;
      await sleep(20);
    }
    expect(answered).toBe(false);
    const reply = session.panes[0]!.messages.at(-1)!;
    expect(reply).toMatchObject({ role: 'assistant', status: 'streaming' });
    const joined = await joinStream(b, reply.id, 0);
    expect(joined.status).toBe(200);
    const response = await posting;
    expect(response.headers.get('x-sluice-message-id')).toBe(reply.id);
    const [mine, theirs] = await Promise.all([bytesOf(response), bytesOf(joined)]);
    expect(theirs.equals(mine)).toBe(true);
    expect(mine.toString('utf8')).toContain('late4 ');
    expect((await replyOn(b, session.panes[0]!.id, (r) => r.status !== 'streaming')).status).toBe('complete');
  });

  it('a POST retried on the other instance with the same requestId attaches: the upstream is called once', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const body = {
      provider: 'up-chat',
      model: 'utf8-slow',
      messages: user(`retry ${Date.now()}`),
      requestId: `retry-${Date.now()}`,
    };
    const since = Date.now();
    const firstTry = await post(a, body);
    await sleep(200);
    const retry = await post(b, body);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('x-sluice-message-id')).toBe(firstTry.headers.get('x-sluice-message-id'));
    const [one, two] = await Promise.all([bytesOf(firstTry), bytesOf(retry)]);
    expect(two.equals(one)).toBe(true);
    expect((await upstreamLog()).filter((e) => e.model === 'utf8-slow' && e.startedAt >= since)).toHaveLength(1);
  });

  // Last: it kills the first instance.
  it('the instance running a reply dies: the other stores it as an error with what had streamed, and its readers are told', async () => {
    const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
    const response = await post(a, { provider: 'up-chat', model: 'slow', messages: user('outlive my server') });
    const id = response.headers.get('x-sluice-message-id')!;
    const conversationId = response.headers.get('x-conversation-id')!;
    await readSome(response, (text) => text.includes('w5 '));
    const elsewhere = await readSome(await joinStream(b, id, 0), (text) => text.includes('w5 '));
    const killedAt = Date.now();
    servers.a!.process.kill('SIGKILL');
    const theirs = await elsewhere.rest();
    const noticedMs = Date.now() - killedAt;
    expect(noticedMs).toBeLessThan(12_000); // lease 3 s, lapsed for 2 s, a sweep a second: about 6 s
    expect(theirs).toMatch(/end \{"reason":"server-lost","message":"The server running this reply stopped[^"]*"\}\n$/);
    const stored = await replyOn(b, conversationId, (r) => r.status !== 'streaming');
    expect(stored.status).toBe('error');
    expect(stored.error?.message).toMatch(/The server running this reply stopped/);
    expect(stored.text).toMatch(/^w0 w1 w2 w3 w4 w5 /);
    // The reader's decoding agrees with the stored reply.
    const read = await readChat(
      new Response(theirs, {
        headers: { 'x-sluice-protocol': 'openai-chat', 'x-sluice-marker': response.headers.get('x-sluice-marker')! },
      }),
    );
    expect(read.message.status).toBe('error');
    expect(read.message.text).toBe(stored.text);
  });
});

describe.skipIf(!redisBinary || !pgUrl)('Redis lost mid-stream', () => {
  const servers = twoInstances();

  it(
    'the running instance relays to its own connection and stores the reply; a reader elsewhere is told the live stream was lost; ' +
      'a new reply is a clear 503, or unshared without a requestId',
    async () => {
      const { a, b } = { a: servers.a!.origin, b: servers.b!.origin };
      const response = await post(a, { provider: 'up-chat', model: 'utf8-slow', messages: user('lose redis') });
      const id = response.headers.get('x-sluice-message-id')!;
      const mine = readSome(response, () => false);
      const elsewhere = await readSome(await joinStream(b, id, 0), (text) => text.includes('😀3 '));
      await servers.redis!.stop();
      const theirs = await elsewhere.rest();
      expect(theirs).toMatch(/end \{"reason":"live-stream-lost","message":"The live stream was lost[^"]*"\}\n$/);
      const text = (await mine).text;
      expect(text).toMatch(/end \{"reason":"upstream-eof"\}\n$/);
      const stored = await replyOn(a, response.headers.get('x-conversation-id')!, (r) => r.status !== 'streaming');
      expect(stored.status).toBe('complete');
      expect(stored.text).toContain('ü€😀29 ');
      // A new reply with a requestId (the page always sends one) needs Redis to know it is not a retry: a clear 503.
      const refused = await post(b, {
        provider: 'up-chat',
        model: 'utf8-slow',
        messages: user('no redis'),
        requestId: `no-redis-${Date.now()}`,
      });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /Redis at redis:\/\/127\.0\.0\.1:\d+ \(REDIS_URL\) is unavailable/,
      );
      // Without one (curl, a script), it streams from this instance, unshared, and is stored.
      const unshared = await post(b, { provider: 'up-chat', model: 'utf8-slow', messages: user('no redis, no requestId') });
      expect(unshared.status).toBe(200);
      expect((await readChat(unshared)).message.status).toBe('complete');
    },
  );
});
