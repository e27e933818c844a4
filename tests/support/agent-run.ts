/**
 * An agent run's requests as Claude Code sends them (for the store's tests and the
 * storage bench): each request is the last one and one step more. A 15 KB system prompt
 * (its last block marked for the cache), 40 tool definitions of about 1.5 KB, then the
 * conversation: the task, and a step at a time the model's thinking, words and tool call
 * and the tool's result, the cache marker on the newest message's last block (it moves
 * each step, as Claude Code's does). With the defaults, 200 requests from 81 KB to
 * 219 KB, about 150 KB each: 30 MB of request bodies, nearly all of it said before.
 * Made of seeded words: the same every time.
 */
import { emptyMessage } from '@/lib/assemble/message';
import type { Json as AnyJson } from '@/lib/protocols/json';
import { composeContext } from '@/lib/runs/composition';
import { pick, seededRandom, type Random } from '@/lib/seeded-random';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { uuidv7 } from '@/lib/server/platform/ids';
import type { CaptureStart, CaptureStore } from '@/lib/server/store/capture-store';

type Json = Record<string, unknown>;

const WORDS = (
  'the a to of and in is it that for on with as this be by file function return const value error test build ' +
  'change line path read write run check type string number object array import export module config server ' +
  'client request response stream cache token model agent tool result message system user assistant thinking ' +
  'update create delete list find search replace index source target branch commit diff patch fix bug issue'
).split(' ');

function words(random: Random, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(pick(random, WORDS));
  return out.join(' ');
}

/** Code-like lines, as a file read back by a tool. */
function fileText(random: Random, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const indent = '  '.repeat(Math.floor(random() * 4));
    out.push(`${indent}const ${pick(random, WORDS)}_${i} = ${pick(random, WORDS)}(${words(random, 3).replace(/ /g, ', ')});`);
  }
  return out.join('\n');
}

function tools(random: Random): Json[] {
  return Array.from({ length: 40 }, (_, i) => ({
    name: `Tool${i}_${pick(random, WORDS)}`,
    description: words(random, 130),
    input_schema: {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 4 }, (_, p) => [`${pick(random, WORDS)}_${p}`, { type: 'string', description: words(random, 12) }]),
      ),
      required: [],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  }));
}

/** The model's turn and the tool's answer at step n (1-based). */
function step(random: Random, n: number): Json[] {
  const id = `toolu_01${String(n).padStart(4, '0')}${Math.floor(random() * 1e9).toString(36)}`;
  return [
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: words(random, 15 + Math.floor(random() * 30)), signature: `Eq${id}sig`.repeat(4) },
        { type: 'text', text: words(random, 6 + Math.floor(random() * 16)) },
        { type: 'tool_use', id, name: `Tool${n % 40}`, input: { file_path: `/work/src/${pick(random, WORDS)}-${n}.ts` } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: fileText(random, 1 + Math.floor(random() * 7)) }],
    },
  ];
}

/** The run's request bodies, as the app sends them (JSON text). */
export function agentRunRequests(count = 200, seed = 51): string[] {
  const random = seededRandom(seed);
  const system = [
    { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude." },
    { type: 'text', text: words(random, 2200), cache_control: { type: 'ephemeral' } },
  ];
  const toolList = tools(random);
  const history: Json[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: `<system-reminder>${words(random, 400)}</system-reminder>` },
        { type: 'text', text: words(random, 40) },
      ],
    },
  ];
  const bodies: string[] = [];
  for (let n = 1; n <= count; n++) {
    if (n > 1) history.push(...step(random, n - 1));
    // The cache marker on the newest message's last block only: the last request's moves off.
    const messages = history.map((message, i) => {
      if (i < history.length - 1) return message;
      const content = message.content as Json[];
      return { ...message, content: [...content.slice(0, -1), { ...content.at(-1), cache_control: { type: 'ephemeral' } }] };
    });
    bodies.push(
      JSON.stringify({
        model: 'claude-sonnet-4-5-20250929',
        messages,
        temperature: 1,
        system,
        tools: toolList,
        metadata: { user_id: 'user_0123456789abcdef_account__session_5a1f0c2e' },
        max_tokens: 32000,
        thinking: { type: 'enabled', budget_tokens: 4000 },
        stream: true,
      }),
    );
  }
  return bodies;
}

/** A capture's listing as the recorder writes it, for a request of the run. */
function listing(id: string, body: string, runId: string, at: number): CaptureStart {
  return {
    id,
    provider: 'anthropic',
    method: 'POST',
    path: '/v1/messages',
    model: 'claude-sonnet-4-5-20250929',
    status: 'streaming',
    startedAt: new Date(at).toISOString(),
    protocol: 'anthropic-messages',
    sse: true,
    timings: {},
    run: { id: runId, lane: 0 },
    request: {
      method: 'POST',
      url: 'https://api.anthropic.com/v1/messages',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': '[REDACTED]' },
      body: { text: body, bytes: Buffer.byteLength(body), truncated: false },
    },
    response: { status: 200, headers: { 'content-type': 'text/event-stream' } },
    owner: 'local',
  };
}

