import { expect, test, type SluiceApp } from './support';

/** Replies that outlive the page: a reload, leaving and coming back, a second tab, a compare reloaded mid-race, Stop from another tab, a dropped connection. */

const LONG = 'tokens=400 tps=80 delay=0'; // five seconds of reply
/** Twelve seconds: time for a second tab to open and find it still streaming, on a busy machine too. */
const LONGER = 'tokens=1000 tps=80 delay=0';
const pane = (app: SluiceApp, n: number) => app.page.getByRole('region', { name: `Pane ${n}` });
/** A reply's text without its figures (the joined page's end is its end marker's receive time, the stored one a moment later). */
const body = (text: string) => text.split('Status:')[0]!.trim();

/** The reply runs to its end, complete, and a reload (the stored reply) shows it as the page showed it live. */
async function endsCompleteAsStored(app: SluiceApp): Promise<void> {
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  const shown = await app.lastReply().innerText();
  await app.page.reload();
  await app.hydrated();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  expect(body(await app.lastReply().innerText())).toBe(body(shown));
}

test('a reload mid-stream picks the reply up live and sees it to its end, whole', async ({ page, app }) => {
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', LONG);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await app.streamed();
  await page.reload();
  await app.hydrated();
  // Still streaming after the reload: Stop is offered, the text grows.
  await app.stillStreaming();
  await endsCompleteAsStored(app);
  // Its event log is whole: one open marker, one end marker (over, it opens at its start: Follow tail goes to its end).
  await page.getByRole('button', { name: 'Event log', exact: true }).first().click();
  // Following the tail shows its end: on already if the log opened while the reply was
  // still live here, else turned on (a click on a pressed one would turn it off).
  const follow = page.getByRole('region', { name: 'Event log' }).getByRole('button', { name: 'Follow tail' });
  if ((await follow.getAttribute('aria-pressed')) !== 'true') await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('region', { name: 'Event log' }).locator('[data-log-row]').filter({ hasText: 'sluice end' }),
  ).toHaveCount(1);
});

test('leaving a streaming conversation for a new chat and coming back shows the reply live, and it ends whole', async ({
  page,
  app,
}) => {
  const title = `Come back to me ${Date.now()}`;
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', `${title} ${LONG}`);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const url = page.url();
  await app.streamed();
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('link', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(0);
  // The list marks it as still streaming.
  const entry = sidebar.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`^${title}`) }) });
  const mark = entry.getByRole('img', { name: 'A reply is streaming' });
  await expect(mark).toBeVisible();
  await app.shot('outlive-list-marks-streaming');
  // Back through the sidebar (a client-side navigation, no reload): the page joins the stream again.
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(url);
  await app.stillStreaming();
  await endsCompleteAsStored(app);
  await expect(mark).toHaveCount(0);
});

test('the list marks a conversation whose reply streams on after its tab closed; opened from the list in another tab, it is followed live to its end', async ({
  page,
  app,
  context,
}) => {
  const title = `Left running ${Date.now()}`;
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', `${title} ${LONGER}`);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await app.streamed();
  await page.close();
  // Another tab, which never saw the stream: the server says it still streams, and later that it ended.
  const other = await context.newPage();
  await other.goto('/');
  await other.waitForFunction(() => '__sluice' in window);
  const entry = other
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ has: other.getByRole('link', { name: new RegExp(`^${title}`) }) });
  const mark = entry.getByRole('img', { name: 'A reply is streaming' });
  await expect(mark).toBeVisible();
  // Opened from the list (a client-side navigation): followed live, as this page's running reply.
  await entry.getByRole('link').click();
  const reply = other.getByRole('article', { name: 'Assistant reply' }).last();
  await app.stillStreaming(reply);
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(other.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await expect(mark).toHaveCount(0);
});

