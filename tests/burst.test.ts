/**
 * 200 chats started at once, against a server and an upstream of this test's own: the
 * upstream answers each with one event and holds it open until the test releases them
 * all. While every one of the 200 is open, the server answers its health check, a read
 * of the store that shows all 200 turns, and a new chat; once released, every one of the
 * 200 is stored complete.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ConversationPage } from '@/lib/api/conversations';
import { listen } from '@/lib/simulator/serve-fetch';
import type { Conversation } from '@/lib/server/store/types';
import { startNextServer } from './support/next-server';

const BURST = 200;
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-burst', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** Model `held`: "first " and then nothing until `release()`; model `quick`: a whole reply at once. */
async function heldUpstream() {
  const held = new Set<() => void>();
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const part of req) body += String(part);
    const { model } = JSON.parse(body) as { model: string };
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (model === 'quick') return void res.end(chunk('quick answer') + 'data: [DONE]\n\n');
    res.write(chunk('first '));
    held.add(() => res.end(chunk('second') + 'data: [DONE]\n\n'));
  });
  const origin = await listen(server);
  return {
    origin,
    open: () => held.size,
    release: () => {
      for (const end of held) end();
      held.clear();
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const chat = (origin: string, model: string, content: string) =>
  fetch(`${origin}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'held', model, messages: [{ role: 'user', content }] }),
  });

/** Every conversation the list has, page by page. */
async function listed(origin: string): Promise<ConversationPage['conversations']> {
  const all: ConversationPage['conversations'] = [];
  let cursor: string | undefined;
  do {
    const response = await fetch(`${origin}/api/conversations?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as ConversationPage;
    all.push(...page.conversations);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

it(`answers health, a store read and a new chat while ${BURST} streams start, and stores every one of them complete`, async () => {
  const upstream = await heldUpstream();
  const config = join(mkdtempSync(join(tmpdir(), 'sluice-burst-')), 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ providers: [{ id: 'held', protocol: 'openai-chat', baseUrl: `${upstream.origin}/v1` }] }),
  );
  const server = await startNextServer({ SLUICE_CONFIG: config });
  try {
    // All at once; each answer read to its first bytes.
    const started = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const response = await chat(server.origin, 'held', `burst ${i}`);
        expect(response.status).toBe(200);
        const body = response.body!.getReader();
        expect((await body.read()).done).toBe(false);
        return { id: response.headers.get('x-conversation-id')!, body };
      }),
    );
    expect(upstream.open()).toBe(BURST);

    // While all 200 are open: health, the store (every turn there, streaming), a new chat.
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    const streaming = (await listed(server.origin)).filter((c) => c.streaming).map((c) => c.id);
    expect(new Set(streaming)).toEqual(new Set(started.map((s) => s.id)));
    const quick = await chat(server.origin, 'quick', 'a new chat');
    expect(quick.status).toBe(200);
    expect(await quick.text()).toContain('quick answer');
    expect(upstream.open()).toBe(BURST);

    upstream.release();
    const decoder = new TextDecoder();
    for (const { body } of started) {
      let text = '';
      for (let r = await body.read(); !r.done; r = await body.read()) text += decoder.decode(r.value, { stream: true });
      expect(text).toContain('second');
    }
    // Stored as each ended: the list shows none streaming once all are written; then each, complete and whole.
    await expect.poll(async () => (await listed(server.origin)).filter((c) => c.streaming).length, { timeout: 60_000 }).toBe(0);
    for (const { id } of started) {
      const stored = (await (await fetch(`${server.origin}/api/conversations/${id}`)).json()) as Conversation;
      expect(stored.messages[1]).toMatchObject({ role: 'assistant', status: 'complete', text: 'first second' });
    }
  } finally {
    await server.stop();
    upstream.close();
  }
}, 300_000);
