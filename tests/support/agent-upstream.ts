import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen } from '@/lib/simulator/serve-fetch';

/**
 * A scripted model for the real agents (tests/agents.test.ts): it speaks Anthropic
 * Messages, Chat Completions and Responses, streamed or not, for any model name, and
 * drives one real tool loop. The prompt names the call to make, `<<call NAME ARGS>>`
 * (ARGS: the call's JSON arguments, or a custom tool's raw input): while the request
 * offers a tool of that name and carries no tool result yet, the reply asks for that
 * call; once a result is back, the reply quotes it. Any other request (an agent's side
 * requests: titles, quota checks) gets a short text. Every answer carries its number in
 * `x-agent-exchange`, and the log keeps the exact bytes of each body as written.
 */

export type AgentProtocol = 'anthropic' | 'chat' | 'responses';

export interface AgentExchange {
  n: number;
  method: string;
  path: string;
  protocol?: AgentProtocol;
  model?: string;
  stream: boolean;
  /** The key the upstream was given: `x-api-key`, or `authorization`'s bearer token. */
  key?: string;
  /** The call this reply asked for, if it asked for one: its JSON arguments, or a custom tool's raw input. */
  toolCall?: { name: string; input: string; custom: boolean };
  /** The tool result the request carried back, if it carried one. */
  toolResult?: string;
  /** The response body exactly as written, in the writes it went out in. */
  sent: Buffer[];
  status: number;
}

export const EXCHANGE_HEADER = 'x-agent-exchange';
const DIRECTIVE = /<<call (\S+) ([\s\S]*?)>>/;

type Json = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** The text of a content field: a string, or parts with `text` (or `output`) in them. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => {
      const p = obj(part);
      if (typeof p.text === 'string') return p.text;
      if (p.content !== undefined) return textOf(p.content);
      return '';
    })
    .join('\n');
}

interface Reading {
  /** The text of the user's turns. */
  userText: string;
  /** Tools offered, by name: `custom` tools take raw input, the rest JSON. */
  tools: Map<string, { custom: boolean }>;
  toolResult?: string;
}

function readRequest(protocol: AgentProtocol, body: Json): Reading {
  const tools = new Map<string, { custom: boolean }>();
  const addTools = (list: unknown) => {
    for (const t of asArray(list)) {
      const tool = obj(t);
      if (tool.type === 'namespace') addTools(tool.tools);
      else if (tool.type === 'custom' && typeof tool.name === 'string') tools.set(tool.name, { custom: true });
      else if (typeof tool.name === 'string') tools.set(tool.name, { custom: false });
      else if (typeof obj(tool.function).name === 'string') tools.set(obj(tool.function).name as string, { custom: false });
    }
  };
  addTools(body.tools);
  const user: string[] = [];
  let toolResult: string | undefined;
  if (protocol === 'responses') {
    const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input);
    for (const it of input) {
      const item = obj(it);
      if (item.type === 'additional_tools') addTools(item.tools);
      if (item.role === 'user') user.push(textOf(item.content));
      if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') toolResult = textOf(item.output);
    }
  } else {
    for (const m of asArray(body.messages)) {
      const message = obj(m);
      if (message.role === 'tool') toolResult = textOf(message.content);
      if (message.role !== 'user') continue;
      const results = asArray(message.content).filter((part) => obj(part).type === 'tool_result');
      if (results.length > 0) toolResult = textOf(obj(results[0]).content);
      else user.push(textOf(message.content));
    }
  }
  return { userText: user.join('\n'), tools, toolResult };
}

/** What to answer: a call to make, or text. */
function decide(reading: Reading): { call?: { name: string; input: string; custom: boolean }; text: string } {
  if (reading.toolResult !== undefined) return { text: `Done. The tool said: ${reading.toolResult.trim().slice(0, 600)}` };
  const directive = DIRECTIVE.exec(reading.userText);
  const tool = directive && reading.tools.get(directive[1]!);
  if (directive && tool)
    return { call: { name: directive[1]!, input: directive[2]!, custom: tool.custom }, text: 'Let me look at that.' };
  return { text: 'Nothing to do here.' };
}

