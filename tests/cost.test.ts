import { describe, expect, it } from 'vitest';
import { base, postChat, readChat, readUntil, storedReply, user } from './support/http';

/** Cost and context per reply (docs/contract.md, `pricing` and `cost`), over real HTTP. */
describe('what a reply cost', () => {
  it('a model priced in the providers file: the price travels with the stream, and the stored reply carries its cost and context', async () => {
    const response = await postChat({
      provider: 'up-chat',
      model: 'fx:openai-chat:text-include-usage-obfuscation.sse',
      messages: user('price me'),
    });
    expect(JSON.parse(response.headers.get('x-sluice-pricing')!)).toEqual({
      input: 2,
      output: 8,
      cachedInput: 1,
      contextWindow: 32,
      source: 'config',
    });
    const { message } = await readChat(response);
    expect(message.usage).toMatchObject({ inputTokens: 20, outputTokens: 2 });
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.pricing).toEqual({ input: 2, output: 8, cachedInput: 1, contextWindow: 32, source: 'config' });
    // 20 input tokens at $2 and 2 output tokens at $8 per million.
    expect(stored.cost).toMatchObject({ input: (20 * 2) / 1e6, cachedInput: 0, cacheWrite: 0, output: (2 * 8) / 1e6 });
    expect(stored.cost!.usd).toBeCloseTo((20 * 2 + 2 * 8) / 1e6, 15);
    // Its figures on the server's clock: from when the server received the request.
    expect(stored.timings.firstToken).toBeGreaterThan(0);
    expect(stored.timings.lastToken).toBeGreaterThanOrEqual(stored.timings.firstToken!);
    expect(stored.timings.end).toBeGreaterThanOrEqual(stored.timings.lastToken!);
    expect(stored.timings.tokenEvents).toBeGreaterThan(0);
    // One stored message, as the page reads it once the reply ended (GET …/messages/{id}).
    const one = await fetch(
      `${base}/api/conversations/${response.headers.get('x-conversation-id')}/messages/${response.headers.get('x-sluice-message-id')}`,
    );
    expect(await one.json()).toMatchObject({
      id: response.headers.get('x-sluice-message-id'),
      cost: stored.cost,
      timings: stored.timings,
    });
  });

  it('a model nobody priced: no price header, and the stored reply says it has no price (null), never a guess', async () => {
    const response = await postChat({
      provider: 'up-chat',
      model: 'fx:openai-chat:finish-length.sse',
      messages: user('no price'),
    });
    expect(response.headers.get('x-sluice-pricing')).toBeNull();
    await readChat(response);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.usage?.outputTokens).toBeGreaterThan(0);
    expect(stored.cost).toBeNull();
    expect(stored.pricing).toBeUndefined();
  });

  it('a stopped reply that never got its final usage is priced on the tokens that streamed, not the upstream’s first count', async () => {
    // Anthropic's message_start says 1 output token; the message_delta with the real count never comes.
    const response = await postChat({
      provider: 'sim-anthropic',
      model: 'sim-markdown',
      messages: user('stop me tokens=3000 tps=200 delay=0'),
    });
    const id = response.headers.get('x-sluice-message-id')!;
    await readUntil(response, (n) => n > 8000);
    expect(await (await fetch(`${base}/api/chat/${id}/stop`, { method: 'POST' })).json()).toEqual({ stopped: true });
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.status).toBe('stopped');
    expect(stored.usage?.outputTokens).toBe(1); // stored as the upstream said it
    const streamed = stored.timings.tokenEvents!;
    expect(streamed).toBeGreaterThan(20);
    expect(stored.cost!.output).toBeCloseTo((streamed * stored.pricing!.output) / 1e6, 15);
  });

  it(
    'the same holds for every protocol: a stopped OpenAI Chat reply, which never got any usage, ' +
      'is priced on its streamed tokens and its estimated prompt',
    async () => {
      // Chat Completions says its usage only in its last chunk: a stopped reply has none at all.
      const prompt = `stop me tokens=3000 tps=200 delay=0 ${'a long prompt '.repeat(20_000)}`;
      const response = await postChat({ provider: 'sim-openai', model: 'sim-markdown', messages: user(prompt) });
      const id = response.headers.get('x-sluice-message-id')!;
      await readUntil(response, (n) => n > 24_000); // past the upstream marker's 8 KiB of body, many tokens
      expect(await (await fetch(`${base}/api/chat/${id}/stop`, { method: 'POST' })).json()).toEqual({ stopped: true });
      const stored = await storedReply(response.headers.get('x-conversation-id')!);
      expect(stored.status).toBe('stopped');
      expect(stored.usage).toBeUndefined(); // stored as the upstream said it: nothing
      const streamed = stored.timings.tokenEvents!;
      expect(streamed).toBeGreaterThan(20);
      // The prompt, estimated by the BFF from the request it sent (about four characters a token).
      expect(stored.inputTokensEstimate).toBeGreaterThan(prompt.length / 4);
      expect(stored.inputTokensEstimate).toBeLessThan(prompt.length / 4 + 100);
      expect(stored.cost!.output).toBeCloseTo((streamed * stored.pricing!.output) / 1e6, 15);
      expect(stored.cost!.input).toBeCloseTo((stored.inputTokensEstimate! * stored.pricing!.input) / 1e6, 15);
      // A whole reply of the same protocol: the simulator's own usage, which counts its input as the estimate does.
      const whole = await postChat({ provider: 'sim-openai', model: 'sim-echo', messages: user('hello tokens=5 delay=0') });
      const { message } = await readChat(whole);
      expect(message.usage?.inputTokens).toBe(message.inputTokensEstimate);
    },
  );

  it('the simulator prices its own models (made-up list prices, to try the figures offline)', async () => {
    const response = await postChat({ provider: 'sim-anthropic', model: 'sim-echo', messages: user('hello tokens=5 delay=0') });
    await readChat(response);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored.pricing).toMatchObject({ input: 3, output: 15, source: 'config' });
    expect(stored.cost?.usd).toBeGreaterThan(0);
  });
});
