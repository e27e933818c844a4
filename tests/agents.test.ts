/**
 * The real agents, their commands unchanged, recorded through `npm run with`
 * (scripts/with.mjs, run as `npm run with` runs it: node_modules/.bin on PATH): Claude
 * Code, Codex, the OpenAI Agents SDK and LangChain each run one real tool loop against
 * a scripted model (support/agent-upstream.ts) through a Sluice of their own, each in a
 * temporary HOME with its telemetry off. Every exchange is captured `complete`, with the
 * bytes the upstream sent; the tool call shows in the capture that asked for it and its
 * result in the next request; no key shows in a capture or its HAR. An agent that cannot
 * run here is skipped with the reason in the test's name.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { CONTEXT_PARTS, type RunDetail } from '@/lib/api/runs';
import type { Har } from '@/lib/server/views/har';
import { EXCHANGE_HEADER, startAgentUpstream, type AgentExchange, type AgentUpstream } from './support/agent-upstream';
import { startNextServer, type RunningServer } from './support/next-server';

/** The key Sluice is configured with, and the keys some agents bring of their own: none may show in a capture. */
const SECRET_KEY = 'sk-agents-test-SECRET-51c9e0';
const OWN_OPENAI_KEY = 'sk-own-openai-KEY-3b81f7';
const OWN_ANTHROPIC_KEY = 'sk-ant-own-KEY-9d02a4';
/** What the note says: in the final answer only if the agent ran the tool and sent its result back. */
const NOTE = 'The heron lands at 06:40 on pier 7.';

const root = resolve('.');
const bin = join(root, 'node_modules', '.bin');

/** Why an agent cannot run here, or undefined when it can: its command answers `--version`. */
function unavailable(command: string, args = ['--version']): string | undefined {
  if (!existsSync(join(bin, command))) return `${command} is not installed (npm ci installs it from devDependencies)`;
  const run = spawnSync(join(bin, command), args, { encoding: 'utf8', timeout: 30_000 });
  if (run.status === 0) return undefined;
  return `${command} ${args.join(' ')} failed here (${run.error?.message ?? `exit ${run.status}: ${(run.stderr || run.stdout).trim().slice(0, 200)}`})`;
}
const missing = (name: string) => {
  try {
    import.meta.resolve(name);
    return undefined;
  } catch {
    return `${name} is not installed (npm ci installs it from devDependencies)`;
  }
};
const why = {
  claude: unavailable('claude'),
  codex: unavailable('codex'),
  agents: missing('@openai/agents'),
  langchainOpenai: missing('@langchain/openai'),
  langchainAnthropic: missing('@langchain/anthropic'),
};
/** The test's name, with the reason it is skipped when it is: a skip is never silent. */
const named = (title: string, reason: string | undefined) => (reason ? `${title} — skipped: ${reason}` : title);
for (const reason of Object.values(why)) if (reason) console.warn(`agents.test.ts: skipping: ${reason}`);

let upstream: AgentUpstream;
let sluice: RunningServer;

beforeAll(async () => {
  upstream = await startAgentUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-agents-'));
  const config = join(dir, 'sluice.config.json');
  const up = upstream.origin;
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        // Models listed here: Sluice asks the upstream for none of its own, and every request the upstream sees is an agent's.
        {
          id: 'agent-openai',
          protocol: 'openai-responses',
          baseUrl: `${up}/openai/v1`,
          apiKey: SECRET_KEY,
          models: ['scripted'],
        },
        {
          id: 'agent-anthropic',
          protocol: 'anthropic-messages',
          baseUrl: `${up}/anthropic/v1`,
          apiKey: SECRET_KEY,
          models: ['scripted'],
        },
      ],
    }),
  );
  sluice = await startNextServer({ SLUICE_CONFIG: config });
});

afterAll(async () => {
  await sluice?.stop();
  await upstream?.close();
  for (const key of [SECRET_KEY, OWN_OPENAI_KEY, OWN_ANTHROPIC_KEY]) expect(sluice?.output() ?? '').not.toContain(key);
});

