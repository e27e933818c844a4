import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { markdownReply } from './content';
import { handleSimulatorRequest } from './handler';
import { parseSimOptions } from './options';
import { splitAwkwardly } from './plan';
import { tokenize } from './tokenize';

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
