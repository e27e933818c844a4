import { readFileSync } from 'node:fs';
import { expect, expectModel, type Page, proxyAsk, type SluiceApp, test, unique, withoutScrollAnchoring } from './support';

/** A pane by its place; its region is named "Pane 2: sim-anthropic · sim-thinking". */
const pane = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
const chart = (page: Page) => page.getByRole('img', { name: /^Output over time/ });
const bars = (page: Page, title: string) => page.getByRole('figure', { name: title, exact: true });

/** How many of the chart canvas' pixels are near this color: a line drawn in it shows. */
const drawn = (page: Page, rgb: [number, number, number]) =>
  chart(page)
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement, [r, g, b]: [number, number, number]) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - r) < 8 && Math.abs(data[i + 1]! - g) < 8 && Math.abs(data[i + 2]! - b) < 8 && data[i + 3]! > 200)
          n++;
      return n;
    }, rgb);
const legend = (page: Page) => page.getByRole('list', { name: 'Chart legend' }).getByRole('listitem');
/** A legend entry once its line has ended: "sim-openai · sim-markdown · 80 tokens by 1.72 s" ("≈80" when estimated). */
const ended = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · ≈?\\d+ tokens by \\d+\\.\\d\\d s$`);
/** The tokens each legend entry says its line ended at. */
const endTokens = async (page: Page) =>
  (await legend(page).allTextContents()).map((text) => Number(/ · ≈?(\d+) tokens by /.exec(text)?.[1]));
/** The first three panes' colors. */
const LINES: [number, number, number][] = [
  [2, 132, 199],
  [219, 39, 119],
  [22, 163, 74],
];

/** Opens the race's chart and bars: folded once a race is over, to give the panes the screen. */
async function openRace(page: Page) {
  const details = page.getByRole('region', { name: 'The race' }).locator('details');
  // Over once its summary says who won what: it folds then, and opened before, it would fold again.
  await expect(details.locator('summary')).toContainText(/fastest|cheapest/);
  if (!(await details.evaluate((el: HTMLDetailsElement) => el.open))) await details.locator('summary').click();
  await expect(chart(page)).toBeVisible();
}

async function race(app: SluiceApp, models: string[]) {
  for (let i = 2; i < models.length; i++) await app.page.getByRole('button', { name: 'Add model' }).click();
  for (const [i, model] of models.entries()) await app.pick(model, pane(app.page, i + 1));
}

test('three panes on three wire protocols race side by side, each with its own reply and figures; a follow-up; reopened from history', async ({
  page,
  app,
}) => {
  await app.open('/race');
  // Before the race, the chart says what it will show.
  await expect(page.getByRole('region', { name: 'The race' })).toContainText('Once you send, each model’s output is drawn here');
  await race(app, ['sim-openai::sim-markdown', 'sim-anthropic::sim-thinking', 'sim-gemini::sim-markdown']);
  const names = ['sim-openai · sim-markdown', 'sim-anthropic · sim-thinking', 'sim-gemini · sim-markdown'];
  // Each pane is titled by its provider and model.
  for (const [i, name] of names.entries()) await expect(pane(page, i + 1).getByRole('heading', { level: 2 })).toHaveText(name);
  // At 1440 px beside the sidebar, the three panes sit side by side, their tops in the first screen.
  await page.setViewportSize({ width: 1440, height: 900 });
  const tops = await Promise.all([1, 2, 3].map(async (n) => (await pane(page, n).boundingBox())!));
  for (const box of tops) {
    expect(box.y).toBe(tops[0]!.y);
    expect(box.y).toBeLessThan(900 - 200);
  }
  await app.send('Race me tokens=80 tps=50 think=20 delay=0');
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  const url = page.url();
  // All three stream at once.
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(pane(page, n).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(pane(page, 1).getByText(/elapsed \d+\.\d s · \d+ tok\/s so far/)).toBeVisible();
  await app.done();
  // Over, the race folds to a line of who won what, and the panes have the screen.
  await expect(chart(page)).toBeHidden();
  await expect(page.getByRole('region', { name: 'The race' }).locator('summary')).toContainText(/fastest first token: /);
  await openRace(page);
  for (const n of [1, 2, 3]) {
    await expect(app.lastReply(pane(page, n))).toHaveAttribute('data-status', 'complete');
    const figures = app.lastReply(pane(page, n)).getByLabel('Reply figures');
    await expect(figures).toContainText('TTFT');
    await expect(figures).toContainText('tok/s');
    await expect(figures).toContainText('finish');
  }
  await expect(app.lastReply(pane(page, 2)).locator('details summary').first()).toHaveText(/^Thought for/);
  await expect(chart(page)).toHaveAttribute('aria-label', `Output over time, one line per model: ${names.join(', ')}`);
  await expect(chart(page).locator('canvas').first()).toBeVisible();
  // The race is drawn: each pane's line, in its color, is on the canvas once the race is over (a
  // pane that finished first on a busy machine may have drawn only a short one).
  for (const color of LINES) await expect.poll(() => drawn(page, color)).toBeGreaterThan(5);
  // The legend names each line by its provider and model, and says where it ends, with no
  // placeholder of uPlot's ("Value: --").
  await expect(legend(page)).toHaveText(names.map(ended));
  // Tokens, not events: the same 80-token reply ends level on OpenAI's wire (a token an
  // event) and Gemini's (a few words an event), where counted events put Gemini far below.
  const [openai, , gemini] = await endTokens(page);
  expect(gemini).toBeGreaterThan(openai! * 0.8);
  expect(gemini).toBeLessThan(openai! * 1.25);
  await expect(page.getByRole('region', { name: 'The race' })).not.toContainText('--');
  await expect(page.getByRole('region', { name: 'The race' })).not.toContainText('Pane');
  // The bars, a row per pane named by its model; the race's winners marked in words (a
  // fastest, or a tie), and the cheapest per output token: the simulated OpenAI's list prices are the lowest.
  for (const title of ['Time to first token', 'Tokens per second', 'Cost per output token'])
    await expect(bars(page, title).getByRole('rowheader')).toHaveText(names);
  // Each bar in its pane's colour, the winner's too: marked by its words, not a green of its own.
  for (const title of ['Time to first token', 'Tokens per second', 'Cost per output token'])
    for (const [i, [r, g, b]] of LINES.entries())
      await expect(bars(page, title).getByRole('row').nth(i).locator('[data-bar]')).toHaveCSS(
        'background-color',
        `rgb(${r}, ${g}, ${b})`,
      );
  await expect(bars(page, 'Time to first token')).toContainText(/fastest|A tie/);
  await expect(bars(page, 'Tokens per second')).toContainText(/fastest|A tie/);
  await expect(bars(page, 'Cost per output token').getByText('cheapest', { exact: true })).toHaveCount(1);
  await expect(bars(page, 'Cost per output token').getByRole('row', { name: /^sim-openai · sim-markdown/ })).toContainText(
    /\$[\d.]+\/M\s*cheapest/,
  );
  await expect(page.getByLabel('Session cost')).toContainText(/^This session: \$\d/);
  for (const n of [1, 2, 3]) await expect(app.lastReply(pane(page, n)).getByLabel('Reply figures')).toContainText(/cost\s*\$/);
  // The session exported: every pane's reply with its figures and cost, and the total.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More race actions' }).click();
  await page.getByRole('menu', { name: 'Race actions' }).getByRole('menuitem', { name: 'Export session' }).click();
  // Named by the race's own start (its id, a UUIDv7, says when), as a capture's and a run's files are.
  const raceId = /\/race\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const raceStart = new Date(parseInt(raceId.slice(0, 8) + raceId.slice(9, 13), 16)).toISOString();
  expect((await download).suggestedFilename()).toBe(`sluice-race-${raceStart.slice(0, 19).replace(/:/g, '-')}Z-${raceId}.json`);
  const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    kind: string;
    panes: {
      name: string;
      provider: string;
      providerName: string;
      model: string;
      turns: { role: string; text: string; cost?: { usd: number }; ttftMs?: number }[];
    }[];
    total: { priced: number; unpriced: number; usd: number };
  };
  expect(exported.kind).toBe('sluice-compare-session');
  expect(exported.panes.map((p) => p.model)).toEqual(['sim-markdown', 'sim-thinking', 'sim-markdown']);
  // Each pane named as the page names it, with its provider's id and name.
  expect(exported.panes.map((p) => p.name)).toEqual(names);
  expect(exported.panes.map((p) => p.provider)).toEqual(['sim-openai', 'sim-anthropic', 'sim-gemini']);
  expect(exported.panes.map((p) => p.providerName)).toEqual([
    'Simulator · OpenAI Chat',
    'Simulator · Anthropic Messages',
    'Simulator · Gemini',
  ]);
  for (const p of exported.panes) {
    const reply = p.turns.find((t) => t.role === 'assistant')!;
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.cost!.usd).toBeGreaterThan(0);
    expect(reply.ttftMs).toBeGreaterThan(0);
  }
  expect(exported.total).toMatchObject({ priced: 3, unpriced: 0 });
  await app.shot('compare-three-panes');

  // A follow-up: each pane continues its own conversation (long enough for each line to
  // stand apart from the others in the chart when the session is reopened).
  await app.send('And again tokens=60 tps=300 think=10 delay=0');
  await app.done();
  for (const n of [1, 2, 3]) await expect(pane(page, n).getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);

  // In the sidebar, as one entry; reopened, every pane as it was.
  const entry = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Race me/ });
  await expect(entry).toHaveAttribute('href', new URL(url).pathname);
  await app.open(url);
  for (const n of [1, 2, 3]) {
    await expect(pane(page, n).getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
    await expect(app.lastReply(pane(page, n))).toHaveAttribute('data-status', 'complete');
  }
  await expect(pane(page, 2).getByRole('heading', { level: 2 }).first()).toHaveText('sim-anthropic · sim-thinking');
  // Its model fixed: no picker, a row less above the reply.
  await expect(pane(page, 2).getByRole('combobox', { name: 'Model' })).toHaveCount(0);
  // A stored session takes no new pane, nor turns blind: its panes are its conversations.
  await expect(page.getByRole('button', { name: 'Add model' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Blind' })).toHaveCount(0);
  // The chart of the last race, drawn again from the stored replies: every line's end is
  // in the legend (the same stream on two protocols may draw one line over another).
  await expect(chart(page)).toBeHidden();
  await openRace(page);
  await expect(legend(page)).toHaveText(names.map(ended));
  await expect.poll(async () => (await Promise.all(LINES.map((c) => drawn(page, c)))).reduce((a, b) => a + b)).toBeGreaterThan(5);
  await app.shot('compare-reopened');

  // A pane's own event log.
  await pane(page, 1).getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(pane(page, 1).getByRole('region', { name: 'Event log' }).locator('[data-log-row]').first()).toBeVisible();

  // "Continue with this one": a normal chat with that pane's history.
  await pane(page, 3).getByRole('button', { name: 'Continue with this one' }).click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
  await expectModel(page, 'sim-gemini::sim-markdown');
});

test('mid-race, speeds are in tokens whatever the wire, and the speed bars fill as the panes stream', async ({ page, app }) => {
  await app.open('/race');
  await race(app, ['sim-openai::sim-markdown', 'sim-gemini::sim-markdown']);
  await app.send('tokens=3000 tps=100 delay=0');
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  // Open while the race runs, on a wide screen.
  await expect(chart(page)).toBeVisible();
  // Gemini sends several tokens an event: counted events made its 100 tok/s read as under 20.
  const liveRate = async (n: number) =>
    Number(
      /(\d+) tok\/s so far/.exec(
        (await pane(page, n)
          .getByText(/tok\/s so far/)
          .textContent()) ?? '',
      )?.[1] ?? 0,
    );
  await expect.poll(() => liveRate(2)).toBeGreaterThan(50);
  // The speed bars fill while the race runs, not only once it is over.
  const speed = bars(page, 'Tokens per second');
  // The page's own figures while they stream, marked as such: the server's replace them once stored.
  for (const name of ['sim-openai · sim-markdown', 'sim-gemini · sim-markdown'])
    await expect(speed.getByRole('row', { name })).toContainText(/≈\d+\.\d tok\/s/);
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop all' }).click();
  await app.done();
});

test('stop one pane while the others finish; retry it', async ({ page, app }) => {
  await app.open('/race');
  await race(app, ['sim-openai::sim-markdown', 'sim-responses::sim-markdown', 'sim-anthropic::sim-markdown']);
  await app.send('slow one tokens=600 tps=60 delay=0');
  await pane(page, 2).getByRole('button', { name: 'Stop' }).click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'stopped');
  // The others go on, and finish.
  await expect(pane(page, 1).getByRole('button', { name: 'Stop' })).toBeVisible();
  await app.done();
  await expect(app.lastReply(pane(page, 1))).toHaveAttribute('data-status', 'complete');
  await expect(app.lastReply(pane(page, 3))).toHaveAttribute('data-status', 'complete');
  // One word for it, the chat's: the pane's header says Regenerate, as its reply's actions do.
  await expect(pane(page, 2).getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await pane(page, 2).getByRole('button', { name: 'Regenerate reply' }).first().click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'streaming');
  await expect(pane(page, 2).getByRole('article', { name: 'Assistant reply' })).toHaveCount(1);
  await pane(page, 2).getByRole('button', { name: 'Stop' }).click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'stopped');
  // The stopped reply retried is kept: the pane's reply has two versions, the first shown again on request.
  const versions = app.lastReply(pane(page, 2)).getByRole('group', { name: 'Versions' });
  await expect(versions.getByText('Version 2 of 2')).toBeAttached();
  const retried = await app.lastReply(pane(page, 2)).getAttribute('data-message-id');
  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(versions.getByText('Version 1 of 2')).toBeAttached();
  await expect(app.lastReply(pane(page, 2))).not.toHaveAttribute('data-message-id', retried!);
  // Deleting the session on screen leaves it.
  await app.conversationAction('slow one', 'Delete');
  // The dialog names what it deletes: a compare session, not a conversation.
  const dialog = page.getByRole('dialog', { name: 'Delete this race?' });
  await expect(dialog).toContainText('every pane’s replies');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

// As the chat's page does (chat.spec.ts): by scroll anchoring in Chromium, and by
// script in a browser without it (Safari), which the second run makes this Chromium into.
for (const anchoring of [true, false]) {
  const how = anchoring ? 'scroll anchoring' : 'scripted, no anchoring';
  test(`each pane follows its streaming reply to its end, and stays put once the reader scrolls it up (${how})`, async ({
    page,
    app,
  }) => {
    if (!anchoring) await withoutScrollAnchoring(page);
    await app.open('/race');
    await race(app, ['sim-openai::sim-markdown', 'sim-anthropic::sim-markdown']);
    const box = (n: number) => pane(page, n).getByTestId('pane-messages');
    const gapBelow = (n: number) => box(n).evaluate((el) => el.scrollHeight - (el.scrollTop + el.clientHeight));
    await app.send('tokens=1500 tps=300 delay=0');
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
    // Mid-stream, once a reply is taller than its box, the box keeps up with its bottom.
    await box(1).evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const check = () => (el.scrollHeight > 2 * el.clientHeight ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    // Following is a state, not a time: on a busy machine the box may take frames to catch up.
    for (const n of [1, 2]) await expect.poll(() => gapBelow(n)).toBeLessThan(50);
    await app.done();
    for (const n of [1, 2]) await expect.poll(() => gapBelow(n)).toBeLessThan(50);

    await app.send('tokens=1500 tps=300 delay=0');
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
    await box(1).hover();
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => gapBelow(1)).toBeGreaterThan(1000);
    const readingAt = await box(1).evaluate((el) => el.scrollTop);
    await app.done();
    expect(await box(1).evaluate((el) => el.scrollTop)).toBe(readingAt);
    await expect.poll(() => gapBelow(2)).toBeLessThan(50);
  });
}

test('2 to 6 panes: add and remove', async ({ page, app }) => {
  await app.open('/race');
  const panes = page.getByRole('region', { name: /^Pane \d: / });
  await expect(panes).toHaveCount(2);
  await expect(pane(page, 1).getByRole('button', { name: /^Remove pane 1: / })).toBeDisabled();
  // A new pane starts on the provider of the pane before it.
  await app.pick('sim-gemini::sim-echo', pane(page, 2));
  await page.getByRole('button', { name: 'Add model' }).click();
  await expectModel(pane(page, 3), /^sim-gemini::/);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add model' }).click();
  await expect(panes).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Add model' })).toBeDisabled();
  await pane(page, 6)
    .getByRole('button', { name: /^Remove pane 6: / })
    .click();
  await expect(panes).toHaveCount(5);
});

test('four panes at 1000 tokens/s make no more store updates than frames', async ({ page, app }) => {
  await app.open('/race');
  await race(app, [
    'sim-openai::sim-markdown',
    'sim-anthropic::sim-markdown',
    'sim-responses::sim-markdown',
    'sim-gemini::sim-markdown',
  ]);
  // Frames elapsed, counted by the page's own animation-frame loop (a string: no test helpers in the page).
  await page.evaluate(
    `window.__elapsed = 0; (function tick() { window.__elapsed++; if (!window.__stopTick) requestAnimationFrame(tick); })()`,
  );
  const before = (await app.stats()).frameStats.storeUpdates;
  await app.send('tokens=1500 tps=1000 delay=0');
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await app.done();
  const updates = (await app.stats()).frameStats.storeUpdates - before;
  const frames = await page.evaluate(`window.__stopTick = true, window.__elapsed`);
  // At least each pane's final state; a loaded page may draw few frames, so no frame rate is assumed.
  expect(updates).toBeGreaterThanOrEqual(4);
  expect(updates).toBeLessThanOrEqual(frames as number);
  for (const n of [1, 2, 3, 4]) await expect(app.lastReply(pane(page, n))).toHaveAttribute('data-status', 'complete');
});

test('a lead within the noise is a tie, all tied marked; the cheapest is per output token, not the shortest reply', async ({
  page,
  app,
}) => {
  await app.open('/race');
  // Two panes on one model, one dearer model, and one that answers in a few tokens (sim-echo):
  // the cheapest reply in total, at a dearer price per output token.
  await race(app, [
    'sim-openai::sim-markdown',
    'sim-openai::sim-markdown',
    'sim-anthropic::sim-markdown',
    'sim-gemini::sim-echo',
  ]);
  const names = [
    'sim-openai · sim-markdown (1)',
    'sim-openai · sim-markdown (2)',
    'sim-anthropic · sim-markdown',
    'sim-gemini · sim-echo',
  ];
  await expect(page.getByRole('list', { name: 'Chart legend' }).getByRole('listitem')).toHaveText(names);
  await app.send('tokens=30 tps=200 delay=0');
  await app.done();
  await openRace(page);
  // The two panes on one model cost the same per output token: both marked, as a tie
  // (the times of a shared machine are too loose to make a tie of them here: the unit tests do).
  const cost = bars(page, 'Cost per output token');
  await expect(cost.getByRole('rowheader')).toHaveText(names);
  for (const name of names.slice(0, 2)) await expect(cost.getByRole('row', { name })).toContainText('cheapest (tie)');
  for (const name of names.slice(2)) await expect(cost.getByRole('row', { name })).not.toContainText('cheapest');
  await app.shot('compare-tie');
});

test('when every pane is within the noise of the best, none is marked and the figure says it is a tie', async ({ page, app }) => {
  await app.open('/race');
  await race(app, ['sim-openai::sim-markdown', 'sim-openai::sim-markdown']);
  await app.send('tokens=30 tps=200 delay=0');
  await app.done();
  await openRace(page);
  const cost = bars(page, 'Cost per output token');
  await expect(cost).toContainText('A tie: all within 5 % of each other.');
  await expect(cost.getByText(/cheapest/)).toHaveCount(0);
});

test('at phone width the panes stack with nothing to scroll sideways; the chart reads in the dark', async ({ page, app }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open('/race');
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBe(0);
  await race(app, ['sim-openai::sim-markdown', 'sim-anthropic::sim-thinking', 'sim-gemini::sim-markdown']);
  await app.send('Phone race tokens=200 tps=100 think=20 delay=0');
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await app.streamed(app.lastReply(pane(page, 1)));
  expect(await sideways()).toBe(0);
  await app.done();
  expect(await sideways()).toBe(0);
  // Stacked: each pane as wide as the one before, below it.
  const boxes = await Promise.all([1, 2, 3].map(async (n) => (await pane(page, n).boundingBox())!));
  for (const [i, box] of boxes.entries())
    if (i > 0) {
      expect(box.x).toBe(boxes[0]!.x);
      expect(box.width).toBe(boxes[0]!.width);
      expect(box.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    }
  // The race starts folded: the first reply is in the first screen, not some 700 px of charts down.
  expect((await pane(page, 1).boundingBox())!.y).toBeLessThan(844 / 2);
  await expect(chart(page)).toBeHidden();
  await page.getByRole('region', { name: 'The race' }).locator('summary').click();
  await expect(chart(page)).toBeVisible();
  // Legend names wrap rather than being cut: each whole on the page.
  for (const item of await legend(page).all())
    expect(await item.evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth + 1))).toBe(
      true,
    );
  // The axes' titles are whole, inside the race's box.
  const raceBox = (await page.getByRole('region', { name: 'The race' }).boundingBox())!;
  for (const title of ['tokens (≈)', 'seconds since Send']) {
    const text = page.getByText(title, { exact: true });
    await expect(text).toBeVisible();
    const box = (await text.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(raceBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(raceBox.x + raceBox.width);
    expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // Switched to the dark theme, the axis' numbers are drawn light: opaque, bright pixels left of the plot.
  const brightAxisPixels = () =>
    chart(page)
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const strip = Math.round(40 * devicePixelRatio);
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, strip, canvas.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3]! > 150 && Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 150) n++;
        return n;
      });
  expect(await brightAxisPixels()).toBe(0);
  await page.getByRole('button', { name: /^(Dark|Light) theme$/ }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(brightAxisPixels).toBeGreaterThan(20);
  await app.shot('compare-phone-dark');
});

test('the race page: /race, its heading and title, the old /compare addresses sent on, the sidebar’s "Race"', async ({
  page,
  app,
}) => {
  await app.open('/compare');
  await expect(page).toHaveURL(/\/race$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Race');
  await expect(page).toHaveTitle('Race · Sluice');
  const link = app.sidebar().getByRole('link', { name: 'Race', exact: true });
  await expect(link).toHaveAttribute('href', '/race');
  await expect(link).toHaveAttribute('aria-current', 'page');
  await race(app, ['sim-openai::sim-echo', 'sim-gemini::sim-echo']);
  await app.send(`Renamed ${Date.now()} delay=0`);
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  const path = new URL(page.url()).pathname;
  await app.done();
  // The session's entry opens it at its new address; its old one still does.
  await expect(app.sidebar().getByRole('link', { name: /Renamed \d+/ })).toHaveAttribute('href', path);
  await app.open(path.replace('/race/', '/compare/'));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(app.lastReply(pane(page, 1))).toHaveAttribute('data-status', 'complete');
  await expect(page).toHaveTitle('Race · Sluice');
});

test('a race’s actions: the next step in view, the rest in a menu the keyboard opens and leaves', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/race');
  // Before the race: choosing its panes, and Send; nothing to export yet, so no menu.
  await expect(page.getByRole('switch', { name: 'Blind' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add model' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More race actions' })).toHaveCount(0);
  await race(app, ['sim-openai::sim-echo', 'sim-anthropic::sim-echo']);
  await app.send('Actions delay=0');
  await app.done();
  // After it: the setup is gone, "Diff two panes" and "Share", the rest in "More race actions"; the diff is an expert's
  // tool, outlined, not filled: the page's next step is the composer.
  await expect(page.getByRole('button', { name: 'Add model' })).toHaveCount(0);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Diff two panes' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Diff two panes' })).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(banner.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  const more = banner.getByRole('button', { name: 'More race actions' });
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Race actions' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Export session', 'New race']);
  await expect(menu.getByRole('menuitem', { name: 'Export session' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'New race' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/race$/);
  await expect(page.getByRole('button', { name: 'Add model' })).toBeVisible();
});

test('at 1440×900, four panes get the screen once the race is over; one is read full size; reopened, each at its reply’s top', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/race');
  await race(app, [
    'sim-openai::sim-markdown',
    'sim-anthropic::sim-markdown',
    'sim-gemini::sim-markdown',
    'sim-responses::sim-markdown',
  ]);
  await app.send('Room tokens=600 tps=2000 delay=0');
  // Its four replies ended (a short race can end before a look at its Stop all would start).
  await expect(page.locator('[data-status="complete"]')).toHaveCount(4);
  await app.done();
  await expect(chart(page)).toBeHidden();
  const footer = (await page.getByRole('contentinfo').boundingBox())!;
  for (const n of [1, 2, 3, 4]) {
    // Each pane whole between the header and the composer, its reply's box most of the screen (it had 180–250 px).
    const whole = (await pane(page, n).boundingBox())!;
    expect(whole.y + whole.height).toBeLessThanOrEqual(footer.y + 1);
    expect((await pane(page, n).getByTestId('pane-messages').boundingBox())!.height).toBeGreaterThan(450);
  }
  await app.shot('race-four-panes-done');

  // Full size: the pane's conversation in a dialog as tall as the screen, the next pane a press away.
  await pane(page, 2).getByRole('button', { name: 'Full size' }).click();
  const reader = page.getByRole('dialog', { name: 'Pane 2: sim-anthropic · sim-markdown' });
  await expect(reader.getByRole('article', { name: 'Assistant reply' })).toBeVisible();
  expect((await reader.getByTestId('pane-messages').boundingBox())!.height).toBeGreaterThan(700);
  await app.shot('race-full-size');
  await reader.getByRole('button', { name: 'Next pane' }).click();
  await expect(page.getByRole('dialog', { name: 'Pane 3: sim-gemini · sim-markdown' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pane(page, 2).getByRole('button', { name: 'Full size' })).toBeFocused();

  // Reopened after a second turn: every pane at the top of its latest reply, not at its end nor wherever it was left.
  await app.send('Again tokens=600 tps=2000 delay=0');
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await app.done();
  await app.open(page.url());
  for (const n of [1, 2, 3, 4]) {
    const box = pane(page, n).getByTestId('pane-messages');
    await expect(app.lastReply(pane(page, n))).toHaveAttribute('data-status', 'complete');
    await expect
      .poll(async () => {
        const [b, r] = [(await box.boundingBox())!, (await app.lastReply(pane(page, n)).boundingBox())!];
        // Its top where the box's padding (12 px) ends.
        return Math.abs(r.y - b.y - 12);
      })
      .toBeLessThanOrEqual(2);
    expect(await box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  }
  await app.shot('race-reopened-at-reply-top');

  // A pane's event log opens at its foot, below the screen's edge: it is brought into view.
  await pane(page, 1).getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(pane(page, 1).getByRole('region', { name: 'Event log' })).toBeInViewport({ ratio: 0.9 });
});

test('the figures a race shows live are marked ≈ until the server’s replace them, and are then what a reload shows', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/race');
  await race(app, ['sim-openai::sim-markdown', 'sim-anthropic::sim-markdown', 'sim-gemini::sim-markdown']);
  await app.send('Clock tokens=400 tps=150 delay=0');
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await expect(bars(page, 'Time to first token')).toContainText(/≈\d+ ms/);
  await app.done();
  await openRace(page);
  // Settled: no "≈" left on a time, a speed or a line's end (the server's clock, as stored).
  const shown = async () => [
    await bars(page, 'Time to first token').getByRole('table').innerText(),
    await bars(page, 'Tokens per second').getByRole('table').innerText(),
    ...(await legend(page).allInnerTexts()),
  ];
  await expect.poll(async () => (await shown()).join('\n')).not.toContain('≈');
  const settled = await shown();
  await page.reload();
  await app.hydrated();
  await openRace(page);
  await expect.poll(shown).toEqual(settled);
});

test('at 390 px, a pane’s event log opens as a sheet over the page, its rows in view; closed, the page is as it was', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open('/race');
  await race(app, ['sim-openai::sim-markdown', 'sim-gemini::sim-markdown']);
  await app.send('Phone log tokens=200 tps=2000 delay=0');
  await app.done();
  await pane(page, 2).getByRole('button', { name: 'Event log', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Event log' });
  await expect(sheet).toContainText('Pane 2: sim-gemini · sim-markdown');
  // Its rows on the screen (inside the pane they were below its edge).
  await expect
    .poll(() =>
      sheet
        .locator('[data-log-row]')
        .evaluateAll(
          (rows) =>
            rows.filter((r) => r.getBoundingClientRect().bottom <= innerHeight && r.getBoundingClientRect().top >= 0).length,
        ),
    )
    .toBeGreaterThan(5);
  await app.shot('race-phone-event-log');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(pane(page, 2).getByRole('button', { name: 'Event log', exact: true })).toHaveAttribute('aria-expanded', 'false');
});

test('a race opened from a capture says where its prompt came from, with the way back to it', async ({ page, app, baseURL }) => {
  const marker = unique();
  const id = await proxyAsk(baseURL!, `Where from ${marker}`, marker);
  // The address a capture's page links to, old and new.
  for (const path of [`/compare?capture=${id}`, `/race?capture=${id}`]) {
    await app.open(path);
    await expect(page).toHaveURL(`/race?capture=${id}`);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(`Where from ${marker}`);
    const note = page.getByRole('note', { name: 'Prompt source' });
    await expect(note).toHaveText(/^Prompt from capture POST \/chat\/completions · sim-echo · \d{1,2}:\d{2}/);
    await expect(note.getByRole('link', { name: 'POST /chat/completions' })).toHaveAttribute('href', `/traffic/${id}`);
  }
  await app.shot('race-from-capture');
});
