import { afterAll, describe, expect, it } from 'vitest';
import { callEnded, startTelemetry, stopTelemetry, telemetry } from '.';
import { spanIdFor, traceIdForRun } from './ids';
import { ChunkHistogram } from './chunk-histogram';
import { bounded, MAX_LABEL_VALUES, OTHER } from './labels';
import { providerNameOf, serverOf } from './semconv';

describe('gen_ai.provider.name', () => {
  it('names a provider the conventions know by its host, any other by the API it speaks', () => {
    expect(providerNameOf('openai-chat', 'api.openai.com')).toBe('openai');
    expect(providerNameOf('openai-chat', 'my-team.openai.azure.com')).toBe('azure.ai.openai');
    expect(providerNameOf('openai-chat', 'api.groq.com')).toBe('groq');
    expect(providerNameOf('anthropic-messages', 'api.anthropic.com')).toBe('anthropic');
    expect(providerNameOf('gemini', 'generativelanguage.googleapis.com')).toBe('gcp.gemini');
    // A gateway or a local server: the API it speaks, as the conventions ask of a client.
    expect(providerNameOf('openai-chat', '127.0.0.1')).toBe('openai');
    expect(providerNameOf('anthropic-messages', 'gateway.internal')).toBe('anthropic');
    expect(serverOf('http://[::1]:8080/v1')).toEqual({ address: '::1', port: 8080 });
    expect(serverOf('https://api.openai.com/v1')).toEqual({ address: 'api.openai.com' });
  });
});

describe('ids made from Sluice’s own', () => {
  it('are the same on every instance, and a run’s trace id is its id', () => {
    expect(spanIdFor('capture', 'abc')).toBe(spanIdFor('capture', 'abc'));
    expect(spanIdFor('capture', 'abc')).not.toBe(spanIdFor('lane', 'abc'));
    expect(spanIdFor('run', 'x')).toMatch(/^[0-9a-f]{16}$/);
    expect(traceIdForRun('0190f3a2-7b1c-7d4e-8f00-123456789abc')).toBe('0190f3a27b1c7d4e8f00123456789abc');
  });
});

describe('a metric label', () => {
  it('keeps its first values and counts every later new one as _OTHER', () => {
    for (let i = 0; i < MAX_LABEL_VALUES; i++) expect(bounded('test.label', `model-${i}`)).toBe(`model-${i}`);
    expect(bounded('test.label', 'one-too-many')).toBe(OTHER);
    expect(bounded('test.label', 'model-3')).toBe('model-3');
    expect(bounded('test.other', 'model-x')).toBe('model-x');
  });
});

describe('time per output chunk, kept by hand', () => {
  it('puts each gap (s) in the first bucket whose bound it does not pass, per label set', () => {
    const histogram = new ChunkHistogram([0.01, 0.1]);
    histogram.recordGaps({ model: 'a' }, [0, 10, 15, 115, 400]);
    histogram.recordGaps({ model: 'a' }, [0, 5]);
    histogram.recordGaps({ model: 'b' }, [7]);
    const [a, ...rest] = histogram.points();
    expect(rest).toEqual([]);
    expect(a!.attributes).toEqual({ model: 'a' });
    expect(a!.value).toMatchObject({ buckets: { boundaries: [0.01, 0.1], counts: [3, 1, 1] }, count: 5, min: 0.005, max: 0.285 });
    expect(a!.value.sum).toBeCloseTo(0.405, 9);
  });
});

describe('telemetry without a collector', () => {
  afterAll(() => stopTelemetry(1000));

  it('makes no spans, and serves the GenAI metrics of a call with bounded labels and no ids', async () => {
    const running = await startTelemetry({});
    expect(running.traces).toBeUndefined();
    expect(telemetry()).toBe(running);
    callEnded({
      source: 'proxy',
      protocol: 'anthropic-messages',
      providerId: 'team-anthropic',
      url: 'https://api.anthropic.com/v1/messages',
      requestModel: 'claude-x',
      responseModel: 'claude-x-2025',
      responseId: 'msg_0123',
      usage: { inputTokens: 1200, outputTokens: 80, cachedInputTokens: 1000, cacheWriteTokens: 150 },
      status: 'complete',
      streamed: true,
      startedAt: Date.now() - 2000,
      firstToken: 450,
      end: 2000,
      eventTimes: [400, 450, 500, 560],
    });
    const text = await running.prometheus();
    const labels =
      'gen_ai_operation_name="chat",gen_ai_provider_name="anthropic",gen_ai_request_model="claude-x",gen_ai_response_model="claude-x-2025",' +
      'server_address="api.anthropic.com",sluice_source="proxy",sluice_provider_id="team-anthropic"';
    expect(text).toContain(`gen_ai_client_operation_duration_sum{${labels}} 2`);
    expect(text).toContain(`gen_ai_client_operation_time_to_first_chunk_sum{${labels}} 0.45`);
    expect(text).toContain(`gen_ai_client_operation_time_per_output_chunk_count{${labels}} 3`);
    for (const [type, count] of [
      ['input', 1200],
      ['output', 80],
      ['cache_read', 1000],
      ['cache_creation', 150],
    ])
      expect(text).toContain(`gen_ai_client_token_usage_sum{${labels},gen_ai_token_type="${type}"} ${count}`);
    expect(text).not.toContain('msg_0123');
  });
});