/** Splits a string into `n` pieces, for deltas. */
function pieces(s: string, n = 3): string[] {
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

const usageTokens = (body: string) => Math.max(1, Math.round(body.length / 4));

/** Each protocol's reply: its SSE events (name and data), or its JSON body. */
function anthropicReply(n: number, model: string, reply: ReturnType<typeof decide>, inputTokens: number) {
  const id = `msg_agent_${n}`;
  const toolId = `toolu_agent_${n}`;
  const content: Json[] = [{ type: 'text', text: reply.text }];
  if (reply.call) content.push({ type: 'tool_use', id: toolId, name: reply.call.name, input: JSON.parse(reply.call.input) });
  const stop = reply.call ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: inputTokens, output_tokens: 12 };
  const json = { id, type: 'message', role: 'assistant', model, content, stop_reason: stop, stop_sequence: null, usage };
  const events: [string, Json][] = [
    [
      'message_start',
      {
        type: 'message_start',
        message: { ...json, content: [], stop_reason: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
      },
    ],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ...pieces(reply.text).map((text): [string, Json] => [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    ]),
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ];
  if (reply.call) {
    events.push([
      'content_block_start',
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: toolId, name: reply.call.name, input: {} },
      },
    ]);
    for (const partial_json of pieces(reply.call.input))
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json } },
      ]);
    events.push(['content_block_stop', { type: 'content_block_stop', index: 1 }]);
  }
  events.push(
    ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 12 } }],
    ['message_stop', { type: 'message_stop' }],
  );
  return { json, events };
}

function chatReply(n: number, model: string, reply: ReturnType<typeof decide>, inputTokens: number, includeUsage: boolean) {
  const id = `chatcmpl-agent-${n}`;
  const created = Math.floor(Date.now() / 1000);
  const toolCalls = reply.call
    ? [{ id: `call_agent_${n}`, type: 'function', function: { name: reply.call.name, arguments: reply.call.input } }]
    : undefined;
  const finish = reply.call ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: inputTokens, completion_tokens: 12, total_tokens: inputTokens + 12 };
  const json = {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage,
  };
  const chunk = (delta: Json, finish_reason: string | null = null): [string, Json] => [
    '',
    { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason }] },
  ];
  const events: [string, Json][] = [
    chunk({ role: 'assistant', content: '' }),
    ...pieces(reply.text).map((content) => chunk({ content })),
  ];
  if (reply.call) {
    events.push(chunk({ tool_calls: [{ index: 0, ...toolCalls![0], function: { name: reply.call.name, arguments: '' } }] }));
    for (const args of pieces(reply.call.input))
      events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }));
  }
  events.push(chunk({}, finish));
  if (includeUsage) events.push(['', { id, object: 'chat.completion.chunk', created, model, choices: [], usage }]);
  return { json, events };
}

function responsesReply(n: number, model: string, reply: ReturnType<typeof decide>, inputTokens: number) {
  const id = `resp_agent_${n}`;
  const created_at = Math.floor(Date.now() / 1000);
  const message = {
    type: 'message',
    id: `msg_agent_${n}`,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }],
  };
  const call = reply.call
    ? reply.call.custom
      ? {
          type: 'custom_tool_call',
          id: `ctc_agent_${n}`,
          status: 'completed',
          call_id: `call_agent_${n}`,
          name: reply.call.name,
          input: reply.call.input,
        }
      : {
          type: 'function_call',
          id: `fc_agent_${n}`,
          status: 'completed',
          call_id: `call_agent_${n}`,
          name: reply.call.name,
          arguments: reply.call.input,
        }
    : undefined;
  const output: Json[] = call ? [message, call] : [message];
  const usage = {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 12,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + 12,
  };
  const base = {
    id,
    object: 'response',
    created_at,
    model,
    parallel_tool_calls: false,
    tool_choice: 'auto',
    tools: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    temperature: 1,
    top_p: 1,
  };
  const json = { ...base, status: 'completed', output, usage };
  let seq = 0;
  const event = (type: string, data: Json): [string, Json] => [type, { type, sequence_number: seq++, ...data }];
  const events: [string, Json][] = [
    event('response.created', { response: { ...base, status: 'in_progress', output: [], usage: null } }),
    event('response.in_progress', { response: { ...base, status: 'in_progress', output: [], usage: null } }),
    event('response.output_item.added', { output_index: 0, item: { ...message, status: 'in_progress', content: [] } }),
    event('response.content_part.added', {
      item_id: message.id,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
    }),
    ...pieces(reply.text).map((delta) =>
      event('response.output_text.delta', { item_id: message.id, output_index: 0, content_index: 0, delta, logprobs: [] }),
    ),
    event('response.output_text.done', {
      item_id: message.id,
      output_index: 0,
      content_index: 0,
      text: reply.text,
      logprobs: [],
    }),
    event('response.content_part.done', { item_id: message.id, output_index: 0, content_index: 0, part: message.content[0] }),
    event('response.output_item.done', { output_index: 0, item: message }),
  ];
  if (call && call.type === 'function_call') {
    events.push(
      event('response.output_item.added', { output_index: 1, item: { ...call, status: 'in_progress', arguments: '' } }),
    );
    for (const delta of pieces(call.arguments as string))
      events.push(event('response.function_call_arguments.delta', { item_id: call.id, output_index: 1, delta }));
    events.push(
      event('response.function_call_arguments.done', { item_id: call.id, output_index: 1, arguments: call.arguments }),
      event('response.output_item.done', { output_index: 1, item: call }),
    );
  } else if (call) {
    events.push(event('response.output_item.added', { output_index: 1, item: { ...call, status: 'in_progress', input: '' } }));
    for (const delta of pieces(call.input as string))
      events.push(event('response.custom_tool_call_input.delta', { item_id: call.id, output_index: 1, delta }));
    events.push(
      event('response.custom_tool_call_input.done', { item_id: call.id, output_index: 1, input: call.input }),
      event('response.output_item.done', { output_index: 1, item: call }),
    );
  }
  events.push(event('response.completed', { response: json }));
  return { json, events };
}

