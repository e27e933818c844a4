import { readFileSync } from 'node:fs';
import { expect, test, withoutScrollAnchoring, type Page, type SluiceApp } from './support';

const pane = (page: Page, n: number) => page.getByRole('region', { name: `Pane ${n}` });

async function race(app: SluiceApp, models: string[]) {
  for (let i = 2; i < models.length; i++) await app.page.getByRole('button', { name: 'Add model' }).click();
  for (const [i, model] of models.entries()) await app.pick(model, pane(app.page, i + 1));
}

test('three panes on three wire protocols race side by side, each with its own reply and figures; a follow-up; reopened from history', async ({
  page,
  app,
}) => {
  await app.open('/compare');
  await race(app, ['sim-openai::sim-markdown', 'sim-anthropic::sim-thinking', 'sim-gemini::sim-markdown']);
  await app.send('Race me tokens=80 tps=50 think=20 delay=0');
  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}$/);
  const url = page.url();
  // All three stream at once.
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(pane(page, n).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(pane(page, 1).getByText(/elapsed \d+\.\d s · \d+ tok\/s so far/)).toBeVisible();
  await app.done();
  for (const n of [1, 2, 3]) {
    await expect(app.lastReply(pane(page, n))).toHaveAttribute('data-status', 'complete');
    const figures = app.lastReply(pane(page, n)).getByLabel('Reply figures');
    await expect(figures).toContainText('TTFT');
    await expect(figures).toContainText('tok/s');
    await expect(figures).toContainText('finish');
  }
  await expect(app.lastReply(pane(page, 2)).locator('details summary').first()).toHaveText(/^Thought for/);
  const chart = page.getByRole('img', { name: 'Output tokens over time, one line per pane' }).locator('canvas').first();
  await expect(chart).toBeVisible();
  // The race is drawn: each pane's line, in its color, is on the canvas once the race is over.
  const drawn = (rgb: [number, number, number]) =>
    chart.evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - r) < 8 && Math.abs(data[i + 1]! - g) < 8 && Math.abs(data[i + 2]! - b) < 8 && data[i + 3]! > 200)
          n++;
      return n;
    }, rgb);
  for (const color of [
    [2, 132, 199],
    [219, 39, 119],
    [22, 163, 74],
  ] as [number, number, number][])
    await expect.poll(() => drawn(color)).toBeGreaterThan(20);
  await expect(page.getByRole('figure').filter({ hasText: 'Time to first token' }).getByRole('row')).toHaveCount(3);
  // The race's winners, marked in words: one fastest first token, one fastest speed, one
  // cheapest (the simulated OpenAI's list prices are the lowest for this reply), and the session's cost.
  const bars = (title: string) => page.getByRole('figure').filter({ hasText: title });
  await expect(bars('Time to first token').getByText('fastest', { exact: true })).toHaveCount(1);
  await expect(bars('Tokens per second').getByText('fastest', { exact: true })).toHaveCount(1);
  await expect(bars('Cost').getByText('cheapest', { exact: true })).toHaveCount(1);
  await expect(bars('Cost').getByRole('row', { name: /^Pane 1/ })).toContainText('cheapest');
  await expect(page.getByLabel('Session cost')).toContainText(/^This session: \$\d/);
  for (const n of [1, 2, 3]) await expect(app.lastReply(pane(page, n)).getByLabel('Reply figures')).toContainText(/cost\s*\$/);
  // The session exported: every pane's reply with its figures and cost, and the total.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session' }).click();
  const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    kind: string;
    panes: { model: string; turns: { role: string; text: string; cost?: { usd: number }; ttftMs?: number }[] }[];
    total: { priced: number; unpriced: number; usd: number };
  };
  expect(exported.kind).toBe('sluice-compare-session');
  expect(exported.panes.map((p) => p.model)).toEqual(['sim-markdown', 'sim-thinking', 'sim-markdown']);
  for (const p of exported.panes) {
    const reply = p.turns.find((t) => t.role === 'assistant')!;
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.cost!.usd).toBeGreaterThan(0);
    expect(reply.ttftMs).toBeGreaterThan(0);
  }
  expect(exported.total).toMatchObject({ priced: 3, unpriced: 0 });
  await app.shot('compare-three-panes');

  // A follow-up: each pane continues its own conversation.
  await app.send('And again tokens=10 delay=0');
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
  await expect(pane(page, 2).getByRole('combobox', { name: 'Model' })).toHaveValue('sim-anthropic::sim-thinking');

  // A pane's own event log.
  await pane(page, 1).getByRole('button', { name: 'Event log' }).click();
  await expect(pane(page, 1).getByRole('region', { name: 'Event log' }).locator('[data-log-row]').first()).toBeVisible();

  // "Continue with this one": a normal chat with that pane's history.
  await pane(page, 3).getByRole('button', { name: 'Continue with this one' }).click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('sim-gemini::sim-markdown');
});