test('a second tab shows the reply live; Stop in one tab ends it in the other', async ({ page, app, context }) => {
  await app.open('/');
  await app.ask('sim-anthropic::sim-markdown', 'tokens=3000 tps=60 delay=0');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await app.streamed();
  const second = await context.newPage();
  await second.goto(page.url());
  await second.waitForFunction(() => '__sluice' in window);
  const secondReply = second.getByRole('article', { name: 'Assistant reply' }).last();
  await app.stillStreaming(secondReply);
  await second.getByRole('button', { name: 'Stop' }).click();
  await expect(secondReply).toHaveAttribute('data-status', 'stopped');
  await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped');
  await expect(app.lastReply()).toContainText('Stopped');
  await app.done();
  // Anthropic said 1 output token in message_start, and a stopped reply never gets its
  // message_delta: its figures count the tokens that streamed, marked as an estimate.
  const figures = app.lastReply().getByLabel('Reply figures');
  await expect(figures).toContainText(/TTFT\d/); // the server's figures, settled
  await expect(figures).toContainText(/speed≈\d/);
  await expect(figures).toContainText(/out≈\d{2,}/);
  await expect(figures).toContainText(/cost≈\$/);
  await app.shot('outlive-stopped-from-another-tab');
});

/**
 * Where each line of the race chart ends, from its legend: "… · 80 tokens by 1.72 s" ("≈80" when estimated),
 * once the stored race has replaced the page's own ("by ≈1.74 s"). The race folds once over: opened first.
 */
async function lineEnds(app: SluiceApp): Promise<{ tokens: number; seconds: number }[]> {
  const race = app.page.getByRole('region', { name: 'The race' }).locator('details');
  if (!(await race.evaluate((el: HTMLDetailsElement) => el.open))) await race.locator('summary').click();
  const legend = app.page.getByRole('list', { name: 'Chart legend' }).getByRole('listitem');
  await expect(legend).toHaveText([/tokens by \d/, /tokens by \d/]);
  return (await legend.allTextContents()).map((text) => {
    const [, tokens, seconds] = /(\d+) tokens by (\d+\.\d+) s/.exec(text)!;
    return { tokens: Number(tokens), seconds: Number(seconds) };
  });
}

test('a compare session reloaded mid-race picks up every pane live, its lines where the stored race has them', async ({
  page,
  app,
}) => {
  await app.open('/race');
  await app.pick('sim-openai::sim-markdown', pane(app, 1));
  await app.pick('sim-gemini::sim-markdown', pane(app, 2));
  await app.send(LONG);
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  const url = page.url();
  for (const n of [1, 2]) await app.streamed(app.lastReply(pane(app, n)));
  await page.reload();
  await app.hydrated();
  for (const n of [1, 2]) await expect(app.lastReply(pane(app, n))).toHaveAttribute('data-status', 'streaming');
  await app.done();
  for (const n of [1, 2]) await expect(app.lastReply(pane(app, n))).toHaveAttribute('data-status', 'complete');
  await app.shot('outlive-compare-reloaded');
  // Each line, drawn from the joined streams on the server's clock, ends where the race
  // read again from the stored logs ends (reopened): one time origin, the request's start.
  // Not before it, but for rounding and the asking's way to the server (a clock set late
  // ran 50–200 ms behind the server's); after it only by what the page took to read the
  // last bytes, which the server timed as they came.
  const joined = await lineEnds(app);
  await app.open(url);
  const stored = await lineEnds(app);
  for (const [i, line] of joined.entries()) {
    expect(line.tokens).toBe(stored[i]!.tokens);
    expect(line.seconds).toBeGreaterThanOrEqual(stored[i]!.seconds - 0.06);
    expect(line.seconds).toBeLessThanOrEqual(stored[i]!.seconds + 0.5);
  }
});

test('a connection that drops mid-stream joins again from its last byte, shown as reconnecting, and the reply ends whole', async ({
  page,
  app,
}) => {
  // The first answer is cut in the middle (of an event, of a character perhaps): what a dropped connection leaves.
  let cut = 0;
  await page.route('**/api/chat', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    cut = Math.floor(body.byteLength / 2);
    await route.fulfill({ response, body: body.subarray(0, cut) });
  });
  // The join is held a second, long enough to see the page say it is reconnecting.
  const joins: string[] = [];
  await page.route('**/stream?from=*', async (route) => {
    joins.push(new URL(route.request().url()).searchParams.get('from')!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', 'tokens=200 tps=400 delay=0');
  await expect(app.lastReply().getByRole('status')).toHaveText('Reconnecting to the server…');
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  expect(joins).toEqual([String(cut)]);
  const shown = await app.lastReply().innerText();
  await page.unrouteAll();
  await page.reload();
  await app.hydrated();
  expect(body(await app.lastReply().innerText())).toBe(body(shown));
});
