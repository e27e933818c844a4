/**
 * Every page a reader reaches, in both themes and at both widths (1440 and 390 px),
 * scanned by axe-core: serious and critical violations fail, and so does a control whose
 * name does not contain the words it shows (label-content-name-mismatch: "click Light"
 * must reach the button that shows "Light"). The states that need a stream (a chat
 * streaming, a race racing, the event log open) are in accessibility.spec.ts; here each
 * page holds what an API call made. The sign-in page is only there with sign-in on: it
 * is scanned in sign-in.spec.ts, as /tokens signed in is in tokens.spec.ts.
 *
 * Quick, as the CI run's budget needs: what the pages show is made once, each page is
 * opened once per theme, and resized (not reopened) for its second width.
 */
import { playAgent, runNamed } from './agent-runs';
import { expect, type Locator, type Page, proxyAsk, test, unique, violations } from './support';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A page, and what shows that it holds what it loads (beyond its heading and its lists' "Loading …"). */
interface SweptPage {
  url: string;
  ready?: (page: Page) => Locator;
}

const replies = (page: Page) => page.getByRole('article', { name: 'Assistant reply' });

/** A stored chat reply, made as a script makes one (as a race's pane, with `compare`): its conversation's id and its own. */
async function storedReply(
  baseURL: string,
  words: string,
  compare?: { id: string; pane: number },
): Promise<{ conversation: string; reply: string }> {
  const response = await fetch(`${baseURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'sim-openai',
      model: 'sim-markdown',
      messages: [{ role: 'user', content: `${words} tokens=120 tps=5000 delay=0` }],
      ...(compare ? { compare } : {}),
    }),
  });
  expect(response.status).toBe(200);
  await response.text();
  return { conversation: response.headers.get('x-conversation-id')!, reply: response.headers.get('x-sluice-message-id')! };
}

/** A race of two panes, both answered: its id. */
async function storedRace(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/compares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Sweep race' }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await Promise.all([0, 1].map((pane) => storedReply(baseURL, `sweep race pane ${pane}`, { id, pane })));
  return id;
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

/** Two runs of one agent's task (the second answers otherwise): their ids. */
async function storedRuns(baseURL: string): Promise<[string, string]> {
  const name = `sweep ${unique()}`;
  const play = async (run: string, result: string) => {
    await playAgent(baseURL, run, [{ user: 'Weather in Rome? tps=4000 delay=0' }, { result }]);
    return runNamed(baseURL, run, 2);
  };
  return [await play(`${name} A`, 'Warm'), await play(`${name} B`, 'Cold')];
}

/** Both frames have drawn since the change: what follows the width or theme (a matchMedia, the layout) has caught up. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Puts the open page in `theme` as the theme toggle does (the `dark` class on <html>,
 * which every page's styles and its race chart follow as it changes), and the system's
 * preference with it, which the share page's plain stylesheet follows.
 */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
}

/**
 * Each page opened once, settled, then scanned in each theme at each width:
 * `{ "page, theme @ width": [violations] }`.
 */
async function sweep(page: Page, hydrated: () => Promise<void>, pages: Record<string, SweptPage>) {
  const found: Record<string, string[]> = {};
  for (const [name, { url, ready }] of Object.entries(pages)) {
    // Opened light (the system's, no choice stored), at the width the last scan left.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    // The share page is plain HTML with no script; every other page waits for React.
    if (!url.startsWith('/s/')) await hydrated();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(/^Loading \w+…$/)).toHaveCount(0);
    if (ready) await expect(ready(page).first()).toBeVisible();
    for (const theme of THEMES) {
      await applyTheme(page, theme);
      // Light at 1440 then 390, dark at 390 then 1440: one resize between each scan.
      for (const size of theme === 'light' ? WIDTHS : [...WIDTHS].reverse()) {
        await page.setViewportSize(size);
        await painted(page);
        const seen = await violations(page);
        if (seen.length) found[`${name}, ${theme} @ ${size.width}`] = seen;
      }
    }
  }
  return found;
}

test('every page, light and dark, at 1440 and 390 px, has no serious violation', async ({ page, app, baseURL }) => {
  test.setTimeout(120_000);
  const a = await storedReply(baseURL!, 'sweep A');
  const b = await storedReply(baseURL!, 'sweep B');
  const race = await storedRace(baseURL!);
  const marker = unique();
  const capture = await proxyAsk(baseURL!, `sweep ${marker}`, marker);
  const [runA, runB] = await storedRuns(baseURL!);
  const shared = await share(baseURL!, 'conversation', a.conversation);
  const missing = '019a0000-0000-7000-8000-000000000000';

  const pages: Record<string, SweptPage> = {
    home: { url: '/' },
    chat: { url: `/c/${a.conversation}`, ready: (p) => replies(p).and(p.locator('[data-status="complete"]')) },
    race: { url: '/race' },
    'race from a capture': { url: `/race?capture=${capture}`, ready: (p) => p.getByRole('note', { name: 'Prompt source' }) },
    'stored race': { url: `/race/${race}`, ready: (p) => replies(p).nth(1).and(p.locator('[data-status="complete"]')) },
    traffic: { url: '/traffic', ready: (p) => p.getByText('Live', { exact: true }) },
    capture: { url: `/traffic/${capture}`, ready: (p) => p.getByRole('article', { name: 'Captured reply' }) },
    cassettes: { url: '/traffic/cassettes' },
    runs: { url: '/runs' },
    run: { url: `/runs/${runA}` },
    'run diff': { url: `/runs/diff?a=${runA}&b=${runB}` },
    'run diff picker': { url: `/runs/diff?a=${runA}` },
    diff: { url: `/diff?a=${a.reply}&b=${b.reply}` },
    'diff picker': { url: `/diff?a=${a.reply}` },
    leaderboard: { url: '/leaderboard' },
    shares: { url: '/shares' },
    'shared page': { url: shared },
    tokens: { url: '/tokens' },
    'not found': { url: '/no-such-page' },
    'chat not found': { url: `/c/${missing}` },
    'capture not found': { url: `/traffic/${missing}` },
  };

  const found = await sweep(page, () => app.hydrated(), pages);
  expect(found).toEqual({});
});
