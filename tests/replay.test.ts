/**
 * `/replay/{id}`: a capture or a stored reply served again as if from its upstream,
 * byte for byte, split where it was split, at its recorded pace or at once.
 */
import { describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import type { ProtocolId } from '@/lib/protocols/ids';
import { fixtures } from './support/fixtures';
import { base, postChat, readChat, user } from './support/http';

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
      const model = `fx:${fixture.file.replace('/', ':')}`;
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
