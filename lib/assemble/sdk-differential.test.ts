/**
 * Differential tests: for every recording, what lib/assemble builds from the bytes
 * equals what the official client assembles from the same bytes served over HTTP.
 */
import { createServer, type Server } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '@/lib/simulator/serve-fetch';
import { fixtures, type Fixture } from '@/tests/support/fixtures';
import { assembleRecording } from './assemble-recording';
import type { AssembledMessage } from './message';

let server: Server;
let origin: string;
let current: Uint8Array = new Uint8Array();

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(current);
  });
  origin = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Comparable {
  text: string;
  thinking?: string;
  toolCalls: { name: string; args: unknown }[];
  finish?: string;
  inputTokens?: number;
  outputTokens?: number;
}

function ours(m: AssembledMessage, opts: { thinking: boolean }): Comparable {
  return {
    text: m.text,
    ...(opts.thinking ? { thinking: m.thinking } : {}),
    toolCalls: m.toolCalls.map((c) => ({ name: c.name, args: c.args })),
    finish: m.rawFinishReason,
    inputTokens: m.usage?.inputTokens,
    outputTokens: m.usage?.outputTokens,
  };
}

async function viaOpenAiChat(): Promise<Comparable> {
  const client = new OpenAI({ baseURL: origin, apiKey: 'x', maxRetries: 0 });
  const final = await client.chat.completions
    .stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
    .finalChatCompletion();
  const choice = final.choices.find((c) => c.index === 0)!;
  return {
    text: choice.message.content ?? '',
    toolCalls: (choice.message.tool_calls ?? []).map((c) =>
      c.type === 'function'
        ? { name: c.function.name, args: JSON.parse(c.function.arguments || '{}') as unknown }
        : { name: '', args: null },
    ),
    finish: choice.finish_reason,
    inputTokens: final.usage?.prompt_tokens,
    outputTokens: final.usage?.completion_tokens,
  };
}

async function viaAnthropic(): Promise<Comparable> {
  const client = new Anthropic({ baseURL: origin, apiKey: 'x', maxRetries: 0 });
  const final = await client.messages
    .stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
    .finalMessage();
  const blocks = final.content as unknown as { type: string; text?: string; thinking?: string; name?: string; input?: unknown }[];
  return {
    text: blocks
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join(''),
    thinking: blocks
      .filter((b) => b.type === 'thinking')
      .map((b) => b.thinking)
      .join(''),
    toolCalls: blocks.filter((b) => b.type.endsWith('tool_use')).map((b) => ({ name: b.name!, args: b.input })),
    finish: final.stop_reason ?? undefined,
    inputTokens: final.usage.input_tokens,
    outputTokens: final.usage.output_tokens,
  };
}

async function viaResponses(): Promise<Comparable> {
  const client = new OpenAI({ baseURL: origin, apiKey: 'x', maxRetries: 0 });
  const final = await client.responses.stream({ model: 'm', input: 'hi' }).finalResponse();
  const reasoning = final.output.flatMap((o) => (o.type === 'reasoning' ? [o.summary.map((s) => s.text).join('\n\n')] : []));
  return {
    text: final.output_text,
    thinking: reasoning.join(''),
    toolCalls: final.output.flatMap((o) =>
      o.type === 'function_call' ? [{ name: o.name, args: JSON.parse(o.arguments) as unknown }] : [],
    ),
    finish: final.status === 'incomplete' ? (final.incomplete_details?.reason ?? undefined) : (final.status ?? undefined),
    inputTokens: final.usage?.input_tokens,
    outputTokens: final.usage?.output_tokens,
  };
}

async function viaGemini(): Promise<Comparable> {
  const client = new GoogleGenAI({ apiKey: 'x', httpOptions: { baseUrl: origin } });
  const chunks = [];
  for await (const chunk of await client.models.generateContentStream({ model: 'm', contents: 'hi' })) chunks.push(chunk);
  const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
  const usage = chunks.findLast((c) => c.usageMetadata)?.usageMetadata;
  return {
    text: parts
      .filter((p) => !p.thought && p.text)
      .map((p) => p.text)
      .join(''),
    thinking: parts
      .filter((p) => p.thought && p.text)
      .map((p) => p.text)
      .join(''),
    toolCalls: parts
      .filter((p) => p.functionCall?.args !== undefined)
      .map((p) => ({ name: p.functionCall!.name!, args: p.functionCall!.args })),
    finish: chunks.findLast((c) => c.candidates?.[0]?.finishReason)?.candidates?.[0]?.finishReason,
    inputTokens: usage?.promptTokenCount,
    outputTokens: usage ? (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) : undefined,
  };
}

const SDK: Record<Fixture['protocol'], { read: () => Promise<Comparable>; thinking: boolean }> = {
  'openai-chat': { read: viaOpenAiChat, thinking: false },
  'anthropic-messages': { read: viaAnthropic, thinking: true },
  'openai-responses': { read: viaResponses, thinking: true },
  gemini: { read: viaGemini, thinking: true },
};

/**
 * Where the official client is wrong about the bytes, we are not: each entry names
 * the SDK's gap and states the fields we assemble instead (read off the recording).
 */
