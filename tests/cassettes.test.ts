/**
 * Cassettes: exchanges recorded through the proxy into a HAR file, then played back with
 * every upstream stopped, giving the official SDKs exactly what they got when recorded;
 * a request with no recording gets a 504 that says why; no cassette ever holds a key.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapturePage, CaptureSummary } from '@/lib/api/captures';
import type { CassetteDetail } from '@/lib/api/cassettes';
import { startNextServer, type RunningServer } from './support/next-server';
import { startUpstream } from './support/upstream';

const CONFIGURED_KEY = 'sk-configured-CASSETTE-7f3a9c21';
const CLIENT_KEY = 'sk-client-own-CASSETTE-5e8d0b44';

let server: RunningServer;
let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
let cassettes: string;
let origin: string;

beforeAll(async () => {
  upstream = await startUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-cassettes-'));
  cassettes = join(dir, 'cassettes');
  const config = join(dir, 'sluice.config.json');
  const up = upstream.origin;
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        { id: 'cas-chat', protocol: 'openai-chat', baseUrl: `${up}/v1`, apiKey: CONFIGURED_KEY },
        { id: 'cas-anthropic', protocol: 'anthropic-messages', baseUrl: `${up}/anthropic/v1`, apiKey: CONFIGURED_KEY },
        {
          id: 'cas-pinned',
          protocol: 'openai-chat',
          baseUrl: `${up}/v1`,
          apiKey: CONFIGURED_KEY,
          cassette: { name: 'pinned', mode: 'playback', pace: 'instant' },
        },
      ],
    }),
  );
  server = await startNextServer({ SLUICE_CONFIG: config, SLUICE_CASSETTE_DIR: cassettes });
  origin = server.origin;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  stopUpstream();
  for (const secret of [CONFIGURED_KEY, CLIENT_KEY]) expect(server.output()).not.toContain(secret);
});

function stopUpstream() {
  upstream?.server.closeAllConnections();
  upstream?.server.close();
  upstream = undefined;
}

const at = (cassette: string, mode: string, provider: string) => `${origin}/cassette/${cassette}/${mode}/${provider}`;

async function cassette(name: string): Promise<CassetteDetail> {
  const response = await fetch(`${origin}/api/cassettes/${name}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CassetteDetail;
}

/** Waits until the cassette holds `count` exchanges (each is appended once its capture is written). */
async function cassetteWith(name: string, count: number): Promise<CassetteDetail> {
  await expect
    .poll(async () => (await fetch(`${origin}/api/cassettes/${name}`)).ok && (await cassette(name)).entries)
    .toBe(count);
  return cassette(name);
}

async function captures(match: (c: CaptureSummary) => boolean): Promise<CaptureSummary[]> {
  const page = (await (await fetch(`${origin}/api/captures?limit=200`)).json()) as CapturePage;
  return page.items.filter((c) => match(c) && c.status !== 'streaming');
}

/** What the OpenAI SDK made of a stream: its text, its tool calls and its usage. */
async function openaiStream(client: OpenAI, model: string) {
  const stream = await client.chat.completions.create({
    model,
    stream: true,
    stream_options: { include_usage: true },
    user: `run-${Math.random()}`, // ignored by matching: differs from run to run
    messages: [{ role: 'user', content: 'What is the weather in Paris and in Tokyo?' }],
  });
  let text = '';
  const tools: Record<number, { name?: string; arguments: string }> = {};
  let usage: unknown;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
      tools[call.index] ??= { arguments: '' };
      if (call.function?.name) tools[call.index]!.name = call.function.name;
      tools[call.index]!.arguments += call.function?.arguments ?? '';
    }
    if (chunk.usage) usage = chunk.usage;
  }
  return { text, tools, usage };
}

async function anthropicMessage(client: Anthropic, model: string) {
  const message = await client.messages
    .stream({ model, max_tokens: 500, messages: [{ role: 'user', content: 'Weather in two cities, please.' }] })
    .finalMessage();
  return { content: message.content, usage: message.usage, stop: message.stop_reason };
}

