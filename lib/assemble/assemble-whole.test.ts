/**
 * A non-streamed answer read by its protocol's stream decoder: the simulator's whole
 * answer and its stream of the same plan assemble to the same message, and each
 * protocol's whole body is read for what only it may carry.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOLS, type ProtocolId } from '@/lib/protocols/ids';
import { seededRandom } from '@/lib/seeded-random';
import { planReply } from '@/lib/simulator/plan';
import { SIM_PROTOCOLS } from '@/lib/simulator/protocols';
import { wholeReply } from '@/lib/simulator/whole-reply';
import { assembleRecording } from './assemble-recording';
import { assembleWhole } from './assemble-whole';
import type { AssembledMessage } from './message';

const weather = { type: 'object', properties: { city: { type: 'string' } } };

/** A request to the simulator in each protocol, naming one tool. */
function simRequest(protocol: ProtocolId, model: string, prompt: string) {
  const base = { model, stream: true };
  switch (protocol) {
    case 'openai-chat':
      return {
        ...base,
        messages: [{ role: 'user', content: prompt }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather } }],
      };
    case 'anthropic-messages':
      return {
        ...base,
        max_tokens: 4000,
        messages: [{ role: 'user', content: prompt }],
        tools: [{ name: 'get_weather', input_schema: weather }],
      };
    case 'openai-responses':
      return { ...base, input: prompt, tools: [{ type: 'function', name: 'get_weather', parameters: weather }] };
    case 'gemini':
      return {
        ...base,
        contents: [{ role: 'user', parts: [{ text: prompt }] }],
        tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: weather }] }],
      };
  }
}

/** The simulator's stream and its whole answer of one plan, each assembled. */
function bothWays(protocol: ProtocolId, model: string, prompt: string) {
  const sim = SIM_PROTOCOLS[protocol];
  const request = { ...sim.readRequest(simRequest(protocol, model, prompt)), model, inputTokens: 12 };
  const plan = planReply(request);
  const ctx = (seed: number) => ({ model, inputTokens: 12, includeUsage: true, random: seededRandom(seed), created: 1 });
  const encoder = sim.encoder(ctx(1));
  const stream = encoder.open() + plan.steps.map((step) => encoder.encode(step)).join('');
  const whole = wholeReply(protocol, plan, ctx(2));
  if (!('body' in whole)) throw new Error(whole.error);
  return { streamed: assembleRecording(protocol, stream), whole: assembleWhole(protocol, JSON.stringify(whole.body))! };
}

/** What both must agree on: a thinking signature is the simulator's random, and a zero count a stream states and a body leaves out. */
function comparable(m: AssembledMessage) {
  return {
    status: m.status,
    text: m.text,
    thinking: m.thinking,
    parts: m.parts.map((p) => (p.type === 'thinking' ? { ...p, signature: p.signature ? 'signed' : undefined } : p)),
    toolCalls: m.toolCalls,
    finishReason: m.finishReason,
    usage: Object.fromEntries(Object.entries(m.usage ?? {}).filter(([, n]) => n !== 0)),
    warnings: m.warnings,
  };
}

describe('a whole answer assembles as its stream does', () => {
  for (const protocol of PROTOCOLS) {
    for (const model of ['sim-tools', 'sim-tools-parallel', 'sim-thinking', 'sim-echo', 'sim-markdown']) {
      it(`${protocol}, ${model}`, () => {
        const { streamed, whole } = bothWays(protocol, model, 'weather? tokens=60 think=30 seed=7');
        expect(comparable(whole)).toEqual(comparable(streamed));
        expect(whole.text.length + whole.toolCalls.length).toBeGreaterThan(0);
      });
    }
  }
});

const read = (protocol: ProtocolId, body: unknown) => assembleWhole(protocol, JSON.stringify(body))!;