/**
 * Writes the run's requests as the recording proxy does (lib/server/proxy/capture-recorder.ts):
 * each listed, then ended with its reply's text to search and its prompt's context counted.
 * Returns the captures' ids, in order.
 */
export async function recordAgentRun(captures: CaptureStore, bodies: string[], runId: string): Promise<string[]> {
  const ids: string[] = [];
  const t0 = Date.parse('2026-11-28T10:00:00Z');
  for (const [i, body] of bodies.entries()) {
    const id = uuidv7(t0 + i * 1000);
    const start = listing(id, body, runId, t0 + i * 1000);
    await captures.start(start);
    const { request, response, owner, ...summary } = start;
    void request;
    void owner;
    const text = `Step ${i + 1}: reading the next file.`;
    await captures.end(id, {
      summary: { ...summary, status: 'complete', timings: { firstByte: 500, end: 2000 } },
      response,
      reply: { ...emptyMessage('complete'), text, parts: [{ type: 'text', text }] },
      searchText: text,
      context: composeContext('anthropic-messages', JSON.parse(body) as AnyJson),
    });
    ids.push(id);
  }
  return ids;
}

/**
 * The bytes the store keeps of the request bodies of the captures it holds: each distinct
 * block (its hash, text and seam), each capture's list of block hashes, and every copy
 * kept inline (a body written before blocks, the search text, the counted context).
 */
export async function storedRequestBytes(
  sql: Pick<SqlClient, 'query'>,
): Promise<{ total: number; blocks: number; lists: number; inline: number }> {
  const { rows } = await sql.query<Record<'blocks' | 'lists' | 'inline', string | number | null>>(
    `select (select sum(octet_length(hash) + octet_length(text) + octet_length(seam)) from body_blocks) as blocks,
            (select sum(octet_length(h)) from captures, unnest(request_blocks) as h) as lists,
            (select sum(coalesce(octet_length(request->'body'->>'text'), 0) + octet_length(search_text)
                      + coalesce(octet_length(context::text), 0))
             from captures) as inline`,
  );
  const [blocks, lists, inline] = (['blocks', 'lists', 'inline'] as const).map((key) => Number(rows[0]?.[key] ?? 0)) as [
    number,
    number,
    number,
  ];
  return { total: blocks + lists + inline, blocks, lists, inline };
}

/** What Claude Code sends beside an agent run's body: its own key (passed on by the proxy, redacted in the capture). */
export const AGENT_HEADERS = { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-bench-not-a-key' };

/**
 * The request of the run nearest `bytes` long, and the `count` after it: a stretch of
 * the run around that size (each the one before and a step more), for the benches
 * that send agent-shaped requests (bench/proxy.ts, bench/agents.ts).
 */
export function agentRequestsNear(bytes: number, count: number, seed = 51): string[] {
  const bodies = agentRunRequests(200, seed);
  let at = 0;
  for (const [i, body] of bodies.entries()) if (Math.abs(body.length - bytes) < Math.abs(bodies[at]!.length - bytes)) at = i;
  const from = Math.max(0, Math.min(at - Math.floor(count / 2), bodies.length - count));
  return bodies.slice(from, from + count);
}

const sse = (type: string, data: Json) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/**
 * An agent step's answer as the Messages API streams it: thinking (40 deltas and its
 * signature), a few words (20 deltas), then a tool call whose input comes in 8 pieces,
 * stopping for the tool. 78 events, 11 KB, the same every time.
 */
export function agentAnswerEvents(seed = 52): string[] {
  const random = seededRandom(seed);
  const events = [
    sse('message_start', {
      message: {
        id: 'msg_01benchagentstep',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 38_000, cache_read_input_tokens: 36_500, cache_creation_input_tokens: 1_400, output_tokens: 1 },
      },
    }),
    sse('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
  ];
  for (let i = 0; i < 40; i++)
    events.push(sse('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: ` ${words(random, 3)}` } }));
  events.push(
    sse('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqBench'.repeat(40) } }),
    sse('content_block_stop', { index: 0 }),
    sse('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
  );
  for (let i = 0; i < 20; i++)
    events.push(sse('content_block_delta', { index: 1, delta: { type: 'text_delta', text: ` ${words(random, 2)}` } }));
  events.push(
    sse('content_block_stop', { index: 1 }),
    sse('content_block_start', {
      index: 2,
      content_block: { type: 'tool_use', id: 'toolu_01benchagentstep', name: 'Tool7_read', input: {} },
    }),
  );
  const input = JSON.stringify({ file_path: `/work/src/${words(random, 6).replace(/ /g, '/')}.ts`, limit: 400 });
  for (let i = 0; i < 8; i++)
    events.push(
      sse('content_block_delta', {
        index: 2,
        delta: { type: 'input_json_delta', partial_json: input.slice((i * input.length) / 8, ((i + 1) * input.length) / 8) },
      }),
    );
  events.push(
    sse('content_block_stop', { index: 2 }),
    sse('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 412 } }),
    sse('message_stop', {}),
  );
  return events;
}