const rawStream = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}`, ...headers },
    body: JSON.stringify({ model: 'fx:openai-chat:logprobs.sse', stream: true, messages: [{ role: 'user', content: 'raw' }] }),
  });

describe('record, stop every upstream, play back', () => {
  const recorded: Record<string, unknown> = {};

  it('records the SDKs’ exchanges, by path or by header, with no key in the file', async () => {
    const openai = new OpenAI({ apiKey: CLIENT_KEY, baseURL: at('suite', 'record', 'cas-chat') });
    recorded.tools = await openaiStream(openai, 'fx:openai-chat:parallel-tool-calls-include-usage.sse');
    recorded.json = await openai.chat.completions.create({ model: 'json-reply', messages: [{ role: 'user', content: 'once' }] });
    // Anthropic's SDK with no key of its own (the configured one is added), the cassette in a header.
    const anthropic = new Anthropic({
      apiKey: 'sluice-proxy',
      baseURL: `${origin}/proxy/cas-anthropic`,
      defaultHeaders: { 'x-sluice-cassette': 'suite; mode=record' },
    });
    recorded.anthropic = await anthropicMessage(anthropic, 'fx:anthropic-messages:parallel-tool-use.sse');
    recorded.raw = Buffer.from(await (await rawStream(at('suite', 'record', 'cas-chat'))).arrayBuffer());

    const detail = await cassetteWith('suite', 4);
    // In the order the requests came, whichever capture was written first.
    expect(detail.exchanges.map((e) => `${e.provider} ${e.method} ${e.path} ${e.status}`)).toEqual([
      'cas-chat POST /chat/completions 200',
      'cas-chat POST /chat/completions 200',
      'cas-anthropic POST /messages 200',
      'cas-chat POST /chat/completions 200',
    ]);
    expect(detail.ignore).toEqual(['stream_options', 'user', 'metadata']);
    expect(detail.exchanges[0]!.key).not.toContain('"user":');
    expect(detail.exchanges[0]!.events!.items.length).toBeGreaterThan(5);
    expect(detail.exchanges[1]!.body).toContain('A whole answer at once.');

    const file = readFileSync(join(cassettes, 'suite.har'), 'utf8');
    const har = JSON.parse(file) as { log: { version: string; entries: { request: { headers: { name: string }[] } }[] } };
    expect(har.log.version).toBe('1.2');
    for (const secret of [CLIENT_KEY, CONFIGURED_KEY, 'sluice-proxy']) expect(file).not.toContain(secret);
    for (const entry of har.log.entries)
      expect(entry.request.headers.map((h) => h.name.toLowerCase())).not.toEqual(
        expect.arrayContaining(['authorization', 'x-api-key', 'x-sluice-cassette']),
      );
    const listed = await captures((c) => c.cassette?.name === 'suite');
    expect(listed.map((c) => [c.cassette!.mode, c.cassette!.played])).toEqual(Array(4).fill(['record', false]));
  });

  it('plays them back with the upstream gone: the same text, tool calls, usage and bytes', async () => {
    stopUpstream();
    const openai = new OpenAI({ apiKey: 'anything', baseURL: at('suite', 'playback', 'cas-chat'), maxRetries: 0 });
    expect(await openaiStream(openai, 'fx:openai-chat:parallel-tool-calls-include-usage.sse')).toEqual(recorded.tools);
    expect(Object.keys((recorded.tools as { tools: object }).tools)).toHaveLength(2);
    const json = await openai.chat.completions.create({ model: 'json-reply', messages: [{ role: 'user', content: 'once' }] });
    expect(json).toEqual(recorded.json);
    const anthropic = new Anthropic({
      apiKey: 'sluice-proxy',
      baseURL: `${origin}/proxy/cas-anthropic`,
      defaultHeaders: { 'x-sluice-cassette': 'suite; mode=playback; pace=instant' },
      maxRetries: 0,
    });
    const message = await anthropicMessage(anthropic, 'fx:anthropic-messages:parallel-tool-use.sse');
    expect(message).toEqual(recorded.anthropic);
    expect(message.content.filter((block) => block.type === 'tool_use')).toHaveLength(2);
    const raw = Buffer.from(await (await rawStream(at('suite', 'playback', 'cas-chat'))).arrayBuffer());
    expect(raw.equals(recorded.raw as Buffer)).toBe(true);

    await expect.poll(async () => (await captures((c) => c.cassette?.name === 'suite' && c.cassette.played)).length).toBe(4);
    const played = await captures((c) => c.cassette?.name === 'suite' && c.cassette.played);
    expect(played.every((c) => c.status === 'complete' && c.cassette!.mode === 'playback')).toBe(true);
    expect(
      played.find((c) => c.model === 'fx:openai-chat:parallel-tool-calls-include-usage.sse')?.usage?.outputTokens,
    ).toBeGreaterThan(0);
  });

  it('answers a request it has no recording of with a 504 naming both keys and where they differ', async () => {
    const response = await fetch(`${at('suite', 'playback', 'cas-chat')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'json-reply', messages: [{ role: 'user', content: 'twice' }] }),
    });
    expect(response.status).toBe(504);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const { error } = (await response.json()) as {
      error: { type: string; message: string; key: string; closest: { exchange: number; key: string; differences: unknown[] } };
    };
    expect(error.type).toBe('cassette_miss');
    expect(error.key).toBe('POST /chat/completions {"messages":[{"content":"twice","role":"user"}],"model":"json-reply"}');
    expect(error.closest.exchange).toBe(1);
    expect(error.closest.key).toContain('"content":"once"');
    expect(error.closest.differences).toEqual([{ at: '$.messages[0].content', recorded: 'once', sent: 'twice' }]);
    expect(error.message).toContain('differs at $.messages[0].content (recorded "once", sent "twice")');

    // The SDK shows the same words to its user.
    // With its default retries: told not to, it asks once.
    const openai = new OpenAI({ apiKey: 'x', baseURL: at('suite', 'playback', 'cas-chat') });
    await expect(
      openai.chat.completions.create({ model: 'gpt-x', messages: [{ role: 'user', content: 'once' }] }),
    ).rejects.toThrow(/504 .*No exchange in cassette "suite" matches .*\$\.model \(recorded "json-reply", sent "gpt-x"\)/);
    // Each miss asked once (no retry), and is captured.
    await expect
      .poll(async () => (await captures((c) => c.cassette?.name === 'suite' && c.status === 'cassette-miss')).length)
      .toBe(2);
    const missed = await captures((c) => c.cassette?.name === 'suite' && c.status === 'cassette-miss');
    expect(missed[0]!.error).toContain('No exchange in cassette "suite"');
  });
});