describe('each protocol’s whole body', () => {
  it('Chat: parallel calls told apart without an index, a refusal, other choices, a top-level error', () => {
    const m = read('openai-chat', {
      id: 'chatcmpl-1',
      model: 'gpt-x',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: 'I cannot.',
            reasoning_content: 'hm',
            tool_calls: [
              { id: 'call_a', type: 'function', function: { name: 'a', arguments: '{"x":1}' } },
              { id: 'call_b', type: 'function', function: { name: 'b', arguments: '{}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
        { index: 1, message: { role: 'assistant', content: 'second' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
    expect(m).toMatchObject({ status: 'complete', id: 'chatcmpl-1', model: 'gpt-x', refusal: 'I cannot.', thinking: 'hm' });
    expect(m.toolCalls).toEqual([
      { id: 'call_a', name: 'a', argsText: '{"x":1}', args: { x: 1 } },
      { id: 'call_b', name: 'b', argsText: '{}', args: {} },
    ]);
    expect(m.otherChoices).toEqual({ 1: 'second' });
    expect(m).toMatchObject({ finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } });
    expect(read('openai-chat', { error: { message: 'boom', code: 'server_error' } })).toMatchObject({
      status: 'error',
      error: { message: 'boom', code: 'server_error' },
    });
  });

  it('Anthropic: thinking with its signature, redacted thinking, a server tool and its result, citations', () => {
    const m = read('anthropic-messages', {
      id: 'msg_1',
      type: 'message',
      model: 'claude-x',
      content: [
        { type: 'thinking', thinking: 'first', signature: 'sig' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: [{ type: 'web_search_result', url: 'https://x' }] },
        { type: 'text', text: 'Cited.', citations: [{ type: 'web_search_result_location', url: 'https://x' }] },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 20 },
    });
    expect(m.parts.map((p) => p.type)).toEqual(['thinking', 'thinking', 'tool-call', 'tool-result', 'text', 'tool-call']);
    expect(m.parts[0]).toEqual({ type: 'thinking', text: 'first', signature: 'sig' });
    expect(m.parts[1]).toEqual({ type: 'thinking', text: '', redacted: 'opaque' });
    expect(m.toolCalls).toEqual([
      { id: 'srv_1', name: 'web_search', argsText: '{"query":"q"}', args: { query: 'q' }, server: true },
      { id: 'toolu_1', name: 'get_weather', argsText: '{"city":"Oslo"}', args: { city: 'Oslo' } },
    ]);
    expect(m.annotations).toEqual([{ type: 'web_search_result_location', url: 'https://x' }]);
    expect(m).toMatchObject({
      status: 'complete',
      id: 'msg_1',
      text: 'Cited.',
      finishReason: 'tool-calls',
      usage: { inputTokens: 15, cachedInputTokens: 5, outputTokens: 20 },
    });
  });

  it('Responses: refusal, annotations, a server tool’s item, reasoning summaries, and how it ended', () => {
    const body = {
      id: 'resp_1',
      model: 'gpt-x',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [
            { type: 'summary_text', text: 'one' },
            { type: 'summary_text', text: 'two' },
          ],
        },
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        {
          type: 'message',
          id: 'msg_1',
          content: [
            { type: 'output_text', text: 'Found.', annotations: [{ type: 'url_citation', url: 'https://x' }] },
            { type: 'refusal', refusal: 'Not that.' },
          ],
        },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      ],
      usage: { input_tokens: 4, output_tokens: 9, output_tokens_details: { reasoning_tokens: 3 } },
    };
    const m = read('openai-responses', body);
    expect(m).toMatchObject({ status: 'complete', text: 'Found.', refusal: 'Not that.', thinking: 'one\n\ntwo' });
    expect(m.parts.map((p) => p.type)).toEqual(['thinking', 'tool-result', 'text', 'tool-call']);
    expect(m.annotations).toEqual([{ type: 'url_citation', url: 'https://x' }]);
    expect(m.toolCalls).toEqual([{ id: 'call_1', name: 'f', argsText: '{"a":1}', args: { a: 1 } }]);
    expect(m).toMatchObject({ finishReason: 'length', usage: { inputTokens: 4, outputTokens: 9, reasoningTokens: 3 } });
    expect(read('openai-responses', { ...body, status: 'failed', error: { message: 'no', code: 'server_error' } })).toMatchObject(
      {
        status: 'error',
        error: { message: 'no' },
      },
    );
    // Still queued (background): nothing says it ended.
    expect(read('openai-responses', { ...body, status: 'queued', output: [] }).status).toBe('truncated');
  });

  it('Gemini: a streamGenerateContent answer without alt=sse is its chunks as a JSON array', () => {
    const chunk = (text: string, finish?: string) => ({
      candidates: [{ content: { parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) }],
      usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 3 },
    });
    expect(read('gemini', [chunk('Hel'), chunk('lo', 'STOP')])).toMatchObject({
      status: 'complete',
      text: 'Hello',
      parts: [{ type: 'text', text: 'Hello' }],
      finishReason: 'stop',
      usage: { inputTokens: 2, outputTokens: 3 },
    });
  });

  it('a body that is not JSON, or not an object, is no reply', () => {
    for (const protocol of PROTOCOLS) {
      expect(assembleWhole(protocol, '<html>')).toBeUndefined();
      expect(assembleWhole(protocol, '"text"')).toBeUndefined();
    }
    expect(assembleWhole('openai-chat', '[1, 2]')).toBeUndefined();
  });
});
