import { expect, test, type SluiceApp } from './support';

/** A streaming reply says how it is going: waiting, elapsed and tok/s, a stall; Escape stops it. */

const progress = (app: SluiceApp) => app.lastReply().getByRole('timer', { name: 'Reply progress' });

/** The seconds the progress line says have elapsed; undefined while it says something else, or nothing. */
async function elapsedSeconds(app: SluiceApp): Promise<number | undefined> {
  const text = await progress(app)
    .textContent({ timeout: 1000 })
    .catch(() => null);
  const said = /^elapsed (\d+\.\d) s/.exec(text ?? '');
  return said ? Number(said[1]) : undefined;
}

/** How many times the last reply has rendered so far (window.__sluice). */
async function rendersOfLastReply(app: SluiceApp): Promise<number> {
  const id = (await app.lastReply().getAttribute('data-message-id'))!;
  return (await app.stats()).renderCounts[id] ?? 0;
}

test('before its first token a reply says it is waiting, then shows the time it has taken and its tok/s, live', async ({
  app,
}) => {
  await app.open('/');
  // Anthropic's message_start comes at once and says 1 output token; the first token, 3 s later.
  await app.ask('sim-anthropic::sim-markdown', 'tokens=150 tps=50 delay=3');
  await expect(progress(app)).toHaveText(/^waiting for the first token · \d+\.\d s$/);
  // Nothing has streamed yet: no figure says otherwise (no "out ≈1").
  await expect(app.lastReply().getByLabel('Reply figures')).toHaveCount(0);
  // The clock ticks without the reply rendering again (past its headers and its first bytes, which do render it).
  await expect(progress(app)).toHaveText(/^waiting for the first token · 1\.\d s$/);
  const renders = await rendersOfLastReply(app);
  await expect(progress(app)).toHaveText(/^waiting for the first token · 2\.\d s$/);
  expect(await rendersOfLastReply(app)).toBe(renders);
  await app.shot('progress-waiting');
  await expect(progress(app)).toHaveText(/^elapsed \d+\.\d s · ≈\d+ tok\/s$/, { timeout: 10_000 });
  await expect(app.lastReply().getByLabel('Reply figures')).toContainText(/out\s*≈\d+/);
  await app.shot('progress-streaming');
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await expect(progress(app)).toHaveCount(0);
});

test('after a reload mid-stream, the clock counts from the request, not from the reload', async ({ page, app }) => {
  await app.open('/');
  await app.ask('sim-openai::sim-markdown', 'tokens=400 tps=80 delay=0');
  await expect(progress(app)).toHaveText(/^elapsed [2-9]\.\d s · /);
  const before = (await elapsedSeconds(app))!;
  await page.reload();
  await app.hydrated();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'streaming');
  // The first time it shows, it already counts what passed before the reload.
  let after: number | undefined;
  await expect.poll(async () => (after = await elapsedSeconds(app))).toBeDefined();
  expect(after).toBeGreaterThan(before);
  await app.done();
});

test('a stall says how long no data has come, ticking without a render', async ({ app }) => {
  await app.open('/');
  await app.ask('sim-openai::sim-fault-stall', 'tokens=300 tps=100 stall=6 delay=0');
  await expect(progress(app)).toHaveText(/^no data for 3 s · elapsed \d+\.\d s$/, { timeout: 10_000 });
  const renders = await rendersOfLastReply(app);
  await expect(progress(app)).toHaveText(/^no data for 4 s · elapsed \d+\.\d s$/);
  expect(await rendersOfLastReply(app)).toBe(renders);
  await app.shot('progress-stalled');
  // The shortcut is named on the button it stands for.
  await expect(app.page.getByRole('button', { name: 'Stop', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Escape');
  // Data again (two more seconds of it): the stall is over.
  await expect(progress(app)).toHaveText(/^elapsed \d+\.\d s · ≈\d+ tok\/s$/, { timeout: 15_000 });
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
});

test('Escape stops a streaming reply; the partial reply stays', async ({ page, app }) => {
  await app.open('/');
  await app.ask('sim-gemini::sim-markdown', 'tokens=3000 tps=60 delay=0');
  await app.streamed();
  await page.keyboard.press('Escape');
  await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped', { timeout: 10_000 });
  await app.done();
  expect((await app.lastReply().innerText()).length).toBeGreaterThan(20);
});