describe('a cassette a user writes or keeps', () => {
  const entry = (content: string) => ({
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'POST',
      url: 'http://example.test/v1/chat/completions',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      postData: {
        mimeType: 'application/json',
        text: JSON.stringify({ messages: [{ role: 'user', content: 'same' }], model: 'm', seed: 1 }),
      },
      headersSize: -1,
      bodySize: 10,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'content-type', value: 'application/json' }],
      content: { size: 10, mimeType: 'application/json', text: JSON.stringify({ answer: content }) },
      redirectURL: '',
      headersSize: -1,
      bodySize: 10,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
    _sluice: { provider: 'cas-chat', path: '/chat/completions', capture: 'hand-written' },
  });

  it('plays identical requests back in recorded order, then from the first again, ignoring what its file says to', async () => {
    mkdirSync(cassettes, { recursive: true });
    writeFileSync(
      join(cassettes, 'ordered.har'),
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'a test', version: '1' },
          _sluice: { ignore: ['seed'] },
          entries: [entry('first'), entry('second')],
        },
      }),
    );
    const ask = async (seed: number) =>
      (await (
        await fetch(`${at('ordered', 'playback+instant', 'cas-chat')}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'm', seed, messages: [{ content: 'same', role: 'user' }] }),
        })
      ).json()) as { answer: string };
    expect([(await ask(1)).answer, (await ask(2)).answer, (await ask(3)).answer]).toEqual(['first', 'second', 'first']);
  });

  it('takes the providers file’s cassette, and says when it has no file yet', async () => {
    const response = await fetch(`${origin}/proxy/cas-pinned/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":"m","messages":[]}',
    });
    expect(response.status).toBe(504);
    const { message } = ((await response.json()) as { error: { message: string } }).error;
    expect(message).toMatch(/Cassette "pinned" has no recording yet: record it first/);
    // Named by its name, never by where it is on the server.
    expect(message).not.toContain(cassettes);
    expect(message).not.toContain('.har');
  });

  it('refuses a malformed choice, and a file that is not a cassette, saying what is wrong', async () => {
    const bad = await fetch(`${origin}/proxy/cas-chat/models`, { headers: { 'x-sluice-cassette': 'ci; mode=rewind' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'mode must be record, playback, hybrid, not "rewind"',
    );
    expect((await fetch(`${origin}/cassette/..%2Fetc/playback/cas-chat/models`)).status).toBe(400);
    writeFileSync(join(cassettes, 'broken.har'), '{"log":');
    const broken = await fetch(`${at('broken', 'playback', 'cas-chat')}/models`);
    expect(broken.status).toBe(500);
    const { message } = ((await broken.json()) as { error: { message: string } }).error;
    expect(message).toMatch(/Cassette "broken" is not a Sluice cassette: its JSON does not parse/);
    expect(message).not.toContain(cassettes);
    expect(message).not.toContain('broken.har');
  });

  it('hybrid: records what it lacks, plays back what it has', async () => {
    const ask = () =>
      fetch(`${at('hybrid', 'hybrid', 'sim-openai')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'sim-markdown', stream: true, messages: [{ role: 'user', content: 'hybrid tokens=20' }] }),
      }).then((r) => r.text());
    const first = await ask();
    await cassetteWith('hybrid', 1);
    expect(await ask()).toBe(first);
    await expect
      .poll(async () => (await captures((c) => c.cassette?.name === 'hybrid')).map((c) => c.cassette!.played).sort())
      .toEqual([false, true]);
    expect((await cassette('hybrid')).entries).toBe(1);

    // A request with no body too (its empty body is not sent upstream with a GET).
    const models = () => fetch(`${at('hybrid', 'hybrid', 'sim-openai')}/models`).then(async (r) => [r.status, await r.text()]);
    const listed = await models();
    expect(listed[0]).toBe(200);
    await cassetteWith('hybrid', 2);
    expect(await models()).toEqual(listed);
    expect((await cassette('hybrid')).exchanges.map((e) => e.key)).toContain('GET /models');
  });

  it('plays back at once what was just recorded, with no wait between', async () => {
    for (const name of ['quick-1', 'quick-2', 'quick-3']) {
      const ask = (mode: string) =>
        fetch(`${at(name, mode, 'sim-openai')}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'sim-markdown',
            stream: true,
            messages: [{ role: 'user', content: `${name} tokens=10` }],
          }),
        });
      const recorded = await (await ask('record')).text();
      expect(recorded).toContain('[DONE]');
      // At once: the recording may still be on its way to the file.
      const played = await ask('playback+instant');
      expect(played.status).toBe(200);
      expect(await played.text()).toBe(recorded);
    }
  });
});

