/**
 * The simulator is wire-compatible: the official clients read its streams over
 * real HTTP and assemble what it meant to say, and its faults surface in each SDK
 * as a real provider's would.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedReply, startSimulator } from '@/tests/support/simulator';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let openai: OpenAI;
let anthropic: Anthropic;
let gemini: GoogleGenAI;

beforeAll(async () => {
  sim = await startSimulator();
  openai = new OpenAI({ baseURL: `${sim.origin}/openai/v1`, apiKey: 'sk-sim', maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: `${sim.origin}/anthropic`, apiKey: 'sk-ant-sim', maxRetries: 0 });
  gemini = new GoogleGenAI({ apiKey: 'sim', httpOptions: { baseUrl: `${sim.origin}/gemini` } });
});
afterAll(() => sim.close());

const FAST = 'tps=5000 delay=0';
const WEATHER_TOOL = {
  name: 'lookup_city',
  description: 'Looks a city up',
  parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
};

async function rejection(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected the SDK to fail, but it resolved');
}

describe('openai SDK, Chat Completions', () => {
  const stream = (model: string, content: string, extra: Partial<OpenAI.ChatCompletionCreateParamsStreaming> = {}) =>
    openai.chat.completions.stream({
      model,
      messages: [{ role: 'user', content }],
      stream_options: { include_usage: true },
      ...extra,
    });

  it('assembles a markdown reply with usage', async () => {
    const prompt = `tokens=400 ${FAST}`;
    const final = await stream('sim-markdown', prompt).finalChatCompletion();
    const planned = plannedReply('openai-chat', { model: 'sim-markdown', messages: [{ role: 'user', content: prompt }] });
    expect(final.choices[0]!.message.content).toBe(planned.text);
    expect(planned.text).toMatch(/^```\w+$/m);
    expect(planned.text).toMatch(/^\| metric \| value \| note \|$/m);
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(final.usage?.completion_tokens).toBe(planned.outputTokens);
    expect(final.usage?.completion_tokens).toBeGreaterThanOrEqual(400);
  });

  it('streams reasoning_content before the answer', async () => {
    const prompt = `think=40 tokens=30 ${FAST}`;
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of await openai.chat.completions.create({
      model: 'sim-thinking',
      messages: [{ role: 'user', content: prompt }],
      stream: true,
    })) {
      chunks.push(chunk);
    }
    const planned = plannedReply('openai-chat', { model: 'sim-thinking', messages: [{ role: 'user', content: prompt }] });
    const delta = (c: OpenAI.ChatCompletionChunk) =>
      c.choices[0]?.delta as { reasoning_content?: string; content?: string } | undefined;
    expect(chunks.map((c) => delta(c)?.reasoning_content ?? '').join('')).toBe(planned.thinking);
    expect(chunks.map((c) => delta(c)?.content ?? '').join('')).toBe(planned.text);
    expect(planned.thinking.length).toBeGreaterThan(50);
  });

  it('assembles parallel tool calls with parsed arguments', async () => {
    const body = {
      model: 'sim-tools-parallel',
      messages: [{ role: 'user' as const, content: FAST }],
      tools: [{ type: 'function' as const, function: WEATHER_TOOL }],
    };
    const final = await openai.chat.completions
      .stream({ ...body, stream_options: { include_usage: true } })
      .finalChatCompletion();
    const calls = final.choices[0]!.message.tool_calls!;
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(calls).toHaveLength(2);
    const planned = plannedReply('openai-chat', body);
    expect(calls.map((c) => c.type === 'function' && JSON.parse(c.function.arguments))).toEqual(
      planned.toolCalls.map((c) => c.args),
    );
    expect(calls.every((c) => c.type === 'function' && c.function.name === 'lookup_city' && c.id.startsWith('call_'))).toBe(true);
  });

  it('answers once given the tool result', async () => {
    const final = await openai.chat.completions
      .stream({
        model: 'sim-tools',
        messages: [
          { role: 'user', content: FAST },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"temp": 21}' },
        ],
      })
      .finalChatCompletion();
    expect(final.choices[0]!.message.content).toContain('The `get_weather` tool returned');
    expect(final.choices[0]!.message.content).toContain('{"temp": 21}');
  });

  it('stops at max_tokens with finish_reason length', async () => {
    const final = await stream('sim-markdown', FAST, { max_tokens: 7 }).finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe('length');
    expect(final.usage?.completion_tokens).toBe(7);
  });

  it('surfaces a mid-stream error event as an APIError', async () => {
    const error = await rejection(stream('sim-fault-error', FAST).finalChatCompletion());
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.message).toContain('sim-fault-error');
  });

  it.each([401, 429, 500])('surfaces HTTP %i before streaming with its status', async (status) => {
    const error = await rejection(stream(`sim-fault-http-${status}`, FAST).finalChatCompletion());
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(status);
  });

  it('surfaces a non-SSE 502 body', async () => {
    const error = await rejection(stream('sim-fault-non-sse', FAST).finalChatCompletion());
    expect(error.status).toBe(502);
    expect(error.message).toContain('502');
  });

  it('notices a stream cut off before [DONE] (no finish_reason)', async () => {
    const error = await rejection(stream('sim-fault-eof', FAST).finalChatCompletion());
    expect(error.message).toMatch(/finish_reason/);
  });

  it('fails on a malformed JSON event', async () => {
    const error = await rejection(stream('sim-fault-malformed', FAST).finalChatCompletion());
    expect(error.message).toMatch(/JSON/);
  });

  it('ignores keep-alive comments', async () => {
    const prompt = `tokens=20 ${FAST}`;
    const final = await stream('sim-fault-keepalive', prompt).finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(
      plannedReply('openai-chat', { model: 'sim-fault-keepalive', messages: [{ role: 'user', content: prompt }] }).text,
    );
  });

  it('goes silent for stall= seconds, then finishes', async () => {
    const times: number[] = [];
    const s = stream('sim-fault-stall', `stall=1 tokens=30 ${FAST}`);
    s.on('content', () => times.push(performance.now()));
    const final = await s.finalChatCompletion();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(900);
    expect(final.choices[0]!.finish_reason).toBe('stop');
  });

  it('waits delay= seconds before the first token', async () => {
    const started = performance.now();
    let first = 0;
    const s = stream('sim-fault-slow-start', 'delay=1 tps=5000');
    s.on('content', () => (first ||= performance.now()));
    await s.finalChatCompletion();
    expect(first - started).toBeGreaterThanOrEqual(950);
  });
});

describe('openai SDK, Responses', () => {
  const stream = (model: string, input: string, extra: Partial<OpenAI.Responses.ResponseCreateParamsStreaming> = {}) =>
    openai.responses.stream({ model, input, ...extra });

  it('assembles text, reasoning summary and usage', async () => {
    const prompt = `think=30 tokens=60 ${FAST}`;
    const final = await stream('sim-thinking', prompt).finalResponse();
    const planned = plannedReply('openai-responses', { model: 'sim-thinking', input: prompt });
    expect(final.output_text).toBe(planned.text);
    const reasoning = final.output.find((o) => o.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.summary.map((s) => s.text).join('')).toBe(planned.thinking);
    expect(final.usage?.output_tokens).toBe(planned.outputTokens);
    expect(final.usage?.output_tokens_details.reasoning_tokens).toBe(30);
    expect(final.status).toBe('completed');
  });

  it('assembles parallel function calls', async () => {
    const tools = [{ type: 'function' as const, strict: false, ...WEATHER_TOOL }];
    const final = await stream('sim-tools-parallel', FAST, { tools }).finalResponse();
    const calls = final.output.filter((o) => o.type === 'function_call');
    const planned = plannedReply('openai-responses', { model: 'sim-tools-parallel', input: FAST, tools });
    expect(calls.map((c) => c.type === 'function_call' && JSON.parse(c.arguments))).toEqual(planned.toolCalls.map((c) => c.args));
  });

  it('ends incomplete at max_output_tokens', async () => {
    const final = await stream('sim-markdown', FAST, { max_output_tokens: 16 }).finalResponse();
    expect(final.status).toBe('incomplete');
    expect(final.incomplete_details?.reason).toBe('max_output_tokens');
  });

  it('surfaces the error event', async () => {
    const error = await rejection(stream('sim-fault-error', FAST).finalResponse());
    expect(error.message).toContain('sim-fault-error');
  });

  it('surfaces HTTP 429 before streaming', async () => {
    const error = await rejection(stream('sim-fault-http-429', FAST).finalResponse());
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('leaves a stream cut off before response.completed in_progress', async () => {
    // The SDK does not throw here: the snapshot simply never completes, as with the real API.
    const final = await stream('sim-fault-eof', FAST).finalResponse();
    expect(final.status).toBe('in_progress');
    expect(final.output_text.length).toBeGreaterThan(0);
  });
});

describe('@anthropic-ai/sdk, Messages', () => {
  const stream = (model: string, content: string, extra: Partial<Anthropic.MessageStreamParams> = {}) =>
    anthropic.messages.stream({ model, max_tokens: 4096, messages: [{ role: 'user', content }], ...extra });

  it('assembles thinking with its signature, then text, with usage', async () => {
    const prompt = `think=40 tokens=80 ${FAST}`;
    const final = await stream('sim-thinking', prompt).finalMessage();
    const planned = plannedReply('anthropic-messages', {
      model: 'sim-thinking',
      max_tokens: 4096,
      messages: [{ role: 'user', content: prompt }],
    });
    const [thinking, text] = final.content;
    expect(thinking?.type === 'thinking' && thinking.thinking).toBe(planned.thinking);
    expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(50);
    expect(text?.type === 'text' && text.text).toBe(planned.text);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(planned.outputTokens);
  });

  it('assembles parallel tool_use blocks with parsed input', async () => {
    const tools = [
      {
        name: WEATHER_TOOL.name,
        description: WEATHER_TOOL.description,
        input_schema: WEATHER_TOOL.parameters as Anthropic.Tool.InputSchema,
      },
    ];
    const final = await stream('sim-tools-parallel', FAST, { tools }).finalMessage();
    const planned = plannedReply('anthropic-messages', {
      model: 'sim-tools-parallel',
      max_tokens: 4096,
      messages: [{ role: 'user', content: FAST }],
      tools,
    });
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content.filter((b) => b.type === 'tool_use').map((b) => b.type === 'tool_use' && b.input)).toEqual(
      planned.toolCalls.map((c) => c.args),
    );
  });

  it('stops with max_tokens', async () => {
    const final = await anthropic.messages
      .stream({ model: 'sim-markdown', max_tokens: 5, messages: [{ role: 'user', content: FAST }] })
      .finalMessage();
    expect(final.stop_reason).toBe('max_tokens');
    expect(final.usage.output_tokens).toBe(5);
  });

  it('surfaces event: error as an APIError', async () => {
    const error = await rejection(stream('sim-fault-error', FAST).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.message).toContain('overloaded_error');
  });

  it.each([401, 429, 500])('surfaces HTTP %i before streaming with its status', async (status) => {
    const error = await rejection(stream(`sim-fault-http-${status}`, FAST).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.status).toBe(status);
  });

  it('ignores pings', async () => {
    const prompt = `tokens=20 ${FAST}`;
    const final = await stream('sim-fault-keepalive', prompt).finalMessage();
    const planned = plannedReply('anthropic-messages', {
      model: 'sim-fault-keepalive',
      max_tokens: 4096,
      messages: [{ role: 'user', content: prompt }],
    });
    expect(final.content[0]?.type === 'text' && final.content[0].text).toBe(planned.text);
  });

  it('notices a stream cut off before message_stop', async () => {
    const error = await rejection(stream('sim-fault-eof', FAST).finalMessage());
    expect(error.message).toMatch(/stream ended|message/i);
  });
});

describe('@google/genai, streamGenerateContent', () => {
  const run = async (model: string, text: string, config: Record<string, unknown> = {}) => {
    const chunks = [];
    for await (const chunk of await gemini.models.generateContentStream({ model, contents: text, config })) chunks.push(chunk);
    return chunks;
  };

  it('assembles text, thought parts and usage', async () => {
    const prompt = `think=30 tokens=60 ${FAST}`;
    const chunks = await run('sim-thinking', prompt);
    const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
    const planned = plannedReply('gemini', { contents: [{ role: 'user', parts: [{ text: prompt }] }] }, 'sim-thinking');
    expect(
      parts
        .filter((p) => p.thought)
        .map((p) => p.text)
        .join(''),
    ).toBe(planned.thinking);
    expect(
      parts
        .filter((p) => !p.thought)
        .map((p) => p.text)
        .join(''),
    ).toBe(planned.text);
    const last = chunks.at(-1)!;
    expect(last.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last.usageMetadata?.thoughtsTokenCount).toBe(30);
    expect((last.usageMetadata?.candidatesTokenCount ?? 0) + 30).toBe(planned.outputTokens);
  });

  it('assembles whole functionCall parts', async () => {
    const tools = [{ functionDeclarations: [WEATHER_TOOL] }];
    const chunks = await run('sim-tools-parallel', FAST, { tools });
    const calls = chunks.flatMap((c) => c.functionCalls ?? []);
    const planned = plannedReply(
      'gemini',
      { contents: [{ role: 'user', parts: [{ text: FAST }] }], tools },
      'sim-tools-parallel',
    );
    expect(calls.map((c) => c.args)).toEqual(planned.toolCalls.map((c) => c.args));
    expect(calls.map((c) => c.name)).toEqual(['lookup_city', 'lookup_city']);
  });

  it('ends with MAX_TOKENS at maxOutputTokens', async () => {
    const chunks = await run('sim-markdown', FAST, { maxOutputTokens: 9 });
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
  });

  it.each([401, 429, 500])('surfaces HTTP %i before streaming with its status', async (status) => {
    const error = await rejection(run(`sim-fault-http-${status}`, FAST));
    expect(error.status).toBe(status);
  });

  it('surfaces the bare JSON error body that ends a failed stream', async () => {
    // Google's real mid-stream failure (fixtures/wire/gemini/error-mid-stream.sse) trips the SDK the same way.
    const error = await rejection(run('sim-fault-error', FAST));
    expect(error.message).toMatch(/Incomplete JSON segment/);
  });
});

describe('each SDK, not streaming: the whole answer, as the stream would have assembled', () => {
  it('openai, Chat Completions: text and usage; tool calls', async () => {
    const prompt = `tokens=120 ${FAST}`;
    const whole = await openai.chat.completions.create({ model: 'sim-markdown', messages: [{ role: 'user', content: prompt }] });
    const planned = plannedReply('openai-chat', { model: 'sim-markdown', messages: [{ role: 'user', content: prompt }] });
    expect(whole.object).toBe('chat.completion');
    expect(whole.choices[0]!.message.content).toBe(planned.text);
    expect(whole.choices[0]!.finish_reason).toBe('stop');
    expect(whole.usage?.completion_tokens).toBe(planned.outputTokens);

    const body = {
      model: 'sim-tools-parallel',
      messages: [{ role: 'user' as const, content: FAST }],
      tools: [{ type: 'function' as const, function: WEATHER_TOOL }],
    };
    const called = await openai.chat.completions.create(body);
    const calls = called.choices[0]!.message.tool_calls!;
    expect(called.choices[0]!.finish_reason).toBe('tool_calls');
    expect(calls.map((c) => c.type === 'function' && JSON.parse(c.function.arguments))).toEqual(
      plannedReply('openai-chat', body).toolCalls.map((c) => c.args),
    );
  });

  it('openai, Responses: output_text, reasoning and usage', async () => {
    const prompt = `think=20 tokens=60 ${FAST}`;
    const whole = await openai.responses.create({ model: 'sim-thinking', input: prompt });
    const planned = plannedReply('openai-responses', { model: 'sim-thinking', input: prompt });
    expect(whole.status).toBe('completed');
    expect(whole.output_text).toBe(planned.text);
    expect(whole.output.find((o) => o.type === 'reasoning')).toBeDefined();
    expect(whole.usage?.output_tokens).toBe(planned.outputTokens);
  });

  it('anthropic: thinking with its signature, then text; a mid-stream error is the whole answer’s error', async () => {
    const prompt = `think=30 tokens=50 ${FAST}`;
    const request = { model: 'sim-thinking', max_tokens: 4096, messages: [{ role: 'user' as const, content: prompt }] };
    const whole = await anthropic.messages.create(request);
    const planned = plannedReply('anthropic-messages', request);
    const [thinking, text] = whole.content;
    expect(thinking?.type === 'thinking' && thinking.thinking).toBe(planned.thinking);
    expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(50);
    expect(text?.type === 'text' && text.text).toBe(planned.text);
    expect(whole.stop_reason).toBe('end_turn');
    expect(whole.usage.output_tokens).toBe(planned.outputTokens);

    const failed = await rejection(anthropic.messages.create({ ...request, model: 'sim-fault-error' }));
    expect(failed.status).toBe(500);
  });

  it('@google/genai, generateContent: text and usage', async () => {
    const prompt = `tokens=80 ${FAST}`;
    const whole = await gemini.models.generateContent({ model: 'sim-markdown', contents: prompt });
    const planned = plannedReply('gemini', { contents: [{ role: 'user', parts: [{ text: prompt }] }] }, 'sim-markdown');
    expect(whole.text).toBe(planned.text);
    expect(whole.candidates?.[0]?.finishReason).toBe('STOP');
    expect(whole.usageMetadata?.candidatesTokenCount).toBe(planned.outputTokens);
  });
});
