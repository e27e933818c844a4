/**
 * Sluice's traces, as a collector receives them (docs/contract.md "Traces and metrics"):
 * a real server exporting OTLP/HTTP (JSON) to a receiver the test runs, for a chat reply
 * on the built-in simulator (a stall in it), and for an agent run through the recording
 * proxy (a scripted model with a prompt cache): spans named and attributed by the GenAI
 * conventions, a run as one trace (root, requests, a subagent's lane under the request
 * it began beside), an app's `traceparent` honoured, no prompt text unless asked, and no
 * key anywhere.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapturePage } from '@/lib/api/captures';
import type { Conversation } from '@/lib/server/store/types';
import { startCacheUpstream, type CacheUpstream } from './support/cache-upstream';
import { startNextServer, type RunningServer } from './support/next-server';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

const SECRET = 'sk-otel-test-SECRET-5be81d';
const COLLECTOR_TOKEN = 'otlp-collector-SECRET-77f0';
/** Text of the prompts: it must reach no span unless SLUICE_OTEL_CONTENT=1. */
const PROMPT_MARK = 'Zanzibar-prompt-marker';

/** An app's own trace: Sluice's spans of its requests go inside it. */
const APP_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const APP_SPAN = '00f067aa0ba902b7';
const traceparent = (span = APP_SPAN) => `00-${APP_TRACE}-${span}-01`;

let upstream: CacheUpstream;
let config: string;

beforeAll(async () => {
  upstream = await startCacheUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-otel-'));
  config = join(dir, 'sluice.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        { id: 'cache-anthropic', protocol: 'anthropic-messages', baseUrl: `${upstream.origin}/anthropic/v1`, apiKey: SECRET },
      ],
    }),
  );
});

afterAll(async () => {
  await upstream?.close();
});

/** A Sluice exporting to a fresh receiver; `content`: SLUICE_OTEL_CONTENT. */
async function tracedSluice(content: boolean): Promise<{ sluice: RunningServer; receiver: OtlpReceiver }> {
  const receiver = await startOtlpReceiver();
  const sluice = await startNextServer({
    SLUICE_CONFIG: config,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${COLLECTOR_TOKEN}`,
    OTEL_SERVICE_NAME: 'sluice-under-test',
    OTEL_METRIC_EXPORT_INTERVAL: '1000',
    ...(content ? { SLUICE_OTEL_CONTENT: '1' } : {}),
  });
  return { sluice, receiver };
}

const TOOLS = [
  { name: 'read_file', description: 'Read a file.', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
];

/** One request through the proxy to the scripted Anthropic model, read to its end. */
async function ask(sluice: RunningServer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${sluice.origin}/proxy/cache-anthropic/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sluice-proxy', ...headers },
    body: JSON.stringify({ max_tokens: 50, stream: true, tools: TOOLS, ...body }),
  });
  expect(response.status).toBe(200);
  await response.text();
}

const user = (text: string) => ({ role: 'user', content: text });
/** The scripted model's answer to request `n` (its n-th since it started): a call of read_file, and its result sent back. */
const toolTurn = (n: number, path: string) => [
  { role: 'assistant', content: [{ type: 'tool_use', id: `toolu_x${n}`, name: 'read_file', input: { path } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_x${n}`, content: `contents of ${path}` }] },
];

