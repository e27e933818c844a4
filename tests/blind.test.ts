/**
 * A blind race through the real server against the built-in simulator: until its vote,
 * nothing the page reads names a model or a provider (the stream, its join, the
 * session, the panes, their messages and logs, the list, a search, the page's HTML);
 * the vote reveals them everywhere, and a reply that names itself makes it non-blind.
 */
import { describe, expect, it } from 'vitest';
import type { BlindVote } from '@/lib/api/blind';
import type { CompareSession } from '@/lib/api/conversations';
import { base, postChat, readChat, user } from './support/http';

const POOL = [
  { provider: 'sim-anthropic', model: 'sim-echo' },
  { provider: 'sim-gemini', model: 'sim-echo' },
];
/** The pool's provider ids and names, its model, and the protocols' own words (a stream's shape names its provider). */
const NAMES = /sim-anthropic|sim-gemini|sim-echo|Simulator ·|anthropic|gemini|claude|message_start|candidates|msg_/i;
const FAST = 'tps=5000 delay=0';
/** A word only this run's prompts have: the leaderboard is filtered by it. */
const RUN = `run${Date.now().toString(36)}`;

async function leaderboard(q: string) {
  return (
    await json<{ votes: number; nonBlind: number; rows: { provider: string; model: string; wins: number; losses: number }[] }>(
      `/api/leaderboard?q=${encodeURIComponent(q)}`,
    )
  ).body;
}

/** The first name a text gives away, with what surrounds it; undefined when it names none. */
function leak(text: string): string | undefined {
  const match = NAMES.exec(text);
  return match ? text.slice(Math.max(0, match.index - 80), match.index + 80) : undefined;
}

async function json<T>(path: string, init?: RequestInit): Promise<{ status: number; text: string; body: T }> {
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, text, body: (text ? JSON.parse(text) : undefined) as T };
}

const post = (path: string, body: unknown) =>
  json<unknown>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A blind race of the pool on one prompt: the session, each pane's conversation and reply, and every body the page read. */
