import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@/lib/server/platform/ids';
import { openStore } from './';
import type { ConversationStore } from './types';
import type { CaptureStart } from './capture-store';

const listing = (id: string, path: string): CaptureStart => ({
  id,
  provider: 'sim-openai',
  method: 'POST',
  path,
  status: 'streaming',
  startedAt: new Date().toISOString(),
  sse: true,
  timings: {},
  request: {
    method: 'POST',
    url: `http://127.0.0.1:1/v1${path}`,
    headers: { 'content-type': 'application/json' },
    body: { text: '{"model":"m"}', bytes: 13, truncated: false },
  },
  response: { status: 200, headers: { 'content-type': 'text/event-stream' } },
  owner: 'local',
});

describe('capture listings', () => {
  let db: ConversationStore;
  beforeAll(async () => {
    db = await openStore({ SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-captures-')) });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lists many that start together, in the order they came, and a refused one takes no other with it', async () => {
    const ids = Array.from({ length: 40 }, () => uuidv7());
    // The same id twice: the database refuses the second row, in whichever insert it goes.
    const starts = [...ids.map((id, i) => listing(id, `/chat/${i}`)), listing(ids[7]!, '/again')];
    const outcomes = await Promise.allSettled(starts.map((start) => db.captures.start(start)));
    expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(outcomes[40]!.status).toBe('rejected');
    const page = await db.captures.list('local', { limit: 200 });
    expect(page.items.map((item) => item.path)).toEqual(ids.map((_, i) => `/chat/${i}`).reverse());
    expect((await db.captures.get(ids[7]!, 'local'))?.path).toBe('/chat/7');
  });
});