/** The captures of this server, oldest first, once `count` of them are written as ended. */
async function captures(sluice: RunningServer, count: number): Promise<CapturePage['items']> {
  let items: CapturePage['items'] = [];
  await expect
    .poll(
      async () => {
        items = ((await (await fetch(`${sluice.origin}/api/captures`)).json()) as CapturePage).items;
        return items.filter((c) => c.status !== 'streaming').length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return [...items].reverse();
}

/** A reply of the simulator through the chat, with a second's stall in it, read to its end and read back as stored. */
async function chatReply(sluice: RunningServer, headers: Record<string, string>) {
  const response = await fetch(`${sluice.origin}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      provider: 'sim-anthropic',
      model: 'sim-fault-stall',
      messages: [user(`${PROMPT_MARK}: say something. tokens=24 tps=400 delay=0.05 stall=0.8`)],
    }),
  });
  expect(response.status).toBe(200);
  await response.text();
  const conversationId = response.headers.get('x-conversation-id')!;
  let reply: Extract<Conversation['messages'][number], { role: 'assistant'; timings: unknown }> | undefined;
  await expect
    .poll(
      async () => {
        const conversation = (await (await fetch(`${sluice.origin}/api/conversations/${conversationId}`)).json()) as Conversation;
        reply = conversation.messages.at(-1) as typeof reply;
        return reply && 'status' in reply ? reply.status : 'none';
      },
      { timeout: 20_000 },
    )
    .toBe('complete');
  return { conversationId, reply: reply!, messageId: reply!.id };
}

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((s) => s.name === name);

describe('traces over OTLP', () => {
  let sluice: RunningServer;
  let receiver: OtlpReceiver;

  beforeAll(async () => {
    ({ sluice, receiver } = await tracedSluice(false));
  });

  afterAll(async () => {
    await sluice?.stop();
    await receiver?.close();
  });

  it('a chat reply, a run with a subagent and an app-traced request, as spans', async () => {
    const chat = await chatReply(sluice, { traceparent: traceparent() });

    // A run by continuity: two requests on its main line, a subagent beside it (two more), then one the app traced.
    const first = upstream.log.length + 1;
    await ask(sluice, { model: 'loop-3', messages: [user(`${PROMPT_MARK}: sum up the project`)] });
    const main = [user(`${PROMPT_MARK}: sum up the project`), ...toolTurn(first, 'file-1.txt')];
    await ask(sluice, { model: 'loop-3', messages: main });
    const sub = [user('search for totals')];
    await ask(sluice, { model: 'loop-3', system: 'You are a search subagent.', messages: sub });
    await ask(sluice, {
      model: 'loop-3',
      system: 'You are a search subagent.',
      messages: [...sub, ...toolTurn(first + 2, 'file-1.txt')],
    });
    await ask(
      sluice,
      { model: 'loop-3', messages: [...main, ...toolTurn(first + 1, 'file-2.txt')] },
      { traceparent: traceparent('a1b2c3d4e5f60718') },
    );
    // A run its app named (`npm run with` names one after its command, prompt and all): its name stays out of the trace.
    await ask(sluice, { model: 'loop-1', messages: [user('nightly check')] }, { 'x-sluice-run': `${PROMPT_MARK} nightly` });
    const all = await captures(sluice, 6);
    const [written, named] = [all.slice(0, 5), all[5]!];
    const runId = written[0]!.run!.id;
    expect(named.run!.id).not.toBe(runId);
    expect(written.map((c) => [c.run?.id, c.run?.lane])).toEqual([
      [runId, 0],
      [runId, 0],
      [runId, 1],
      [runId, 1],
      [runId, 0],
    ]);

    // The run's root and its lane are made once it is quiet, or as the server stops: it stops now, sending every span.
    await sluice.stop();
    const spans = receiver.spans;

    // The chat reply: inside the caller's trace, named `chat {model}`, with the figures the page shows.
    const [reply, ...others] = byName(spans, 'chat sim-fault-stall');
    expect(others).toEqual([]);
    expect(reply!.traceId).toBe(APP_TRACE);
    expect(reply!.parentSpanId).toBe(APP_SPAN);
    expect(reply!.kind).toBe(3); // CLIENT
    expect(reply!.resource['service.name']).toBe('sluice-under-test');
    const stored = chat.reply;
    expect(reply!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'sim-fault-stall',
      'gen_ai.response.finish_reasons': [stored.rawFinishReason],
      'gen_ai.usage.input_tokens': stored.usage!.inputTokens,
      'gen_ai.usage.output_tokens': stored.usage!.outputTokens,
      'gen_ai.conversation.id': chat.conversationId,
      'sluice.message.id': chat.messageId,
      'sluice.source': 'chat',
      'sluice.provider.id': 'sim-anthropic',
      'sluice.status': 'complete',
      'sluice.cost.usd': stored.cost!.usd,
      'server.address': '127.0.0.1',
      'gen_ai.response.time_to_first_chunk': stored.timings.firstToken! / 1000,
    });
    expect(reply!.attributes['error.type']).toBeUndefined();
    expect(reply!.start).toBeCloseTo(stored.timings.requestStart, 0);
    expect(reply!.end - reply!.start).toBeCloseTo(stored.timings.end!, 0);
    const events = Object.fromEntries(reply!.events.map((e) => [e.name, e]));
    expect(events['sluice.first_token']!.time - reply!.start).toBeCloseTo(stored.timings.firstToken!, 0);
    expect(events['sluice.first_byte']!.time - reply!.start).toBeCloseTo(stored.timings.firstByte!, 0);
    const stalls = reply!.events.filter((e) => e.name === 'sluice.stall');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]!.attributes['sluice.stall.duration_ms']).toBeGreaterThanOrEqual(700);
    expect(stalls[0]!.attributes['sluice.stall.phase']).toBe('during its answer');

    // The run is a trace: its id the run's, a root `invoke_agent`, its requests under it.
    const runTrace = runId.replace(/-/g, '');
    const [root, ...moreRoots] = spans.filter((s) => s.attributes['sluice.run.id'] === runId && s.name === 'invoke_agent');
    expect(moreRoots).toEqual([]);
    expect(root!.traceId).toBe(runTrace);
    expect(root!.parentSpanId).toBeUndefined();
    expect(root!.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'sluice.run.requests': 5 });
    const exchanges = written.map((capture) => spans.find((s) => s.attributes['sluice.capture.id'] === capture.id)!);
    expect(exchanges.every(Boolean)).toBe(true);
    const [one, two, subOne, subTwo, traced] = exchanges as ReceivedSpan[];
    for (const span of [one, two]) expect([span!.traceId, span!.parentSpanId]).toEqual([runTrace, root!.spanId]);
    // The subagent's lane: a span under the request it began beside, its requests under it.
    const lane = spans.find((s) => s.name === 'invoke_agent subagent 1')!;
    expect([lane.traceId, lane.parentSpanId]).toEqual([runTrace, two!.spanId]);
    expect(lane.attributes).toMatchObject({ 'sluice.run.lane': 1, 'sluice.run.requests': 2 });
    for (const span of [subOne, subTwo]) expect([span!.traceId, span!.parentSpanId]).toEqual([runTrace, lane.spanId]);
    // The app traced its last request: that span is in the app's trace, linked to the run's root.
    expect([traced!.traceId, traced!.parentSpanId]).toEqual([APP_TRACE, 'a1b2c3d4e5f60718']);
    expect(traced!.links).toEqual([{ traceId: runTrace, spanId: root!.spanId }]);
    expect(root!.end).toBeGreaterThanOrEqual(traced!.end - 1);
    const namedRoot = spans.find((s) => s.attributes['sluice.run.id'] === named.run!.id && !s.parentSpanId)!;
    expect(namedRoot.name).toBe('invoke_agent');
    expect(namedRoot.attributes['gen_ai.agent.name']).toBeUndefined();

    // Each exchange by the conventions, with the usage its upstream reported, cache reads and writes apart.
    const said = upstream.log.slice(first - 1);
    exchanges.forEach((span, i) => {
      const usage = said[i]!.usage as Record<string, number>;
      expect(span.name).toBe('chat loop-3');
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.request.model': 'loop-3',
        'gen_ai.response.model': 'loop-3',
        'gen_ai.response.id': `x${first + i}`,
        'gen_ai.usage.input_tokens': usage.input_tokens! + usage.cache_read_input_tokens! + usage.cache_creation_input_tokens!,
        'gen_ai.usage.output_tokens': 20,
        'gen_ai.usage.cache_read.input_tokens': usage.cache_read_input_tokens,
        'gen_ai.usage.cache_creation.input_tokens': usage.cache_creation_input_tokens,
        'gen_ai.conversation.id': runId,
        'http.request.method': 'POST',
        'http.response.status_code': 200,
        'sluice.source': 'proxy',
        'sluice.status': 'complete',
      });
    });
    expect(said.some((s) => s.reads > 0)).toBe(true);

    // No prompt, no completion, no key: not in any export, and the collector's token only in its header.
    const sent = receiver.bodies.join('\n');
    for (const secret of [PROMPT_MARK, SECRET, COLLECTOR_TOKEN, 'contents of file-1.txt']) expect(sent).not.toContain(secret);
    expect(spans.some((s) => 'gen_ai.input.messages' in s.attributes)).toBe(false);
    expect(receiver.headers.every((h) => h.authorization === `Bearer ${COLLECTOR_TOKEN}`)).toBe(true);
    expect(sluice.output()).not.toContain(COLLECTOR_TOKEN);
  });
});

describe('traces with SLUICE_OTEL_CONTENT=1', () => {
  it('carry the prompt and the completion, keys redacted as in captures', async () => {
    const { sluice, receiver } = await tracedSluice(true);
    try {
      await ask(
        sluice,
        { model: 'loop-1', messages: [user(`${PROMPT_MARK}: my key is ${SECRET}, keep it safe`)] },
        { 'x-sluice-run': 'nightly eval' },
      );
      await captures(sluice, 1);
    } finally {
      await sluice.stop();
      await receiver.close();
    }
    const span = receiver.spans.find((s) => s.name === 'chat loop-1')!;
    const input = JSON.parse(span.attributes['gen_ai.input.messages'] as string) as unknown;
    expect(input).toEqual([
      { role: 'user', parts: [{ type: 'text', content: `${PROMPT_MARK}: my key is [redacted], keep it safe` }] },
    ]);
    const output = JSON.parse(span.attributes['gen_ai.output.messages'] as string) as unknown;
    expect(output).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Done after 0 reads.' }], finish_reason: 'end_turn' },
    ]);
    expect(receiver.bodies.join('\n')).not.toContain(SECRET);
    // With content asked for, a run its app named says its name.
    const root = receiver.spans.find((s) => s.name.startsWith('invoke_agent'))!;
    expect(root.name).toBe('invoke_agent nightly eval');
    expect(root.attributes['gen_ai.agent.name']).toBe('nightly eval');
    expect(span.parentSpanId).toBe(root.spanId);
  });
});