function protocolOf(method: string, path: string): AgentProtocol | undefined {
  if (method !== 'POST') return undefined;
  if (/\/messages$/.test(path)) return 'anthropic';
  if (/\/chat\/completions$/.test(path)) return 'chat';
  if (/\/responses$/.test(path)) return 'responses';
  return undefined;
}

export interface AgentUpstream {
  origin: string;
  server: Server;
  log: AgentExchange[];
  close: () => Promise<void>;
}

export async function startAgentUpstream(): Promise<AgentUpstream> {
  const log: AgentExchange[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    for await (const part of req) raw += part;
    const path = (req.url ?? '').split('?')[0]!;
    const method = req.method ?? 'GET';
    const key = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '').replace(/^Bearer /, '') || undefined;
    const protocol = protocolOf(method, path);
    const exchange: AgentExchange = { n: log.length + 1, method, path, protocol, stream: false, key, sent: [], status: 200 };
    log.push(exchange);
    const send = (status: number, type: string | undefined, body?: string) => {
      exchange.status = status;
      res.writeHead(status, { ...(type ? { 'content-type': type } : {}), [EXCHANGE_HEADER]: String(exchange.n) });
      if (body !== undefined) exchange.sent.push(Buffer.from(body));
      res.end(body);
    };
    if (method === 'HEAD' || (method === 'GET' && !path.endsWith('/models')))
      return send(200, 'application/json', method === 'HEAD' ? undefined : '{}');
    if (method === 'GET')
      return send(
        200,
        'application/json',
        JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model', created: 0, owned_by: 'sluice' }] }),
      );
    if (method === 'POST' && path.endsWith('/messages/count_tokens'))
      return send(200, 'application/json', JSON.stringify({ input_tokens: usageTokens(raw) }));
    let body: Json;
    try {
      body = obj(JSON.parse(raw));
    } catch {
      body = {};
    }
    if (!protocol)
      return send(404, 'application/json', JSON.stringify({ error: { message: `No such route: ${method} ${path}` } }));
    const model = typeof body.model === 'string' ? body.model : 'scripted';
    exchange.model = model;
    exchange.stream = body.stream === true;
    const reading = readRequest(protocol, body);
    const reply = decide(reading);
    exchange.toolResult = reading.toolResult;
    if (reply.call) exchange.toolCall = reply.call;
    const tokens = usageTokens(raw);
    const { json, events } =
      protocol === 'anthropic'
        ? anthropicReply(exchange.n, model, reply, tokens)
        : protocol === 'chat'
          ? chatReply(exchange.n, model, reply, tokens, obj(body.stream_options).include_usage === true)
          : responsesReply(exchange.n, model, reply, tokens);
    if (!exchange.stream) return send(200, 'application/json', JSON.stringify(json));
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      [EXCHANGE_HEADER]: String(exchange.n),
    });
    const lines = events.map(([name, data]) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    if (protocol === 'chat') lines.push('data: [DONE]\n\n');
    for (const line of lines) {
      const bytes = Buffer.from(line);
      exchange.sent.push(bytes);
      res.write(bytes);
      // One event a turn of the loop, so that they tend to arrive in reads of their own.
      await new Promise((resolve) => setImmediate(resolve));
    }
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
