import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { markdownReply } from './content';
import { handleSimulatorRequest } from './handler';
import { parseSimOptions } from './options';
import { planReply, splitAwkwardly } from './plan';
import { tokenize } from './tokenize';
import { readSimRequest } from './wire-request';

describe('simulator internals', () => {
  it('tokenize loses nothing, whatever the text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => tokenize(text).join('') === text));
    expect(tokenize('Hello, wörld!\n\n```ts')).toEqual(['Hello', ',', ' wörld', '!', '\n\n', '`', '`', '`', 'ts']);
  });

  it('splits tool arguments awkwardly but never inside a code point', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer(), (text, seed) => {
        const pieces = splitAwkwardly(text, seededRandom(seed));
        return pieces.join('') === text && pieces.every((p) => !/[\uD800-\uDBFF]$/.test(p));
      }),
    );
  });

  it('writes markdown of the asked length, up to 100k tokens, with fences closed', () => {
    for (const tokens of [1, 17, 400, 100_000]) {
      const reply = markdownReply(seededRandom(tokens), tokens);
      const text = reply.join('');
      expect(reply.length).toBeGreaterThanOrEqual(tokens);
      expect(reply.length).toBeLessThanOrEqual(tokens + 2);
      expect((text.match(/^```/gm)?.length ?? 0) % 2).toBe(0);
    }
    const long = markdownReply(seededRandom(3), 3000).join('');
    for (const lang of ['ts', 'python', 'rust', 'bash', 'json', 'sql']) expect(long).toContain('```' + lang);
    expect(long).toMatch(/^- \[[x ]\] /m);
    expect(long).toMatch(/^\| --- \| ---: \| --- \|$/m);
  });

  it('reads options from the message and clamps them', () => {
    expect(parseSimOptions('please tokens=2000 tps=5000 think=50 delay=0.5')).toMatchObject({
      tokens: 2000,
      tps: 5000,
      think: 50,
      delay: 0.5,
    });
    expect(parseSimOptions('tokens=999999999 tps=0')).toMatchObject({ tokens: 100_000, tps: 1 });
  });
});

/** A Chat Completions stream from the simulator, whole. */
async function streamed(model: string, content: string, extra: object = {}): Promise<string> {
  const response = await handleSimulatorRequest(
    new Request('http://sim/openai/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content }], ...extra }),
    }),
  );
  return response.text();
}

const chunks = (sse: string) =>
  sse
    .split('\n\n')
    .filter((e) => e.startsWith('data: {'))
    .map(
      (e) =>
        JSON.parse(e.slice(6)) as { id: string; obfuscation?: string; choices: { delta: { tool_calls?: { id?: string }[] } }[] },
    );

const plan = (model: string, content: string, tools: object[] = []) =>
  planReply(readSimRequest('openai-chat', { model, stream: true, messages: [{ role: 'user', content }], tools }));

const textTokens = (p: ReturnType<typeof plan>) => p.steps.filter((s) => s.kind === 'text').length;

describe('each model does what its name and description say', () => {
  it('every stream has ids of its own; a message with seed= plays the same bytes again', async () => {
    const [a, b] = await Promise.all([
      streamed('sim-markdown', 'hi tokens=5 tps=50000 delay=0'),
      streamed('sim-markdown', 'hi tokens=5 tps=50000 delay=0'),
    ]);
    expect(chunks(a)[0]!.id).toMatch(/^chatcmpl-\w{29}$/);
    expect(chunks(a)[0]!.id).not.toBe(chunks(b)[0]!.id);
    expect(chunks(a).map((c) => c.obfuscation)).not.toEqual(chunks(b).map((c) => c.obfuscation));
    // The words are the same (the default seed): only what a provider makes new per answer differs.
    const seeded = 'hi tokens=5 tps=50000 delay=0 seed=5';
    expect(await streamed('sim-markdown', seeded)).toBe(await streamed('sim-markdown', seeded));
    const tools = { tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }] };
    const callId = async () =>
      chunks(await streamed('sim-tools', 'tps=50000 delay=0', tools)).flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])[0]!.id;
    expect(await callId()).not.toBe(await callId());
  });

  it('sim-fault-slow-start waits 3 s (or delay=) and then writes the tokens= asked, all of them', () => {
    const asked = plan('sim-fault-slow-start', 'tokens=200');
    expect(asked.firstTokenDelayMs).toBe(3000);
    expect(textTokens(asked)).toBeGreaterThanOrEqual(200);
    expect(asked.steps.at(-1)).toEqual({ kind: 'finish', reason: 'stop' });
    expect(plan('sim-fault-slow-start', 'delay=0.5').firstTokenDelayMs).toBe(500);
    expect(textTokens(plan('sim-fault-slow-start', 'go'))).toBeLessThan(80); // short by default
  });

  it('the other faults stream the tokens= asked before they strike, and take tps=', () => {
    for (const model of ['sim-fault-error', 'sim-fault-eof', 'sim-fault-keepalive', 'sim-fault-malformed'])
      expect(textTokens(plan(model, 'tokens=150')), model).toBeGreaterThanOrEqual(150);
    expect(plan('sim-fault-keepalive', 'go').tokensPerSecond).toBe(20);
    expect(plan('sim-fault-keepalive', 'tps=400').tokensPerSecond).toBe(400);
    for (const model of ['sim-fault-error', 'sim-fault-eof', 'sim-fault-malformed']) {
      expect(plan(model, 'tps=7 delay=1.5'), model).toMatchObject({ tokensPerSecond: 7, firstTokenDelayMs: 1500 });
    }
  });

  it('sim-fault-error streams at the tps= asked before its error, as the other models do', async () => {
    const timed = async (content: string) => {
      const started = performance.now();
      const sse = await streamed('sim-fault-error', content);
      return { ms: performance.now() - started, sse };
    };
    // 20 tokens at 40 a second: half a second before the error, not at once.
    const slow = await timed('fail tokens=20 tps=40 delay=0');
    expect(slow.sse).toContain('sim-fault-error');
    expect(slow.ms).toBeGreaterThanOrEqual(450);
    expect((await timed('fail tokens=20 tps=50000 delay=0')).ms).toBeLessThan(slow.ms);
  });

  it('sim-tools calls its tool about what the prompt asks: the places it names, its question', () => {
    const args = (p: ReturnType<typeof plan>) => p.steps.flatMap((s) => (s.kind === 'tool-end' ? [JSON.parse(s.args)] : []));
    expect(args(plan('sim-tools', 'What is the weather in Paris?'))).toEqual([{ city: 'Paris', unit: 'celsius' }]);
    expect(args(plan('sim-tools-parallel', 'Weather in Paris and Rome? tps=500')).map((a) => a.city)).toEqual(['Paris', 'Rome']);
    const search = {
      type: 'function',
      function: { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
    };
    expect(args(plan('sim-tools', 'who wrote Dune? tps=500', [search]))).toEqual([{ query: 'who wrote Dune?' }]);
    // A prompt that names no place: the simulator's own.
    expect(args(plan('sim-tools', 'tps=5000 delay=0'))).toEqual([{ city: 'Reykjavík', unit: 'celsius' }]);
  });
});

describe('the simulator’s refusals', () => {
  it('a simulated 401 says the simulator needs no key, and names where a real key goes: files and sections that exist', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const variables = readFileSync(new URL('../server/platform/environment/variables.ts', import.meta.url), 'utf8');
    const response = await handleSimulatorRequest(
      new Request('http://sim/openai/v1/chat/completions', {
        method: 'POST',
        body: JSON.stringify({ model: 'sim-fault-http-401', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      }),
    );
    expect(response.status).toBe(401);
    const { message } = ((await response.json()) as { error: { message: string } }).error;
    expect(message).toContain('needs no key');
    expect(message).toContain('sluice.config.json');
    expect(message).toContain('SLUICE_CONFIG');
    const section = message.match(/README, "([^"]+)"/)?.[1];
    expect(readme).toContain(`## ${section}`);
    expect(readme).toContain('sluice.config.json');
    expect(variables).toContain('SLUICE_CONFIG');
  });
});
