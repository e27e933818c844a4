/**
 * `/replay/{id}`: a capture or a stored reply served again as if from its upstream,
 * byte for byte, split where it was split, at its recorded pace or at once.
 */
import { describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import type { PublicProvider } from '@/lib/api/providers';
import type { ProtocolId } from '@/lib/protocols/ids';
import { fixtures } from './support/fixtures';
import type { StoredMessage } from '@/lib/api/conversations';
import { base, conversation, postChat, readChat, upstreamUrl, user } from './support/http';

/** Where each protocol's fixture goes through the proxy: the provider of that protocol, on its own path. */
const ROUTES: Record<ProtocolId, (model: string) => { provider: string; path: string }> = {
  'openai-chat': () => ({ provider: 'up-chat', path: '/chat/completions' }),
  'openai-responses': () => ({ provider: 'up-responses', path: '/responses' }),
  'anthropic-messages': () => ({ provider: 'up-anthropic', path: '/v1/messages' }),
  gemini: (model) => ({ provider: 'up-gemini', path: `/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse` }),
};

async function captureOf(model: string): Promise<CaptureDetail> {
  for (let i = 0; i < 200; i++) {
    const page = (await (await fetch(`${base}/api/captures?model=${encodeURIComponent(model)}`)).json()) as CapturePage;
    const found = page.items.find((c) => c.status !== 'streaming');
    if (found) return (await (await fetch(`${base}/api/captures/${found.id}`)).json()) as CaptureDetail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no capture of ${model}`);
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('a capture replayed', () => {
  it('gives back every recording of tests/fixtures/wire byte for byte, through the protocol’s own path', async () => {
    for (const fixture of fixtures()) {
      const model = `fx:${fixture.file.replaceAll('/', ':')}`;
      const { provider, path } = ROUTES[fixture.protocol](model);
      const through = await bytes(
        await fetch(`${base}/proxy/${provider}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model, stream: true, messages: [] }),
        }),
      );
      expect(through.equals(Buffer.from(fixture.bytes)), fixture.file).toBe(true);
      const capture = await captureOf(model);
      const replayed = await fetch(`${base}/replay/${capture.id}${path.split('?')[0]}?pace=instant`, {
        method: 'POST',
        body: '{}',
      });
      expect(replayed.status).toBe(200);
      expect(replayed.headers.get('content-type')).toContain('text/event-stream');
      expect((await bytes(replayed)).equals(Buffer.from(fixture.bytes)), `replayed ${fixture.file}`).toBe(true);
    }
  });

  it('at its recorded pace, the stream is split where it was split', async () => {
    const response = await fetch(`${base}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'utf8-slow', stream: true, messages: [] }),
    });
    const original = await bytes(response);
    const capture = await captureOf('utf8-slow');
    // 30 events 40 ms apart: each its own read.
    expect(capture.chunks!.sizes.length).toBeGreaterThanOrEqual(30);
    const replayed = await fetch(`${base}/replay/${capture.id}/chat/completions`);
    const reads: Buffer[] = [];
    const reader = replayed.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) reads.push(Buffer.from(r.value));
    expect(Buffer.concat(reads).equals(original)).toBe(true);
    // Split where it was split: every read ends where a recorded one did (a busy reader may
    // take two at once, never half of one), and paced 40 ms apart they came in many reads.
    const recordedEnds = new Set(capture.chunks!.sizes.map((_, i, all) => all.slice(0, i + 1).reduce((a, b) => a + b)));
    let offset = 0;
    for (const read of reads) expect(recordedEnds.has((offset += read.byteLength))).toBe(true);
    expect(reads.length).toBeGreaterThan(1);
  });

  it('a capture asked for before it is stored waits for it: never an empty 200', async () => {
    const marker = `replay-early-${Date.now()}`;
    const response = await fetch(`${base}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gated', stream: true, messages: [{ role: 'user', content: marker }] }),
    });
    const reader = response.body!.getReader();
    let original = Buffer.from((await reader.read()).value!);
    // The exchange is listed (streaming) while the upstream holds its second event.
    let id: string | undefined;
    while (!id) {
      const page = (await (await fetch(`${base}/api/captures?q=${marker}`)).json()) as CapturePage;
      id = page.items.find((c) => c.status === 'streaming')?.id;
    }
    const replaying = fetch(`${base}/replay/${id}/chat/completions?pace=instant`, { method: 'POST', body: '{}' });
    await fetch(`${upstreamUrl}/_gate`, { method: 'POST' });
    for (let r = await reader.read(); !r.done; r = await reader.read()) original = Buffer.concat([original, r.value]);
    const replayed = await replaying;
    expect(replayed.status).toBe(200);
    expect((await bytes(replayed)).equals(original)).toBe(true);
  });

  it('a non-streamed answer comes back with its status and headers', async () => {
    await fetch(`${base}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rate-limited', messages: [] }),
    }).then((r) => r.text());
    const capture = await captureOf('rate-limited');
    const replayed = await fetch(`${base}/replay/${capture.id}/chat/completions?pace=instant`);
    expect(replayed.status).toBe(429);
    expect(replayed.headers.get('retry-after')).toBe('7');
    expect(await replayed.json()).toEqual({
      error: { message: 'Rate limit reached; try again in 7 s.', type: 'rate_limit_error' },
    });
  });
});

describe('a stored reply replayed', () => {
  it('is the upstream’s stream without Sluice’s markers', async () => {
    const response = await postChat({ provider: 'sim-openai', model: 'sim-markdown', messages: user('replay me tokens=40') });
    const { text } = await readChat(response);
    const upstream = text
      .split(/(?<=\n)/)
      .filter((line) => !line.startsWith(': sluice '))
      .join('');
    const id = response.headers.get('x-sluice-message-id')!;
    // The reply's log is written once it has ended.
    let replayed = '';
    await expect
      .poll(async () => {
        const answer = await fetch(`${base}/replay/${id}/chat/completions?pace=instant`);
        replayed = answer.ok ? await answer.text() : '';
        return replayed.length > 0;
      })
      .toBe(true);
    expect(replayed).toBe(upstream);
    expect(replayed).not.toContain(': sluice');
  });
});

it('names what it cannot replay, and a pace it does not know', async () => {
  const unknown = await fetch(`${base}/replay/01a21555-e047-7e8f-8383-13fc13cc22d4/chat/completions`);
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('No capture or stored reply');
  const badPace = await fetch(`${base}/replay/01a21555-e047-7e8f-8383-13fc13cc22d4?pace=fast`);
  expect(badPace.status).toBe(400);
});

/** The upstream's part of a reply's stream: its SSE items, Sluice's marker comments left out. */
const upstreamItems = (text: string) =>
  text
    .split(/(?<=\n\n)/)
    .flatMap((item) => item.split(/(?<=\n)/).filter((line) => !line.startsWith(': sluice ')))
    .join('');

describe('the replay provider', () => {
  it('names and prices a replay as its recording: its provider, model and prices, a replay of a replay as the first', async () => {
    const original = await postChat({ provider: 'sim-openai', model: 'sim-echo', messages: user('priced replay tokens=6') });
    await readChat(original);
    const id = original.headers.get('x-sluice-message-id')!;
    const pricing = original.headers.get('x-sluice-pricing');
    expect(pricing).not.toBeNull();
    const replayed = await postChat({ provider: 'replay', model: id, messages: user('priced replay tokens=6') });
    // Priced at the recording's model's prices, not "no price".
    expect(JSON.parse(replayed.headers.get('x-sluice-pricing') ?? 'null')).toEqual(JSON.parse(pricing!));
    await readChat(replayed);
    const conversationId = replayed.headers.get('x-conversation-id')!;
    const stored = (await conversation(conversationId)).messages.at(-1) as Extract<
      StoredMessage,
      { role: 'assistant'; timings: unknown }
    >;
    expect(stored).toMatchObject({ provider: 'replay', model: id, replayOf: { provider: 'sim-openai', model: 'sim-echo' } });
    expect(stored.cost?.usd).toBeGreaterThan(0);
    // The list names the recording's model, not the recording's id.
    await expect
      .poll(async () => {
        const page = (await (await fetch(`${base}/api/conversations?q=${encodeURIComponent('priced replay')}`)).json()) as {
          conversations: { id: string; models?: string[] }[];
        };
        return page.conversations.find((c) => c.id === conversationId)?.models;
      })
      .toEqual(['sim-echo']);
    // A replay of the replay re-runs the same recording's model.
    const again = await postChat({ provider: 'replay', model: stored.id, messages: user('priced replay tokens=6') });
    await readChat(again);
    const last = (await conversation(again.headers.get('x-conversation-id')!)).messages.at(-1);
    expect(last).toMatchObject({ replayOf: { provider: 'sim-openai', model: 'sim-echo' } });
  });

  it('re-runs a stored reply through POST /api/chat: the same text, usage and upstream stream, read with its protocol', async () => {
    const original = await postChat({ provider: 'sim-anthropic', model: 'sim-thinking', messages: user('replay me tokens=30') });
    const first = await readChat(original);
    const id = original.headers.get('x-sluice-message-id')!;
    // Pressed the moment the reply ends: the server stores it first.
    const replayed = await postChat({ provider: 'replay', model: id, messages: user('replay me tokens=30') });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('x-sluice-protocol')).toBe('anthropic-messages');
    const again = await readChat(replayed);
    expect(again.message.status).toBe('complete');
    expect(again.message.text).toBe(first.message.text);
    expect(again.message.thinking).toBe(first.message.thinking);
    expect(again.message.usage).toEqual(first.message.usage);
    expect(first.message.text.length).toBeGreaterThan(0);
    // Its event log: the original's upstream items, in order, each whole.
    expect(upstreamItems(again.text)).toBe(upstreamItems(first.text));
  });

  it('re-runs a capture through POST /api/chat with the capture’s protocol: the text and usage it captured', async () => {
    const fixture = fixtures().find((f) => f.file.endsWith('gemini/text-basic.sse'))!;
    const model = `fx:${fixture.file.replaceAll('/', ':')}`;
    const { provider, path } = ROUTES.gemini(model);
    await fetch(`${base}/proxy/${provider}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    }).then((r) => r.arrayBuffer());
    const capture = await captureOf(model);
    expect(capture.reply?.text.length).toBeGreaterThan(0);
    const replayed = await postChat({ provider: 'replay', model: capture.id, messages: user('hi') });
    expect(replayed.headers.get('x-sluice-protocol')).toBe('gemini');
    const { message } = await readChat(replayed);
    expect(message.text).toBe(capture.reply!.text);
    expect(message.usage).toEqual(capture.reply!.usage);
    expect(message.finishReason).toBe(capture.reply!.finishReason);
    // Named as the capture's provider and model, which no price is known for.
    expect(replayed.headers.get('x-sluice-pricing')).toBeNull();
    const stored = (await conversation(replayed.headers.get('x-conversation-id')!)).messages.at(-1);
    expect(stored).toMatchObject({ replayOf: { provider: 'up-gemini', model } });
  });

  it('lists no recordings (a replay is reached from its recording), and refuses what is no stream to replay', async () => {
    const chat = await postChat({ provider: 'sim-openai', model: 'sim-echo', messages: user('not listed as a model') });
    await readChat(chat);
    await fetch(`${base}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rate-limited', messages: [] }),
    }).then((r) => r.text());
    const json = await captureOf('rate-limited');
    const { providers } = (await (await fetch(`${base}/api/providers`)).json()) as { providers: PublicProvider[] };
    const replay = providers.find((p) => p.id === 'replay');
    expect(replay).toEqual({ id: 'replay', name: 'Replay', builtin: true, hasKey: false, models: [] });
    // Asked for all the same, a JSON answer is no stream to replay through the chat; nor is an unknown id.
    for (const model of [json.id, '01a21555-e047-7e8f-8383-13fc13cc22d4', 'not-a-uuid']) {
      const refused = await postChat({ provider: 'replay', model, messages: user('hi') });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('No stored reply or capture');
    }
  });
});
