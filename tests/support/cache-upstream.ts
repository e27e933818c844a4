import { createServer, type Server } from 'node:http';
import { listen } from '@/lib/simulator/serve-fetch';

/**
 * A scripted model with a prompt cache, for the runs tests (tests/runs.test.ts). It speaks
 * Anthropic Messages and Chat Completions, streamed or not, and drives a tool loop whose
 * length its model names: `loop-8` asks for `read_file` until the request carries 7 tool
 * results, then answers. The first user message may bend one step: `<<vary 3 other.txt>>`
 * makes the third call read `other.txt`. Its cache is a provider's, simplified: the
 * tokens (4 characters each) of the longest prefix this prompt shares with any of the last
 * 8 are read from cache, the rest but 10 tokens written to it; each reports them in its
 * own protocol's fields (Anthropic beside `input_tokens`, OpenAI inside `prompt_tokens`,
 * in whole blocks of 128 as OpenAI does). The log keeps every usage it reported.
 */

type Json = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

export interface CacheExchange {
  protocol: 'anthropic' | 'chat';
  model: string;
  /** The whole prompt in tokens, and what of it came from the cache and went to it. */
  total: number;
  reads: number;
  writes: number;
  /** The usage object exactly as reported. */
  usage: Json;
  toolCall?: { name: string; arguments: Json };
}

export interface CacheUpstream {
  origin: string;
  server: Server;
  log: CacheExchange[];
  close(): Promise<void>;
}

/** Without the cache's own markers: moving a breakpoint does not change the prompt. */
const uncached = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(uncached)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== 'cache_control')
            .map(([k, v]) => [k, uncached(v)]),
        )
      : value;

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
};

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (typeof obj(part).text === 'string' ? (obj(part).text as string) : ''))
    .join('');
}

/** The call this request's step makes, or none once the loop is done. */
function decide(model: string, messages: unknown[], results: number): { name: string; arguments: Json } | undefined {
  const steps = Number(/^loop-(\d+)/.exec(model)?.[1] ?? 1);
  if (results >= steps - 1) return undefined;
  const first = messages.map(obj).find((m) => m.role === 'user');
  const vary = /<<vary (\d+) (\S+)>>/.exec(textOf(first?.content));
  const step = results + 1;
  return { name: 'read_file', arguments: { path: vary && Number(vary[1]) === step ? vary[2]! : `file-${step}.txt` } };
}

export async function startCacheUpstream(): Promise<CacheUpstream> {
  const log: CacheExchange[] = [];
  const prompts: string[] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = obj(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const protocol = path.endsWith('/messages') ? 'anthropic' : path.endsWith('/chat/completions') ? 'chat' : undefined;
    if (req.method !== 'POST' || !protocol) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such route"}}');
      return;
    }
    const model = String(body.model ?? 'loop-1');
    const messages = asArray(body.messages);
    const prompt = JSON.stringify(uncached({ tools: body.tools, system: body.system, messages }));
    const shared = Math.max(0, ...prompts.map((p) => commonPrefix(p, prompt)));
    // A cache remembers recent prompts: a long run's 200 large ones are not all compared with each new one.
    prompts.push(prompt);
    if (prompts.length > 8) prompts.shift();
    const total = Math.ceil(prompt.length / 4);
    const results =
      protocol === 'anthropic'
        ? messages.flatMap((m) => asArray(obj(m).content)).filter((b) => obj(b).type === 'tool_result').length
        : messages.filter((m) => obj(m).role === 'tool').length;
    const call = decide(model, messages, results);
    const id = `x${++n}`;
    const exchange: CacheExchange = {
      protocol,
      model,
      total,
      reads: 0,
      writes: 0,
      usage: {},
      ...(call ? { toolCall: call } : {}),
    };
    const text = call ? '' : `Done after ${results} reads.`;
    let events: [string, Json][];
    let whole: Json;
    if (protocol === 'anthropic') {
      const reads = Math.floor(shared / 4);
      const writes = Math.max(0, total - reads - 10);
      const usage = {
        input_tokens: total - reads - writes,
        cache_read_input_tokens: reads,
        cache_creation_input_tokens: writes,
        cache_creation: { ephemeral_5m_input_tokens: writes, ephemeral_1h_input_tokens: 0 },
        output_tokens: 20,
      };
      Object.assign(exchange, { reads, writes, usage });
      const block = call
        ? { type: 'tool_use', id: `toolu_${id}`, name: call.name, input: call.arguments }
        : { type: 'text', text };
      const stop = call ? 'tool_use' : 'end_turn';
      whole = { id, type: 'message', role: 'assistant', model, content: [block], stop_reason: stop, stop_sequence: null, usage };
      events = [
        [
          'message_start',
          { type: 'message_start', message: { ...whole, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } },
        ],
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: call ? { ...block, input: {} } : { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: call
              ? { type: 'input_json_delta', partial_json: JSON.stringify(call.arguments) }
              : { type: 'text_delta', text },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'message_delta',
          { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } },
        ],
        ['message_stop', { type: 'message_stop' }],
      ];
    } else {
      const reads = Math.floor(Math.floor(shared / 4) / 128) * 128;
      const usage = {
        prompt_tokens: total,
        completion_tokens: 20,
        total_tokens: total + 20,
        prompt_tokens_details: { cached_tokens: reads },
      };
      Object.assign(exchange, { reads, writes: 0, usage });
      const toolCalls = call
        ? [
            {
              index: 0,
              id: `call_${id}`,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            },
          ]
        : undefined;
      const message = { role: 'assistant', content: call ? null : text, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
      const finish = call ? 'tool_calls' : 'stop';
      const head = { id, object: 'chat.completion.chunk', created: 0, model };
      whole = {
        id,
        object: 'chat.completion',
        created: 0,
        model,
        choices: [{ index: 0, message, finish_reason: finish }],
        usage,
      };
      events = [
        ['', { ...head, choices: [{ index: 0, delta: { ...message, content: call ? null : text }, finish_reason: null }] }],
        ['', { ...head, choices: [{ index: 0, delta: {}, finish_reason: finish }] }],
        ['', { ...head, choices: [], usage }],
      ];
    }
    log.push(exchange);
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(whole));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [name, data] of events) res.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    if (protocol === 'chat') res.write('data: [DONE]\n\n');
    res.end();
  });
  const origin = await listen(server);
  return {
    origin,
    server,
    log,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
