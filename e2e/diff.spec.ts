/**
 * The compare-two-replies page (/diff), driven as a user would: two replies of two
 * conversations (one of them stalls for a second), opened from a reply's "Compare
 * with…", their words marked, B's stall on the time axis and in words, the inline view,
 * the HTML export opened offline; two panes of a race diffed from the compare page;
 * phone and desktop, light and dark, axe-core.
 */
import { readFileSync } from 'node:fs';
import { expect, proxyAsk, test, type Page, type SluiceApp, unique, violations, sideways } from './support';

const pane = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const stream = (page: Page, who: 'A' | 'B') => page.getByRole('list', { name: `Stream ${who}: stalls and marks` });

/**
 * Two replies in two new chats: A plain markdown, B the same length but silent for a
 * second a third of the way in (sim-fault-stall), other words (another seed). Then B's
 * "Diff with…", and A picked from the recent replies: the diff page, A against B.
 */
async function twoRepliesDiffed(app: SluiceApp, marker: string): Promise<string> {
  const { page } = app;
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', `Plain ${marker} tokens=40 seed=3 delay=0`);
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await app.open('/');
  await app.ask('sim-anthropic::sim-fault-stall', `Stalling ${marker} tokens=40 stall=1 seed=4 delay=0`);
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await app.replyAction('Diff with another reply');
  await expect(page).toHaveURL(/\/diff\?a=[0-9a-f-]{36}$/);
  await expect(page.getByText(/Diffing sim-anthropic · sim-fault-stall in “Stalling/)).toBeVisible();
  // The picker: the newest replies, A itself not among them.
  const recent = page.getByRole('region', { name: 'Recent replies' });
  await recent
    .getByRole('link', { name: /sim-openai · sim-markdown/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/diff\?a=[0-9a-f-]{36}&b=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diff two replies' })).toBeVisible();
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

test('two replies of two conversations: words marked, B’s stall on the axis and in words, inline view, HTML export offline', async ({
  page,
  app,
}) => {
  await twoRepliesDiffed(app, unique());
  // A is the reply "Diff with…" started from; B the one picked.
  await expect(page.getByText(/^A: sim-anthropic · sim-fault-stall$/)).toBeVisible();
  await expect(page.getByText(/^B: sim-openai · sim-markdown$/)).toBeVisible();

  // The answers side by side, changed words marked on each side.
  const answer = section(page, 'Answer');
  await expect(answer.getByRole('group', { name: 'Answer, A' }).locator('del').first()).toBeVisible();
  await expect(answer.getByRole('group', { name: 'Answer, B' }).locator('ins').first()).toBeVisible();
  await expect(answer.getByRole('group', { name: 'Answer, A' }).locator('ins')).toHaveCount(0);
  await expect(answer).toContainText(/\d+ words? only in A, \d+ only in B\./);

  // The figures, with B − A.
  const figures = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'B − A' }) });
  for (const row of [
    'Time to first token',
    'Tokens per second',
    'Total time',
    'Tokens in',
    'Tokens out',
    'Cost',
    'Finish reason',
  ])
    await expect(figures.getByRole('rowheader', { name: row })).toBeVisible();
  await expect(figures.getByRole('row', { name: /Total time/ })).toContainText(/[+−]\d/);

  // A stalled for its second, a third of the way into its answer; B did not. On the axis: one shaded stall.
  await expect(stream(page, 'A')).toContainText(/A stalled (9\d\d ms|1\.\d\d s) during its answer, at \d/);
  await expect(stream(page, 'A')).toContainText(/A's first token at \d/);
  await expect(stream(page, 'A')).toContainText(/A ended at \d/);
  await expect(stream(page, 'B')).not.toContainText('B stalled');
  await expect(page.locator('svg [data-stall]')).toHaveCount(1);
  await app.shot('diff-two-conversations');

  // Inline: one text, both sides' changes in it.
  const inline = page.getByRole('button', { name: 'Inline view' });
  await inline.click();
  await expect(inline).toHaveAttribute('aria-pressed', 'true');
  await expect(answer.getByRole('group')).toHaveCount(0);
  await expect(answer.locator('del').first()).toBeVisible();
  await expect(answer.locator('ins').first()).toBeVisible();

  // Export HTML: one file, no script, nothing loaded from anywhere when it opens.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HTML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sluice-diff-[0-9a-f]{8}-[0-9a-f]{8}\.html$/);
  const html = readFileSync(await file.path(), 'utf8');
  expect(html).not.toMatch(/<script/i);
  expect(html).toMatch(/A stalled (9\d\d ms|1\.\d\d s) during its answer/);
  const offline = await page.context().newPage();
  const requests: string[] = [];
  offline.on('request', (r) => requests.push(r.url()));
  await offline.setContent(html);
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText(
    'Diff: sim-anthropic · sim-fault-stall vs sim-openai · sim-markdown',
  );
  await expect(offline.locator('del').first()).toBeVisible();
  await expect(offline.locator('ins').first()).toBeVisible();
  expect(requests).toEqual([]);
  await offline.screenshot({ path: 'test-results/screenshots/diff-export.png', fullPage: true });
  await offline.close();
});