describe('npm run with -- --cassette', () => {
  it('records an agent through two providers, then runs it again offline with the same output', async () => {
    upstream = await startUpstream();
    // The providers file points at the upstream the suite started first; this one stands in at another port, so
    // the agent records against a fresh one named by a second server of its own.
    const dir = mkdtempSync(join(tmpdir(), 'sluice-agent-'));
    const config = join(dir, 'sluice.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        providers: [
          { id: 'agent-chat', protocol: 'openai-chat', baseUrl: `${upstream.origin}/v1`, apiKey: CONFIGURED_KEY },
          {
            id: 'agent-anthropic',
            protocol: 'anthropic-messages',
            baseUrl: `${upstream.origin}/anthropic/v1`,
            apiKey: CONFIGURED_KEY,
          },
        ],
      }),
    );
    const own = await startNextServer({ SLUICE_CONFIG: config, SLUICE_CASSETTE_DIR: join(dir, 'cassettes') });
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        AGENT_PLANNER: 'fx:openai-chat:text-include-usage-obfuscation.sse',
        AGENT_REVIEWER: 'json-reply',
      };
      for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL']) delete env[name];
      // Not spawnSync: the upstream answers from this process.
      const run = (mode: string) =>
        promisify(execFile)(
          'node',
          ['scripts/with.mjs', '--sluice', own.origin, '--cassette', 'agent', '--mode', mode, 'node', 'tests/support/agent.mjs'],
          { env, encoding: 'utf8' },
        ).then(
          ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
          (error: { code?: number; stdout: string; stderr: string }) => ({
            status: error.code ?? 1,
            stdout: error.stdout,
            stderr: error.stderr,
          }),
        );
      const recording = await run('record');
      expect(recording.status, recording.stderr).toBe(0);
      expect(recording.stderr).toContain(`OPENAI_BASE_URL=${own.origin}/cassette/agent/record/agent-chat`);
      await expect
        .poll(async () => ((await (await fetch(`${own.origin}/api/cassettes/agent`)).json()) as CassetteDetail).entries)
        .toBe(2);
      stopUpstream();
      const offline = await run('playback');
      expect(offline.status, offline.stderr).toBe(0);
      expect(offline.stdout).toBe(recording.stdout);
      expect(JSON.parse(offline.stdout.trim())).toMatchObject({ plan: 4, verdict: 'A whole answer at once.' });
      expect(readFileSync(join(dir, 'cassettes', 'agent.har'), 'utf8')).not.toContain(CONFIGURED_KEY);
    } finally {
      await own.stop();
    }
  }, 120_000);
});