/** A temporary HOME with the note in a folder of its own; the agent's environment as a user's shell would give it, less any key or base URL. */
function workspace(extra: Record<string, string> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'sluice-agent-home-'));
  const work = join(home, 'work');
  mkdirSync(work);
  writeFileSync(join(work, 'note.txt'), `${NOTE}\n`);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|CODEX_|CLAUDE_|LANGSMITH_|LANGCHAIN_|XDG_)/.test(name)) continue;
    if (['NODE_ENV', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'DISABLE_TELEMETRY'].includes(name)) continue;
    env[name] = value;
  }
  Object.assign(env, { HOME: home, PATH: `${bin}${delimiter}${process.env.PATH}`, NOTES_DIR: work, ...extra });
  return { home, work, env };
}

/** Runs `npm run with -- …` (what it runs: scripts/with.mjs) in the workspace, to its end. */
function runWith(args: string[], { work, env }: { work: string; env: Record<string, string> }) {
  const child = spawn('node', [join(root, 'scripts', 'with.mjs'), '--sluice', sluice.origin, ...args], {
    cwd: work,
    env: env as NodeJS.ProcessEnv,
    stdio: 'pipe',
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
}

async function captureIds(): Promise<string[]> {
  const page = (await (await fetch(`${sluice.origin}/api/captures?limit=200`)).json()) as CapturePage;
  return page.items.map((c) => c.id);
}

/** The exchanges the upstream answered since `from`, each with its capture, once every capture has ended. */
async function recorded(from: number, before: string[]): Promise<{ exchange: AgentExchange; capture: CaptureDetail }[]> {
  const exchanges = upstream.log.slice(from);
  let fresh: CapturePage['items'] = [];
  // Each capture is written as its exchange ends, off the hot path: wait for them all to have ended.
  await expect
    .poll(
      async () => {
        const page = (await (await fetch(`${sluice.origin}/api/captures?limit=200`)).json()) as CapturePage;
        fresh = page.items.filter((c) => !before.includes(c.id) && c.status !== 'streaming');
        return fresh.length;
      },
      { timeout: 15_000 },
    )
    .toBe(exchanges.length);
  const captures = await Promise.all(
    fresh.map(async (c) => (await (await fetch(`${sluice.origin}/api/captures/${c.id}`)).json()) as CaptureDetail),
  );
  return exchanges.map((exchange) => {
    const capture = captures.find((c) => c.response?.headers[EXCHANGE_HEADER] === String(exchange.n));
    expect(capture, `no capture of exchange ${exchange.n} (${exchange.method} ${exchange.path})`).toBeDefined();
    return { exchange, capture: capture! };
  });
}

/** The tool calls written whole in a capture's recorded JSON: its body, or its events' data. */
function recordedCalls(capture: CaptureDetail): { name: string; input: string; custom: boolean }[] {
  const datas = capture.events
    ? capture.events.items.flatMap((i) => [...i.raw.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!))
    : [capture.body!.text];
  const calls: { name: string; input: string; custom: boolean }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string' && typeof o.input === 'string') calls.push({ name: o.name, input: o.input, custom: true });
    if (typeof o.name === 'string' && typeof o.arguments === 'string')
      calls.push({ name: o.name, input: o.arguments, custom: false });
    if (o.type === 'tool_use' && typeof o.name === 'string')
      calls.push({ name: o.name, input: JSON.stringify(o.input), custom: false });
    Object.values(o).forEach(walk);
  };
  for (const data of datas) {
    try {
      walk(JSON.parse(data));
    } catch {
      // not JSON ([DONE])
    }
  }
  return calls;
}

/** What every agent's recording must show; `keys`: the keys it must not show. */
async function expectRecorded(run: { exchange: AgentExchange; capture: CaptureDetail }[], keys: string[]) {
  expect(run.length).toBeGreaterThanOrEqual(2);
  for (const { exchange, capture } of run) {
    const label = `exchange ${exchange.n}: ${exchange.method} ${exchange.path}`;
    expect(capture.status, label).toBe('complete');
    expect(capture.httpStatus, label).toBe(exchange.status);
    // The bytes the upstream sent, as the capture and its HAR have them.
    const sent = Buffer.concat(exchange.sent);
    const body = capture.events ? capture.events.items.map((i) => i.raw).join('') : (capture.body?.text ?? '');
    expect(Buffer.from(body).equals(sent), label).toBe(true);
    expect(capture.sse, label).toBe(exchange.stream);
    if (sent.length > 0)
      expect(
        capture.chunks!.sizes.reduce((a, b) => a + b, 0),
        label,
      ).toBe(sent.length);
    const har = await (await fetch(`${sluice.origin}/api/captures/${capture.id}/har`)).text();
    expect((JSON.parse(har) as Har).log.entries[0]!.response.content.text ?? '', label).toBe(sent.toString());
    for (const key of keys) {
      expect(JSON.stringify(capture), label).not.toContain(key);
      expect(har, label).not.toContain(key);
    }
  }
  // The call the model asked for, in the capture of the reply that asked; its result, in the request after.
  const asked = run.filter(({ exchange }) => exchange.toolCall);
  expect(asked.length).toBeGreaterThanOrEqual(1);
  for (const { exchange, capture } of asked) {
    const call = exchange.toolCall!;
    // Streamed or whole, a function's call or a custom tool's (Codex's code-mode `exec`): a tool call of the reply.
    expect(
      capture.reply?.toolCalls.map((c) => c.name),
      `${exchange.method} ${exchange.path}`,
    ).toContain(call.name);
    expect(capture.reply?.toolCalls.find((c) => c.name === call.name)?.argsText).toBe(call.input);
    // A whole answer's call is in its recorded body as sent, too.
    if (!capture.sse) expect(recordedCalls(capture)).toContainEqual(call);
  }
  const answered = run.filter(({ exchange }) => exchange.toolResult?.includes(NOTE));
  expect(answered.length, 'no request carried the tool’s result back').toBeGreaterThanOrEqual(1);
  for (const { capture } of answered) expect(capture.request.body.text).toContain(NOTE);
}

/**
 * The invocation is one run (docs/contract.md "Runs"), named after its command: every
 * exchange a step of it, in the order they came, each generation's context adding up to
 * the input its upstream reported, the tool the model asked for among its calls.
 */
async function expectOneRun(run: { exchange: AgentExchange; capture: CaptureDetail }[], command: string) {
  const ids = new Set(run.map(({ capture }) => capture.run?.id));
  expect(ids.size, 'one run').toBe(1);
  const detail = (await (await fetch(`${sluice.origin}/api/runs/${[...ids][0]}`)).json()) as RunDetail;
  expect(detail.name.startsWith(command), detail.name).toBe(true);
  expect(detail.source).toBe('named');
  expect(detail.steps.map((s) => s.captureId).sort()).toEqual(run.map(({ capture }) => capture.id).sort());
  const generations = detail.steps.filter((s) => s.protocol && s.status === 'complete' && !s.usageEstimated);
  expect(generations.length).toBeGreaterThanOrEqual(2);
  for (const step of generations) {
    const parts = CONTEXT_PARTS.reduce((sum, part) => sum + step.context[part], 0);
    expect(parts, `step ${step.step}`).toBe(step.usage.input + step.usage.cacheRead + step.usage.cacheWrite);
  }
  // The agent's main requests carry its tool definitions and, once a tool ran, its result.
  expect(Math.max(...generations.map((s) => s.context.tools))).toBeGreaterThan(0);
  expect(Math.max(...generations.map((s) => s.context.toolResults))).toBeGreaterThan(0);
  const asked = run.find(({ exchange }) => exchange.toolCall)!;
  expect(detail.steps.find((s) => s.captureId === asked.capture.id)!.toolCalls.map((c) => c.name)).toContain(
    asked.exchange.toolCall!.name,
  );
}

describe('agents recorded unchanged through npm run with', () => {
  it(named('Claude Code: claude -p, a Read of a file, streamed Anthropic Messages', why.claude), async ({ skip }) => {
    if (why.claude) return skip(why.claude);
    const space = workspace();
    const from = upstream.log.length;
    const before = await captureIds();
    const note = join(space.work, 'note.txt');
    const prompt = `What does note.txt say? <<call Read ${JSON.stringify({ file_path: note })}>>`;
    const result = await runWith(['claude', '-p', prompt, '--allowedTools', 'Read'], space);
    expect(result.stderr).toContain(`ANTHROPIC_BASE_URL=${sluice.origin}/proxy/agent-anthropic`);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain(NOTE);
    const run = await recorded(from, before);
    // No key of its own: the placeholder went no further, the configured key did.
    for (const { exchange } of run.filter(({ exchange }) => exchange.protocol)) expect(exchange.key).toBe(SECRET_KEY);
    expect(run.some(({ exchange }) => exchange.protocol === 'anthropic' && exchange.stream)).toBe(true);
    await expectRecorded(run, [SECRET_KEY]);
    await expectOneRun(run, 'claude -p ');
  });

  it(
    named('Codex: codex exec, one command in its read-only sandbox, streamed Responses, with a key of its own', why.codex),
    async ({ skip }) => {
      if (why.codex) return skip(why.codex);
      const space = workspace({ OPENAI_API_KEY: OWN_OPENAI_KEY });
      const from = upstream.log.length;
      const before = await captureIds();
      // Codex's default model works in code mode: its one tool runs JavaScript that calls the shell tool.
      const prompt =
        'What does note.txt say? <<call exec const r = await tools.exec_command({ cmd: "cat note.txt" }); text(r);>>';
      const result = await runWith(['codex', 'exec', '--skip-git-repo-check', '--sandbox', 'read-only', prompt], space);
      expect(result.stderr).toContain(
        `codex: Codex, -c model_provider="sluice" (Responses at ${sluice.origin}/proxy/agent-openai`,
      );
      expect(result.code, result.stderr + result.stdout).toBe(0);
      expect(result.stdout).toContain(NOTE);
      const run = await recorded(from, before);
      // Over HTTP from the first request: no WebSocket tried first.
      expect(run.every(({ exchange }) => exchange.method === 'POST' && exchange.path === '/openai/v1/responses')).toBe(true);
      for (const { exchange } of run) expect(exchange.key).toBe(OWN_OPENAI_KEY);
      expect(run.every(({ exchange }) => exchange.stream)).toBe(true);
      await expectRecorded(run, [SECRET_KEY, OWN_OPENAI_KEY]);
      await expectOneRun(run, 'codex exec ');
    },
  );

  it(named('OpenAI Agents SDK: a function tool, run streamed over Responses', why.agents), async ({ skip }) => {
    if (why.agents) return skip(why.agents);
    const space = workspace();
    const from = upstream.log.length;
    const before = await captureIds();
    const prompt = 'What does note.txt say? <<call read_note {"name":"note.txt"}>>';
    const result = await runWith(['node', join(root, 'tests/support/agents/openai-agents.mjs'), prompt], space);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain(NOTE);
    const run = await recorded(from, before);
    for (const { exchange } of run) expect(exchange).toMatchObject({ protocol: 'responses', stream: true, key: SECRET_KEY });
    await expectRecorded(run, [SECRET_KEY]);
    await expectOneRun(run, 'node ');
  });

  it(named('LangChain: ChatOpenAI with a bound tool, streamed Chat Completions', why.langchainOpenai), async ({ skip }) => {
    if (why.langchainOpenai) return skip(why.langchainOpenai);
    const space = workspace();
    const from = upstream.log.length;
    const before = await captureIds();
    const prompt = 'What does note.txt say? <<call read_note {"name":"note.txt"}>>';
    const result = await runWith(['node', join(root, 'tests/support/agents/langchain.mjs'), 'openai', prompt], space);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain(NOTE);
    const run = await recorded(from, before);
    for (const { exchange } of run) expect(exchange).toMatchObject({ protocol: 'chat', stream: true, key: SECRET_KEY });
    await expectRecorded(run, [SECRET_KEY]);
    await expectOneRun(run, 'node ');
  });

  it(
    named('LangChain: ChatAnthropic with a bound tool, not streamed, with a key of its own', why.langchainAnthropic),
    async ({ skip }) => {
      if (why.langchainAnthropic) return skip(why.langchainAnthropic);
      const space = workspace({ ANTHROPIC_API_KEY: OWN_ANTHROPIC_KEY });
      const from = upstream.log.length;
      const before = await captureIds();
      const prompt = 'What does note.txt say? <<call read_note {"name":"note.txt"}>>';
      const result = await runWith(['node', join(root, 'tests/support/agents/langchain.mjs'), 'anthropic', prompt], space);
      expect(result.code, result.stderr + result.stdout).toBe(0);
      expect(result.stdout).toContain(NOTE);
      const run = await recorded(from, before);
      for (const { exchange } of run)
        expect(exchange).toMatchObject({ protocol: 'anthropic', stream: false, key: OWN_ANTHROPIC_KEY });
      await expectRecorded(run, [SECRET_KEY, OWN_ANTHROPIC_KEY]);
    },
  );
});