test('two panes of a race, diffed from the compare page: the thinking too, and the stall after it', async ({ page, app }) => {
  await app.open('/race');
  await app.pick('sim-openai::sim-thinking', pane(page, 1));
  await app.pick('sim-openai::sim-fault-stall', pane(page, 2));
  // No reply yet: nothing to diff.
  await expect(page.getByRole('button', { name: 'Diff two panes' })).toHaveCount(0);
  await app.send(`Race ${unique()} tokens=30 think=20 stall=1 delay=0`);
  await app.done();
  await page.getByRole('button', { name: 'Diff two panes' }).click();
  await page.getByRole('menuitem', { name: 'sim-openai · sim-thinking and sim-openai · sim-fault-stall' }).click();
  await expect(page).toHaveURL(/\/diff\?a=[0-9a-f-]{36}&b=[0-9a-f-]{36}$/);
  await expect(page.getByText(/^A: sim-openai · sim-thinking$/)).toBeVisible();
  await expect(section(page, 'Thinking')).toContainText(/\d+ words? only in A, 0 only in B\./);
  await expect(stream(page, 'A')).toContainText(/A's answer after its thinking at \d/);
  // A second's pause, as the server received it: the event before it may itself come a little late.
  await expect(stream(page, 'B')).toContainText(/B stalled (9\d\d ms|1\.\d\d s) during its answer/);
});

test('a capture of the recording proxy against a chat’s reply, from the capture’s "Diff with…"', async ({
  page,
  app,
  baseURL,
}) => {
  const marker = unique();
  // An app's request through the proxy: sim-echo says its message back.
  const captureId = await proxyAsk(baseURL!, `The quick brown fox ${marker}`, marker);
  await app.open('/');
  await app.ask('sim-openai::sim-echo', `The quick red fox ${marker}`);
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');

  await app.open(`/traffic/${captureId}`);
  await page.getByRole('group', { name: 'Capture actions' }).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Diff with a stored reply' }).click();
  await expect(page).toHaveURL(new RegExp(`/diff\\?a=${captureId}$`));
  await page
    .getByRole('region', { name: 'Recent replies' })
    .getByRole('link', { name: /sim-openai · sim-echo/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/diff\\?a=${captureId}&b=[0-9a-f-]{36}$`));
  await expect(page.getByText(/^A: sim-openai · sim-echo$/)).toBeVisible();
  await expect(page.getByText(/\(capture\)/)).toBeVisible();
  const answer = section(page, 'Answer');
  await expect(answer.getByRole('group', { name: 'Answer, A' }).locator('del')).toContainText(['brown']);
  await expect(answer.getByRole('group', { name: 'Answer, B' }).locator('ins')).toContainText(['red']);
  await expect(answer).toContainText('1 word only in A, 1 only in B.');
  await expect(stream(page, 'A')).toContainText(/A's first token at \d/);
  await expect(stream(page, 'B')).toContainText(/B's first token at \d/);
});

test('a slow first token is a slow start, not a stall: said so, and shaded apart on the axis', async ({ page, app }) => {
  const marker = unique();
  await app.open('/');
  await app.ask('sim-openai::sim-fault-slow-start', `Slow ${marker} tokens=12 tps=400 delay=1.2`);
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', `Quick ${marker} tokens=12 tps=400 delay=0`);
  await app.done();
  // Both picked from the page's own list of recent replies.
  await app.open('/diff');
  const recent = page.getByRole('region', { name: 'Recent replies' });
  await recent
    .getByRole('link', { name: /sim-openai · sim-fault-slow-start/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/diff\?a=[0-9a-f-]{36}$/);
  await recent
    .getByRole('link', { name: /sim-openai · sim-markdown/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Diff two replies' })).toBeVisible();
  // The open chunk at once, then a second's silence before the first token: part of the time to first token.
  await expect(stream(page, 'A')).toContainText(
    /A's first token at 1\.\d\d s, after 1\.\d\d s without one \(a slow start, not a stall\)\./,
  );
  await expect(stream(page, 'A')).not.toContainText('A stalled');
  await expect(stream(page, 'A')).toContainText('A never stalled (no gap over 500 ms once its first token came).');
  await expect(page.locator('svg [data-stall]')).toHaveCount(0);
  await expect(page.locator('svg [data-slow-start]')).toHaveCount(1);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), colorScheme === 'dark');
      await stream(page, 'A').scrollIntoViewIfNeeded();
      await app.shot(`diff-slow-start-${width}-${colorScheme}`, { fullPage: false });
    }
  }
});

const VIEWS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['light', 'dark'] as const) {
  test(`the diff page and its picker, ${theme}: no serious axe violation, no sideways scroll on a phone`, async ({
    page,
    app,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    const url = await twoRepliesDiffed(app, unique());
    const a = new URL(url, 'http://x').searchParams.get('a')!;
    const found: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await app.open(url);
      await expect(stream(page, 'A')).toContainText('A stalled');
      found[`diff ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      // The time axis is read at every width: drawn inside the scaled picture it was 3 px tall on a phone.
      const axis = page.locator('[data-axis] span').first();
      expect(await axis.evaluate((el) => el.getBoundingClientRect().height), view.name).toBeGreaterThanOrEqual(12);
      await app.shot(`diff-${view.name}-${theme}`);
      await app.open(`/diff?a=${a}`);
      await expect(page.getByRole('region', { name: 'Recent replies' })).toBeVisible();
      found[`picker ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      await app.shot(`diff-picker-${view.name}-${theme}`, { fullPage: false });
    }
    expect(found).toEqual({ 'diff desktop': [], 'picker desktop': [], 'diff phone': [], 'picker phone': [] });
  });
}

test('an id that is no stored reply says so, and offers the replies there are', async ({ page, app }) => {
  await app.open('/diff?a=00000000-0000-7000-8000-000000000000&b=not-an-id');
  const alerts = page.getByRole('alert').filter({ hasText: 'No stored reply' });
  await expect(alerts.first()).toContainText('No stored reply “00000000-0000-7000-8000-000000000000”');
  await expect(alerts.nth(1)).toContainText('No stored reply “not-an-id”');
  await expect(page.getByRole('textbox', { name: 'Reply A: its id or a link to it' })).toBeVisible();
});

test('the picker offers each other reply once, never the reply already chosen, whichever side named it', async ({
  page,
  app,
}) => {
  const marker = unique();
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', `First ${marker} tokens=20 delay=0`);
  await app.done();
  await app.send(`Second ${marker} tokens=20 delay=0`);
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await app.replyAction('Diff with another reply');
  await expect(page).toHaveURL(/\/diff\?a=[0-9a-f-]{36}$/);
  const a = new URL(page.url()).searchParams.get('a')!;
  /** The reply each link of a list would diff with: its address's `b`. */
  const offered = (list: string) =>
    page
      .getByRole('region', { name: list })
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLAnchorElement).href).searchParams.get('b')));
  const lists = async () => ({ beside: await offered('Beside it'), recent: await offered('Recent replies') });
  // The first reply of its conversation is beside it, and there only: among the recent it
  // read "sim-openai · sim-markdown in “First …”" as A itself does.
  await expect(page.getByRole('region', { name: 'Recent replies' }).getByRole('link').first()).toBeVisible();
  const { beside, recent } = await lists();
  expect(beside).toHaveLength(1);
  expect([...beside, ...recent]).not.toContain(a);
  expect(new Set([...beside, ...recent]).size).toBe(beside.length + recent.length);

  // Named as both sides, a reply is not diffed with itself: B is still to pick.
  await app.open(`/diff?a=${a}&b=${a}`);
  await expect(page.getByText(/^Diffing sim-openai · sim-markdown in “First/)).toBeVisible();
  expect(Object.values(await lists()).flat()).not.toContain(a);
  // Named as B beside an A that is no reply: B is the side the other is picked for.
  await app.open(`/diff?a=00000000-0000-7000-8000-000000000000&b=${a}`);
  await expect(page.getByRole('alert').filter({ hasText: 'No stored reply' })).toBeVisible();
  await expect(page.getByText(/^Diffing sim-openai · sim-markdown in “First/)).toBeVisible();
  expect(Object.values(await lists()).flat()).not.toContain(a);
});