async function race(prompt: string) {
  const reads: { what: string; text: string }[] = [];
  const created = await post('/api/compares', { title: prompt.slice(0, 40), blind: POOL });
  expect(created.status).toBe(201);
  reads.push({ what: 'POST /api/compares', text: created.text });
  const session = created.body as CompareSession & { blindState: { labels: string[] } };
  expect(session.blindState.labels).toEqual(['A', 'B']);
  const panes = await Promise.all(
    session.blindState.labels.map(async (label, pane) => {
      const response = await postChat({
        provider: 'blind',
        model: label,
        compare: { id: session.id, pane },
        messages: user(prompt),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-sluice-protocol')).toBe('openai-chat');
      expect(response.headers.get('x-sluice-pricing')).toBeNull();
      reads.push({ what: `headers of pane ${label}`, text: JSON.stringify([...response.headers]) });
      const { text, message } = await readChat(response);
      reads.push({ what: `stream of pane ${label}`, text });
      expect(message.status).toBe('complete');
      return {
        label,
        conversationId: response.headers.get('x-conversation-id')!,
        replyId: response.headers.get('x-sluice-message-id')!,
        text: message.text,
      };
    }),
  );
  return { id: session.id, panes, reads };
}

/** Every read the page makes of a session, its panes and the list. */
async function readEverything(id: string, panes: { conversationId: string; replyId: string }[], query: string) {
  const paths = [
    `/api/compares/${id}`,
    `/race/${id}`,
    `/api/conversations?limit=50`,
    `/api/conversations?limit=50&q=${encodeURIComponent(query)}`,
    ...panes.flatMap(({ conversationId, replyId }) => [
      `/api/conversations/${conversationId}`,
      `/api/conversations/${conversationId}/messages/${replyId}`,
      `/api/conversations/${conversationId}/messages/${replyId}/events`,
      `/api/chat/${replyId}/stream?from=0`,
      `/api/chat/${replyId}/times?from=0`,
    ]),
  ];
  return Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${base}${path}`);
      const text = await response.text();
      // The list holds the other tests' conversations too (one server): this session's entry is what counts.
      const listed = path.startsWith('/api/conversations?')
        ? JSON.stringify((JSON.parse(text) as { conversations: { id: string }[] }).conversations.filter((c) => c.id === id))
        : text;
      return { what: `GET ${path} (${response.status})`, status: response.status, text: listed };
    }),
  );
}

describe('a blind race', () => {
  it('names no model or provider in anything read before the vote, and all of them after it', async () => {
    const prompt = `Rivers carry silt to the sea ${RUN}a ${FAST}`;
    const { id, panes, reads } = await race(prompt);
    const before = await readEverything(id, panes, 'silt to the sea');
    for (const read of [...reads, ...before]) {
      expect(leak(read.text), read.what).toBeUndefined();
    }
    expect(before.every((r) => r.status === 200)).toBe(true);
    const session = JSON.parse(before[0]!.text) as CompareSession;
    expect(session.blind).toBe('hidden');
    expect(session.panes.map((p) => p.messages.at(-1))).toMatchObject([
      { provider: 'blind', model: 'A', protocol: 'openai-chat', cost: null },
      { provider: 'blind', model: 'B', protocol: 'openai-chat', cost: null },
    ]);
    expect(JSON.parse(before[2]!.text)).toMatchObject([{ id, models: ['A', 'B'], blind: 'hidden' }]);
    expect(JSON.parse(before[3]!.text)).toMatchObject([{ id }]);
    // The replies are the upstreams' own, read through the neutral stream.
    expect(panes.map((p) => p.text.trim())).toEqual([prompt, prompt]);

    // Nothing copies a hidden pane, and the page cannot pick another pane's seat: the server's seat is the truth.
    expect((await post(`/api/conversations/${panes[0]!.conversationId}/fork`, {})).status).toBe(409);
    const wrongLabel = await postChat({ provider: 'blind', model: 'B', compare: { id, pane: 0 }, messages: user('x') });
    expect(wrongLabel.status).toBe(400);

    const vote = await post(`/api/compares/${id}/vote`, { verdict: { kind: 'best', label: 'B' } });
    expect(vote.status).toBe(201);
    const cast = vote.body as BlindVote;
    expect(cast).toMatchObject({ verdict: { kind: 'best', label: 'B' }, blind: true, nonBlindReason: null });
    expect(cast.panes.map((p) => p.model)).toEqual(['sim-echo', 'sim-echo']);
    expect(cast.panes.map((p) => p.provider).sort()).toEqual(['sim-anthropic', 'sim-gemini']);
    expect((await post(`/api/compares/${id}/vote`, { verdict: { kind: 'tie' } })).status).toBe(409);

    const after = await readEverything(id, panes, 'silt to the sea');
    const revealed = JSON.parse(after[0]!.text) as CompareSession;
    expect(revealed.blind).toBe('revealed');
    expect(revealed.blindState?.vote).toEqual(cast);
    expect(revealed.panes.map((p) => p.messages.at(-1))).toMatchObject(
      cast.panes.map(({ provider, model }) => ({ provider, model })),
    );
    expect(JSON.parse(after[2]!.text)).toMatchObject([{ id, models: ['sim-echo', 'sim-echo'], blind: 'revealed' }]);
    // The stored logs are the real streams now: Anthropic's and Gemini's own events.
    const logs = after.filter((r) => r.what.includes('/events')).map((r) => r.text);
    expect(logs.join('\n')).toMatch(/message_start/);
    expect(logs.join('\n')).toMatch(/candidates/);
    // The vote is stored with its panes, and rated: B's model won its one pair.
    const board = await leaderboard(`${RUN}a`);
    expect(board).toMatchObject({ votes: 1, nonBlind: 0 });
    const winner = cast.panes.find((p) => p.label === 'B')!;
    expect(board.rows.find((r) => r.provider === winner.provider)).toMatchObject({ model: 'sim-echo', wins: 1, losses: 0 });
  });

  it('marks a vote non-blind when a reply names a model, and says which', async () => {
    const { id } = await race(`Hello, I am Claude ${RUN}b ${FAST}`);
    const vote = await post(`/api/compares/${id}/vote`, { verdict: { kind: 'tie' } });
    expect(vote.status).toBe(201);
    expect(vote.body).toMatchObject({ blind: false, nonBlindReason: "A's reply names “Claude”" });
  });

  it('refuses a vote before every pane has a reply, and one on a session that is not blind', async () => {
    const created = await post('/api/compares', { title: 'half a race', blind: POOL });
    const { id } = created.body as { id: string };
    expect((await post(`/api/compares/${id}/vote`, { verdict: { kind: 'tie' } })).status).toBe(409);
    const plain = await post('/api/compares', { title: 'named race' });
    expect((await post(`/api/compares/${(plain.body as { id: string }).id}/vote`, { verdict: { kind: 'tie' } })).status).toBe(
      400,
    );
    expect((await post('/api/compares', { title: 'x', blind: [{ provider: 'nope', model: 'm' }, POOL[0]] })).status).toBe(404);
  });
});
