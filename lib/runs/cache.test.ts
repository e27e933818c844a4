/**
 * Cache figures from each protocol's own wire usage, read by its real decoder (streamed
 * events, and a whole body), worked out by hand. The point of each: the reads are inside
 * the input the decoder reports, so they are counted once.
 */
import { describe, expect, it } from 'vitest';
import type { ModelPricing } from '@/lib/pricing/cost';
import type { StreamEvent, Usage } from '@/lib/protocols/events';
import type { ProtocolId } from '@/lib/protocols/ids';
import { protocolModule } from '@/lib/protocols/registry';
import type { SseEvent } from '@/lib/sse/types';
import { cacheFigures, cacheSavings, runUsage, sumCache } from './cache';

/** What the assembler keeps of a stream's usage events: each later one over the earlier. */
const merged = (events: StreamEvent[]): Usage =>
  events.reduce<Usage>((u, e) => (e.type === 'usage' ? { ...u, ...e.usage } : u), {});

function streamed(protocol: ProtocolId, events: [string | undefined, unknown][]): Usage {
  const decoder = protocolModule(protocol).createDecoder();
  return merged(
    events.flatMap(([event, data], seq) => {
      const text = JSON.stringify(data);
      const item: SseEvent = { kind: 'event', seq, raw: `data: ${text}\n\n`, bytes: text.length + 8, at: 0, data: text, event };
      return decoder.decode(item);
    }),
  );
}

const whole = (protocol: ProtocolId, body: unknown): Usage => merged(protocolModule(protocol).decodeWhole(body));

/** Anthropic's usage as it streams: the prompt's figures in message_start, the output's in message_delta. */
const anthropic = (usage: Record<string, unknown>, output = 420) =>
  streamed('anthropic-messages', [
    ['message_start', { type: 'message_start', message: { id: 'msg_1', model: 'claude-sonnet-4-5', usage } }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: output } }],
  ]);

describe('a request’s cache figures, per protocol, through its decoder', () => {
  it('OpenAI Chat: cached_tokens are inside prompt_tokens', () => {
    const usage = { prompt_tokens: 2006, completion_tokens: 300, prompt_tokens_details: { cached_tokens: 1920 } };
    const u = streamed('openai-chat', [[undefined, { id: 'c', object: 'chat.completion.chunk', choices: [], usage }]]);
    expect(runUsage(u)).toEqual({ input: 86, output: 300, cacheRead: 1920, cacheWrite: 0 });
    expect(cacheFigures(u)).toEqual({ hitRate: 1920 / 2006, reads: 1920, writes: 0, uncached: 86 });
    const body = {
      id: 'c',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' } }],
      usage,
    };
    expect(cacheFigures(whole('openai-chat', body))).toEqual(cacheFigures(u));
  });

  it('OpenAI Responses: input_tokens_details.cached_tokens are inside input_tokens', () => {
    const response = {
      id: 'resp_1',
      status: 'completed',
      output: [],
      usage: {
        input_tokens: 5000,
        input_tokens_details: { cached_tokens: 4096 },
        output_tokens: 120,
        output_tokens_details: { reasoning_tokens: 64 },
      },
    };
    const u = streamed('openai-responses', [['response.completed', { type: 'response.completed', response }]]);
    expect(runUsage(u)).toEqual({ input: 904, output: 120, cacheRead: 4096, cacheWrite: 0 });
    expect(cacheFigures(u).hitRate).toBeCloseTo(0.8192, 12);
    expect(cacheFigures(whole('openai-responses', response))).toEqual(cacheFigures(u));
  });

  it('Anthropic: input_tokens leaves out the reads and the writes; the hit rate is 98 %, not 100 % nor 49 %', () => {
    const u = anthropic({ input_tokens: 50, cache_read_input_tokens: 100_000, cache_creation_input_tokens: 2000 });
    expect(u.inputTokens).toBe(102_050);
    expect(runUsage(u)).toEqual({ input: 50, output: 420, cacheRead: 100_000, cacheWrite: 2000 });
    const figures = cacheFigures(u);
    expect(figures).toEqual({ hitRate: 100_000 / 102_050, reads: 100_000, writes: 2000, uncached: 50 });
    expect(figures.hitRate).toBeCloseTo(0.9799, 4);
  });

  it('Anthropic: the writes split by lifetime where cache_creation splits them (a whole body alike)', () => {
    const usage = {
      input_tokens: 12,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 3000,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
      output_tokens: 9,
    };
    const body = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude',
      content: [],
      stop_reason: 'end_turn',
      usage,
    };
    for (const u of [anthropic(usage), whole('anthropic-messages', body)])
      expect(cacheFigures(u)).toEqual({ hitRate: 0, reads: 0, writes: 3000, uncached: 12, writes5m: 1000, writes1h: 2000 });
    // A split of nothing (every recording has one) is no split.
    const none = {
      ...usage,
      cache_creation_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    };
    expect(cacheFigures(anthropic(none))).toEqual({ hitRate: 0, reads: 0, writes: 0, uncached: 12 });
  });

  it('Gemini: cachedContentTokenCount is inside promptTokenCount', () => {
    const chunk = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
      usageMetadata: {
        promptTokenCount: 12_000,
        cachedContentTokenCount: 9000,
        candidatesTokenCount: 80,
        totalTokenCount: 12_080,
      },
    };
    const u = streamed('gemini', [[undefined, chunk]]);
    expect(runUsage(u)).toEqual({ input: 3000, output: 80, cacheRead: 9000, cacheWrite: 0 });
    expect(cacheFigures(u)).toEqual({ hitRate: 0.75, reads: 9000, writes: 0, uncached: 3000 });
    expect(cacheFigures(whole('gemini', chunk))).toEqual(cacheFigures(u));
  });

  it('no usage, or no input: no hit rate; an input smaller than its reads never goes below 0', () => {
    expect(cacheFigures(undefined)).toEqual({ hitRate: null, reads: 0, writes: 0, uncached: 0 });
    expect(runUsage({ outputTokens: 5 })).toEqual({ input: 0, output: 5, cacheRead: 0, cacheWrite: 0 });
    expect(runUsage({ inputTokens: 10, cachedInputTokens: 12 }).input).toBe(0);
  });
});

