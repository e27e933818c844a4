/**
 * Every page a reader reaches, in both themes and at both widths (1440 and 390 px),
 * scanned by axe-core: serious and critical violations fail, and so does a control whose
 * name does not contain the words it shows (label-content-name-mismatch: "click Light"
 * must reach the button that shows "Light"). The states that need a stream (a chat
 * streaming, a race racing, the event log open) are in accessibility.spec.ts; here each
 * page holds what an API call made.
 */
import { playAgent, runNamed } from './agent-runs';
import { expect, test, type Page, violations } from './support';

const THEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A stored chat reply, made as a script makes one: its conversation's id and its own. */
async function storedReply(baseURL: string, words: string): Promise<{ conversation: string; reply: string }> {
  const response = await fetch(`${baseURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'sim-openai',
      model: 'sim-markdown',
      messages: [{ role: 'user', content: `${words} tokens=120 tps=5000 delay=0` }],
    }),
  });
  expect(response.status).toBe(200);
  await response.text();
  return { conversation: response.headers.get('x-conversation-id')!, reply: response.headers.get('x-sluice-message-id')! };
}

/** A capture of the recording proxy (the simulator's Chat Completions), by its id. */
async function capture(baseURL: string): Promise<string> {
  const since = new Date().toISOString();
  const response = await fetch(`${baseURL}/proxy/sim-openai/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'sim-echo', stream: true, messages: [{ role: 'user', content: 'sweep tps=5000 delay=0' }] }),
  });
  await response.text();
  let id: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${baseURL}/api/captures?limit=20`)).json()) as {
        items: { id: string; startedAt: string; status: string }[];
      };
      id = list.items.find((c) => c.startedAt >= since && c.status !== 'streaming')?.id;
      return id;
    })
    .toBeTruthy();
  return id!;
}

async function share(baseURL: string, kind: string, id: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ kind, id }),
  });
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return new URL(url, baseURL).pathname;
}

/** Each page, opened and settled, then scanned at each width: `{ "page @ width": [violations] }`. */
async function sweep(page: Page, hydrated: () => Promise<void>, urls: Record<string, string>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, url] of Object.entries(urls)) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(url);
      // The share page is plain HTML with no script; every other page waits for React.
      if (!url.startsWith('/s/')) await hydrated();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const seen = await violations(page);
      if (seen.length) found[`${name} @ ${size.width}`] = seen;
    }
  }
  return found;
}

for (const theme of THEMES) {
  test(`every page in the ${theme} theme, at 1440 and 390 px, has no serious violation`, async ({ page, app, baseURL }) => {
    test.setTimeout(480_000);
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    const a = await storedReply(baseURL!, `sweep ${theme} A`);
    const b = await storedReply(baseURL!, `sweep ${theme} B`);
    const captureId = await capture(baseURL!);
    const run = `sweep ${theme} ${Date.now()}`;
    await playAgent(baseURL!, run, [{ user: 'Weather in Rome? tps=4000 delay=0' }, { result: 'Warm' }]);
    const runId = await runNamed(baseURL!, run, 2);
    const shared = await share(baseURL!, 'conversation', a.conversation);

    const found = await sweep(page, () => app.hydrated(), {
      home: '/',
      chat: `/c/${a.conversation}`,
      race: '/race',
      traffic: '/traffic',
      capture: `/traffic/${captureId}`,
      runs: '/runs',
      run: `/runs/${runId}`,
      diff: `/diff?a=${a.reply}&b=${b.reply}`,
      'diff picker': `/diff?a=${a.reply}`,
      leaderboard: '/leaderboard',
      shares: '/shares',
      'shared page': shared,
      'not found': '/no-such-page',
    });
    expect(found).toEqual({});
  });
}
