/**
 * `npm run with -- node agent.mjs`: an unchanged agent script, run with the proxy's
 * base URLs, streams through two providers, and every exchange is captured.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { SECRET_KEY } from './support/global-setup';
import { base, upstreamLog } from './support/http';

it('records an agent that streams through two providers, with the configured key standing in for one it lacks', async () => {
  const before = ((await (await fetch(`${base}/api/captures?limit=200`)).json()) as CapturePage).items.map((c) => c.id);
  const env: NodeJS.ProcessEnv = { ...process.env, AGENT_PLANNER: 'sim-markdown', AGENT_REVIEWER: 'json-reply' };
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL']) delete env[name];
  const run = spawnSync(
    'node',
    [
      'scripts/with.mjs',
      '--sluice',
      base,
      '--openai',
      'sim-openai',
      '--anthropic',
      'up-anthropic',
      'node',
      'tests/support/agent.mjs',
    ],
    { env, encoding: 'utf8' },
  );
  expect(run.stderr).toContain(`OPENAI_BASE_URL=${base}/proxy/sim-openai`);
  expect(run.stderr).toContain(`ANTHROPIC_BASE_URL=${base}/proxy/up-anthropic`);
  expect(run.status, run.stderr).toBe(0);
  const said = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { plan: number; verdict: string };
  expect(said.plan).toBeGreaterThan(20);
  expect(said.verdict).toBe('A whole answer at once.');
  // The app had no Anthropic key: the placeholder went no further, the configured key did.
  expect((await upstreamLog()).filter((e) => e.model === 'json-reply').at(-1)!.headers['x-api-key']).toBe(SECRET_KEY);

  let fresh: CapturePage['items'] = [];
  await expect
    .poll(async () => {
      const page = (await (await fetch(`${base}/api/captures?limit=200`)).json()) as CapturePage;
      fresh = page.items.filter((c) => !before.includes(c.id) && c.status !== 'streaming');
      return fresh.map((c) => `${c.provider} ${c.path}`).sort();
    })
    .toEqual(['sim-openai /chat/completions', 'up-anthropic /messages']);
  const planner = (await (
    await fetch(`${base}/api/captures/${fresh.find((c) => c.provider === 'sim-openai')!.id}`)
  ).json()) as CaptureDetail;
  expect(planner).toMatchObject({ status: 'complete', sse: true, model: 'sim-markdown', protocol: 'openai-chat' });
  expect(planner.reply!.text.length).toBe(said.plan);
  expect(planner.request.body.text).toContain('Plan a day in Lisbon');
});

it('says so when Sluice is not there, and when there is nothing to run', () => {
  const away = spawnSync('node', ['scripts/with.mjs', '--sluice', 'http://127.0.0.1:9', 'node', '-e', '0'], { encoding: 'utf8' });
  expect(away.status).toBe(2);
  expect(away.stderr).toContain('Sluice is not answering at http://127.0.0.1:9');
  const nothing = spawnSync('node', ['scripts/with.mjs'], { encoding: 'utf8' });
  expect(nothing.status).toBe(2);
  expect(nothing.stderr).toContain('no command to run');
});

it('exits as a shell would when a signal ends the command: 128 and its number', () => {
  const killed = spawnSync('node', ['scripts/with.mjs', '--sluice', base, 'node', '-e', "process.kill(process.pid, 'SIGTERM')"], {
    encoding: 'utf8',
  });
  expect(killed.status, killed.stderr).toBe(143);
});