describe('a run’s cache figures', () => {
  it('adds the tokens, then divides: 98.6 % stays 98.6 % (the reads are not counted twice)', () => {
    const steps = [
      anthropic({ input_tokens: 300, cache_read_input_tokens: 49_300, cache_creation_input_tokens: 400 }),
      anthropic({ input_tokens: 200, cache_read_input_tokens: 49_300, cache_creation_input_tokens: 500 }),
    ].map(cacheFigures);
    const run = sumCache(steps);
    expect(run).toEqual({ hitRate: 0.986, reads: 98_600, writes: 900, uncached: 500 });
    // The bug: reads added to an input that already held them.
    expect(98_600 / (100_000 + 98_600)).toBeCloseTo(0.4965, 4);
  });

  it('never averages the requests’ ratios', () => {
    const cold = cacheFigures(
      streamed('openai-chat', [[undefined, { choices: [], usage: { prompt_tokens: 10_000, completion_tokens: 1 } }]]),
    );
    const warm = cacheFigures(
      streamed('openai-chat', [
        [
          undefined,
          {
            choices: [],
            usage: { prompt_tokens: 100_000, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 90_000 } },
          },
        ],
      ]),
    );
    expect([cold.hitRate, warm.hitRate]).toEqual([0, 0.9]);
    expect(sumCache([cold, warm]).hitRate).toBeCloseTo(90_000 / 110_000, 12); // 81.8 %, not the 45 % of a mean, nor 90 %
    expect(sumCache([]).hitRate).toBeNull();
  });

  it('adds Anthropic’s write split where the requests had one', () => {
    const a = { hitRate: 0, reads: 0, writes: 10, uncached: 1, writes5m: 4, writes1h: 6 };
    const b = { hitRate: 0.5, reads: 10, writes: 0, uncached: 10 };
    expect(sumCache([a, b])).toEqual({ hitRate: 10 / 31, reads: 10, writes: 10, uncached: 11, writes5m: 4, writes1h: 6 });
  });
});

describe('what the cache saved', () => {
  // Anthropic Sonnet's published prices: input $3, cache read $0.30 (0.1×), 5-minute write $3.75 (1.25×).
  const sonnet: ModelPricing = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, source: 'catalog' };

  it('reads at the input price less the read price, less the writes’ premium', () => {
    const u = anthropic({ input_tokens: 50, cache_read_input_tokens: 100_000, cache_creation_input_tokens: 2000 });
    // 100 000 × (3 − 0.3) − 2000 × (3.75 − 3) = 270 000 − 1500 = 268 500 per million.
    expect(cacheSavings(u, sonnet)).toBeCloseTo(0.2685, 12);
  });

  it('prices 1-hour writes at twice the input', () => {
    const u = anthropic({
      input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 3000,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
    });
    // −(1000 × 0.75 + 2000 × 3) per million
    expect(cacheSavings(u, sonnet)).toBeCloseTo(-0.00675, 12);
  });

  it('is null without the prices it needs', () => {
    const u: Usage = { inputTokens: 100, cachedInputTokens: 80 };
    expect(cacheSavings(u, undefined)).toBeNull();
    expect(cacheSavings(u, { input: 3, output: 15, source: 'config' })).toBeNull();
    expect(
      cacheSavings({ inputTokens: 100, cacheWriteTokens: 10 }, { input: 3, output: 15, cachedInput: 0.3, source: 'catalog' }),
    ).toBeNull();
    expect(cacheSavings({ inputTokens: 100 }, { input: 3, output: 15, source: 'config' })).toBe(0);
  });
});
