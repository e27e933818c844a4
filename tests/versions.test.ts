import { describe, expect, it } from 'vitest';
import type { Conversation, StoredEvents } from '@/lib/server/store/types';
import { base, conversation, postChat, readChat, storedReply, user } from './support/http';

/** Versions (issue 38): a regenerate or an edit keeps what it replaces, and any version can be shown again. */

const shape = (c: Conversation) => c.messages.map((m) => [m.role, 'text' in m ? m.text : m.content, m.versions?.length ?? 1]);
const show = (id: string, messageId: string, init: RequestInit = {}) =>
  fetch(`${base}/api/conversations/${id}/messages/${messageId}/show`, { method: 'POST', ...init });
const events = async (id: string, messageId: string) =>
  (await (await fetch(`${base}/api/conversations/${id}/messages/${messageId}/events`)).json()) as StoredEvents;
/** A reply's upstream marker (what was sent upstream), as its stored event log keeps it. */
const sentInput = async (id: string, messageId: string) =>
  (await events(id, messageId)).items.find((item) => / upstream \{/.test(item.raw))!.raw;

describe('versions over the API', () => {
  it('keeps a regenerated reply and an edited message as versions, each with its own log, shown again on request and after a reload', async () => {
    const provider = 'sim-responses';
    const first = await postChat({ provider, model: 'sim-echo', messages: user('one') });
    const id = first.headers.get('x-conversation-id')!;
    await readChat(first);
    const history = [...user('one'), { role: 'assistant', content: 'one' }];
    const turn = async (body: Record<string, unknown>) => {
      const response = await postChat({ conversationId: id, provider, model: 'sim-echo', ...body });
      expect(response.status).toBe(200);
      await readChat(response);
      return response.headers.get('x-sluice-message-id')!;
    };
    const original = await turn({ messages: [...history, ...user('two')] });
    // Regenerate the reply at position 3 twice: the first two stay, as versions 1 and 2.
    const again = await turn({ messages: [...history, ...user('two')], replaceFrom: 3, newMessages: 0 });
    const third = await turn({ messages: [...history, ...user('two')], replaceFrom: 3, newMessages: 0 });
    await storedReply(id);
    const regenerated = await conversation(id);
    expect(regenerated.messages.at(-1)!.versions).toEqual([original, again, third]);
    // Each version has its stored reply and its own event log, under its own id.
    for (const messageId of [original, again, third]) {
      const stored = (await (await fetch(`${base}/api/conversations/${id}/messages/${messageId}`)).json()) as { text: string };
      expect(stored.text).toBe('two');
      expect((await events(id, messageId)).items.length).toBeGreaterThan(2);
    }
    expect(await sentInput(id, third)).toContain(`"messageId":"${third}"`);
    // The diff page's picker offers the versions not shown beside the one shown.
    const picker = await (await fetch(`${base}/diff?a=${third}`)).text();
    expect(picker).toContain(`b=${original}`);
    expect(picker).toContain(`b=${again}`);
    expect(picker).toContain('in this conversation, version 1 of 3');

    // Show version 1: the answer is the conversation as it now shows, and so is a reload.
    const shown = await show(id, original);
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as Conversation).messages.at(-1)!.id).toBe(original);
    expect((await conversation(id)).messages.at(-1)!.id).toBe(original);

    // Edit the second question (position 2): the old question and its replies stay, on it.
    const edited = await turn({ messages: [...history, ...user('deux')], replaceFrom: 2, newMessages: 1 });
    await storedReply(id);
    const afterEdit = await conversation(id);
    expect(shape(afterEdit)).toEqual([
      ['user', 'one', 1],
      ['assistant', 'one', 1],
      ['user', 'deux', 2],
      ['assistant', 'deux', 1],
    ]);
    expect(afterEdit.messages[3]!.id).toBe(edited);
    // The edit's upstream request carried the path shown, not the dropped branch; and the
    // Responses request chains onto nothing (no previous_response_id, store: false).
    const sent = await sentInput(id, edited);
    expect(sent).toContain('deux');
    expect(sent).not.toMatch(/"two"/);
    expect(sent).not.toContain('previous_response_id');
    expect(sent).toContain('"store":false');

    // Back to the old question: its branch, with the version last chosen there.
    const [oldQuestion] = afterEdit.messages[2]!.versions!;
    expect((await show(id, oldQuestion!)).status).toBe(200);
    const back = await conversation(id);
    expect(shape(back)).toEqual([
      ['user', 'one', 1],
      ['assistant', 'one', 1],
      ['user', 'two', 2],
      ['assistant', 'two', 3],
    ]);
    // As it was left: version 1, chosen there before the edit.
    expect(back.messages[3]!.id).toBe(original);

    // Search finds the conversation by a version not shown (the edited question).
    const found = (await (await fetch(`${base}/api/conversations?q=deux`)).json()) as { conversations: { id: string }[] };
    expect(found.conversations.map((c) => c.id)).toContain(id);

    // A fork copies every version and shows the one shown.
    const fork = (await (await fetch(`${base}/api/conversations/${id}/fork`, { method: 'POST' })).json()) as { id: string };
    expect(shape(await conversation(fork.id))).toEqual(shape(back));

    // Unknown messages, bad ids and other origins are refused.
    expect((await show(id, crypto.randomUUID())).status).toBe(404);
    expect((await show(id, 'not-an-id')).status).toBe(404);
    expect((await show(crypto.randomUUID(), original)).status).toBe(404);
    expect((await show(id, original, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('refuses to show another version while a reply of the conversation streams (409), and shows it once the reply is stopped', async () => {
    const first = await postChat({ provider: 'sim-openai', model: 'sim-echo', messages: user('q') });
    const id = first.headers.get('x-conversation-id')!;
    const firstReply = first.headers.get('x-sluice-message-id')!;
    await readChat(first);
    await storedReply(id);
    const slow = await postChat({
      conversationId: id,
      provider: 'up-chat',
      model: 'slow',
      messages: user('q'),
      replaceFrom: 1,
      newMessages: 0,
    });
    const streaming = slow.headers.get('x-sluice-message-id')!;
    const refused = await show(id, firstReply);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('reply_streaming');
    expect((await conversation(id)).messages.at(-1)!.id).toBe(streaming);
    await fetch(`${base}/api/chat/${streaming}/stop`, { method: 'POST' });
    await readChat(slow);
    await storedReply(id);
    expect((await show(id, firstReply)).status).toBe(200);
    const shown = await conversation(id);
    expect(shown.messages.at(-1)).toMatchObject({ id: firstReply, versions: [firstReply, streaming] });
  });
});