const SDK_GAPS: Record<string, { why: string; fields: Partial<Comparable> }> = {
  'anthropic-messages/mcp-server-tool.sse': {
    why: '@anthropic-ai/sdk does not accumulate input_json_delta for mcp_tool_use blocks',
    fields: {},
  },
  'gateways/deepseek-responses-reasoning-text.sse': {
    why: 'openai SDK ignores response.reasoning_text.delta',
    fields: { thinking: 'We need answer capital of France.' },
  },
  'gateways/mistral-thinking-content-array.sse': {
    why: 'openai SDK concatenates content arrays as "[object Object]"',
    fields: {},
  },
  'gateways/openrouter-responses-api.sse': {
    why: 'openai SDK assembles nothing from a Responses stream without event: lines',
    fields: { text: '4', thinking: 'The user asks: "What is 2+2?" They expect a straightforward answer: 4. Just answer 4.' },
  },
  'gemini/vertex-streaming-function-call-args.sse': {
    why: '@google/genai does not assemble Vertex partialArgs',
    fields: {
      toolCalls: [
        { name: 'getWeather', args: { location: 'Boston' } },
        { name: 'getWeather', args: { location: 'San Francisco' } },
      ],
    },
  },
  'hand-written/gemini/vertex-partial-args-nested.sse': {
    why: '@google/genai does not assemble Vertex partialArgs (gemini/decode.test.ts checks the nested value)',
    fields: {
      toolCalls: [
        expect.objectContaining({ name: 'saveRecipe' }),
        { name: 'notify', args: { who: 'chef' } },
      ] as Comparable['toolCalls'],
    },
  },
  'hand-written/gemini/vertex-partial-args-unclosed.sse': {
    why: '@google/genai does not assemble Vertex partialArgs',
    fields: { toolCalls: [{ name: 'getWeather', args: { location: 'Akureyri' } }] },
  },
  'hand-written/gemini/vertex-partial-args-cut.sse': {
    why: '@google/genai does not assemble Vertex partialArgs',
    fields: { toolCalls: [{ name: 'getWeather', args: { location: 'Höfn' } }] },
  },
  'openai-chat/moderation-trailing-chunk.sse': {
    why: 'openai SDK lets the trailing moderation chunk (usage: null) erase usage',
    fields: { inputTokens: 13, outputTokens: 11 },
  },
};

/** Recordings the SDK throws on although they are whole streams. */
const SDK_REFUSES_WRONGLY = new Set([
  'openai-responses/background-resume-starting-after.sse', // openai SDK expects response.created first
  'gemini/prompt-blocked-safety.sse', // @google/genai rejects a last event without its blank line
]);

describe('lib/assemble agrees with the official SDKs on every recording', () => {
  it.each(fixtures().map((f) => [f.file, f] as const))('%s', async (_file, fixture) => {
    current = fixture.bytes;
    const sdk = SDK[fixture.protocol];
    const mine = assembleRecording(fixture.protocol, fixture.bytes);
    let theirs: Comparable;
    try {
      theirs = await sdk.read();
    } catch (error) {
      // Where the SDK refuses the stream, we must not call it complete either.
      if (SDK_REFUSES_WRONGLY.has(fixture.file)) return; // tested in recordings.test.ts and below
      expect(mine.status, `SDK threw: ${(error as Error).message}`).not.toBe('complete');
      return;
    }
    const comparable = ours(mine, { thinking: sdk.thinking });
    if (fixture.protocol === 'openai-responses')
      comparable.finish =
        mine.status === 'complete' ? (mine.finishReason === 'length' ? 'max_output_tokens' : 'completed') : comparable.finish;
    const gap = SDK_GAPS[fixture.file];
    if (gap) {
      expect(comparable).not.toEqual(theirs); // the gap is still there; if not, drop the entry
      expect(comparable).toMatchObject(gap.fields);
      return;
    }
    expect(comparable).toEqual(theirs);
  });

  it('reads the MCP tool call arguments the Anthropic SDK leaves empty', () => {
    const f = fixtures().find((x) => x.file === 'anthropic-messages/mcp-server-tool.sse')!;
    const call = assembleRecording(f.protocol, f.bytes).toolCalls[0]!;
    expect(call.server).toBe(true);
    expect(call.args).toEqual({
      question: 'What is this repository about? What are its main features and purpose?',
      repoName: 'pydantic/pydantic-ai',
    });
  });

  it('reads Mistral content arrays as thinking and text', () => {
    const f = fixtures().find((x) => x.file === 'gateways/mistral-thinking-content-array.sse')!;
    const m = assembleRecording(f.protocol, f.bytes);
    expect(m.text.startsWith('To cross the street safely, follow these steps:')).toBe(true);
    expect(m.text).not.toContain('[object Object]');
    expect(m.thinking.length).toBeGreaterThan(100);
  });

  it('takes a resumed background response (starting at response.queued) as complete', () => {
    const f = fixtures().find((x) => x.file === 'openai-responses/background-resume-starting-after.sse')!;
    expect(assembleRecording(f.protocol, f.bytes).status).toBe('complete');
  });
});