test('stop one pane while the others finish; retry it', async ({ page, app }) => {
  await app.open('/compare');
  await race(app, ['sim-openai::sim-markdown', 'sim-responses::sim-markdown', 'sim-anthropic::sim-markdown']);
  await app.send('slow one tokens=120 tps=60 delay=0');
  await pane(page, 2).getByRole('button', { name: 'Stop' }).click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'stopped');
  // The others go on, and finish.
  await expect(pane(page, 1).getByRole('button', { name: 'Stop' })).toBeVisible();
  await app.done();
  await expect(app.lastReply(pane(page, 1))).toHaveAttribute('data-status', 'complete');
  await expect(app.lastReply(pane(page, 3))).toHaveAttribute('data-status', 'complete');
  await pane(page, 2).getByRole('button', { name: 'Retry' }).click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'streaming');
  await expect(pane(page, 2).getByRole('article', { name: 'Assistant reply' })).toHaveCount(1);
  await pane(page, 2).getByRole('button', { name: 'Stop' }).click();
  await expect(app.lastReply(pane(page, 2))).toHaveAttribute('data-status', 'stopped');
  // Deleting the session on screen leaves it.
  await app.conversationAction('slow one', 'Delete');
  await page.getByRole('dialog', { name: 'Delete this conversation?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

// As the chat's page does (chat.spec.ts): by scroll anchoring in Chromium, and by
// script in a browser without it (Safari), which the second run makes this Chromium into.
for (const anchoring of [true, false]) {
  test(`each pane follows its streaming reply to its end, and stays put once the reader scrolls it up (${anchoring ? 'scroll anchoring' : 'scripted, no anchoring'})`, async ({
    page,
    app,
  }) => {
    if (!anchoring) await withoutScrollAnchoring(page);
    await app.open('/compare');
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
    for (const n of [1, 2]) await expect.poll(() => gapBelow(n), { timeout: 2000 }).toBeLessThan(50);
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
    await app.done();
    for (const n of [1, 2]) await expect.poll(() => gapBelow(n), { timeout: 2000 }).toBeLessThan(50);

    await app.send('tokens=1500 tps=300 delay=0');
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible();
    await box(1).hover();
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => gapBelow(1)).toBeGreaterThan(1000);
    const readingAt = await box(1).evaluate((el) => el.scrollTop);
    await app.done();
    expect(await box(1).evaluate((el) => el.scrollTop)).toBe(readingAt);
    await expect.poll(() => gapBelow(2), { timeout: 2000 }).toBeLessThan(50);
  });
}

test('2 to 6 panes: add and remove', async ({ page, app }) => {
  await app.open('/compare');
  await expect(page.getByRole('region', { name: /^Pane \d$/ })).toHaveCount(2);
  await expect(pane(page, 1).getByRole('button', { name: 'Remove pane 1' })).toBeDisabled();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Add model' }).click();
  await expect(page.getByRole('region', { name: /^Pane \d$/ })).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Add model' })).toBeDisabled();
  await pane(page, 6).getByRole('button', { name: 'Remove pane 6' }).click();
  await expect(page.getByRole('region', { name: /^Pane \d$/ })).toHaveCount(5);
});

test('four panes at 1000 tokens/s make no more store updates than frames', async ({ page, app }) => {
  await app.open('/compare');
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
