/**
 * The Runs pages, driven as a user and an agent would: the test is the agent, looping
 * through the recording proxy to the simulator under a run's name (e2e/agent-runs.ts);
 * the pages are driven by role and name. A run lists, opens on its timeline, context and
 * cache figures, a step opens with its turn diff, the run diffs with another, becomes a
 * cassette and a HAR file; the pages at desktop and phone width, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { playAgent, runNamed, type AgentTurn } from './agent-runs';
import { expect, test, type Locator, type Page, sideways, violations, unique } from './support';

/** Where the screenshots go, to be looked at. */
const SHOTS = '/tmp/runs-ui-shots';

const stamp = unique();
const NAME_A = `e2e run ${stamp} A`;
const NAME_B = `e2e run ${stamp} B`;

const FAST = 'tps=4000 delay=0';
/** Run A: ask, call the tool, answer; ask again (the system prompt's day moved on), call, answer. */
const TURNS_A: AgentTurn[] = [
  { user: `What is the weather in Paris? ${FAST}` },
  { result: 'Sunny, 21 °C' },
  { user: `And tomorrow? ${FAST}` },
  { result: 'Rain, 14 °C' },
];
/** Run B: the same task, but the tool said otherwise, and it stopped a step sooner. */
const TURNS_B: AgentTurn[] = [
  { user: `What is the weather in Paris? ${FAST}` },
  { result: 'Snow, -2 °C' },
  { user: `And tomorrow? ${FAST}` },
];

let runA = '';
let runB = '';

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!;
  await playAgent(baseURL, NAME_A, TURNS_A, { days: ['2026-11-27', '2026-11-27', '2026-11-28'] });
  await playAgent(baseURL, NAME_B, TURNS_B);
  [runA, runB] = await Promise.all([runNamed(baseURL, NAME_A, 4), runNamed(baseURL, NAME_B, 3)]);
  mkdirSync(SHOTS, { recursive: true });
});

const timeline = (page: Page) => page.getByRole('group', { name: /^Timeline: / });

/**
 * A line of facts ("sim-anthropic · sim-tools · 8:22 AM · Open its run") as it shows: the
 * "·" separators in sight (as text, or drawn before a fact, where its box does not clip
 * them), and the facts of those among them that start a line of it: a stray "·".
 */
function lineDots(line: Locator): Promise<{ shown: number; stray: string[] }> {
  return line.evaluate((p) => {
    let clip: Element = p;
    for (let el: Element | null = p; el; el = el.parentElement)
      if (getComputedStyle(el).overflowX !== 'visible') {
        clip = el;
        break;
      }
    const left = clip.getBoundingClientRect().left;
    const dots: { x: number; what: string }[] = [];
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = text.indexOf('·'); i >= 0; i = text.indexOf('·', i + 1)) {
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const box = range.getBoundingClientRect();
        // Named by its fact: the line's child it is in.
        let fact: Node = n;
        while (fact.parentNode && fact.parentNode !== p) fact = fact.parentNode;
        dots.push({ x: box.left + box.width / 2, what: fact.textContent ?? '' });
      }
    }
    for (const el of p.querySelectorAll('*')) {
      const before = getComputedStyle(el, '::before');
      if (before.content.includes('·'))
        dots.push({ x: el.getBoundingClientRect().left + parseFloat(before.width) / 2, what: el.textContent ?? '' });
    }
    const shown = dots.filter((d) => d.x >= left);
    // Nothing in sight left of it on its line: within a few pixels of the line's edge.
    return { shown: shown.length, stray: shown.filter((d) => d.x - left < 12).map((d) => d.what) };
  });
}

test('a run is listed, found by its name, and opens on its timeline, context and cache health', async ({ page, app }) => {
  await app.open('/runs');
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  const runs = page.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('link', { name: NAME_A })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(`${stamp} B`);
  await expect(runs.getByRole('link', { name: NAME_A })).toHaveCount(0);
  await expect(page).toHaveURL(/\/runs\?q=/);
  const rowB = runs.locator(`tr[data-run-id="${runB}"]`);
  for (const cell of ['3', 'complete', '0%']) await expect(rowB.getByRole('cell', { name: cell, exact: true })).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(stamp);
  await runs.getByRole('link', { name: NAME_A }).click();

  await expect(page).toHaveURL(`/runs/${runA}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME_A })).toBeVisible();
  const figures = page.getByLabel('Run figures');
  for (const label of [
    'Requests',
    'Duration',
    'Tokens in',
    'Tokens out',
    'Cache hit rate',
    'Cache reads',
    'Cache writes',
    'Cost',
  ])
    await expect(figures.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
  await expect(figures.getByRole('definition').first()).toHaveText('4');

  // Every step a bar on one axis, all on the main line.
  await expect(timeline(page)).toHaveAccessibleName(/^Timeline: 4 steps on 1 lane over [\d.]+ (ms|s)\.$/);
  const bars = timeline(page).getByRole('button', { name: /^Step \d, Main: .*, complete, sim-tools/ });
  await expect(bars).toHaveCount(4);
  await expect(timeline(page).getByRole('button', { name: /^Step 1, Main: 0 ms to .*called get_weather$/ })).toBeVisible();

  // What filled each step's context: the chart's words, its key, and the numbers, every one an estimate.
  await expect(
    page.getByRole('img', { name: /^Context by step, in tokens: step 1 ≈[\d,]+ to step 4 ≈[\d,]+; the biggest, step 4: / }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Context parts' })).toContainText('System');
  await expect(page.getByRole('list', { name: 'Context parts' })).toContainText('Tools');
  const numbers = page.getByRole('region', { name: 'Context by step, in tokens' });
  await expect(numbers.getByRole('row')).toHaveCount(5);
  await expect(
    numbers
      .getByRole('row', { name: /^Step 4 / })
      .getByRole('cell')
      .first(),
  ).toHaveText(/^≈\d/);

  // The cache: the simulator caches nothing, so no step reads and none breaks.
  const cache = page.getByRole('region', { name: 'Cache by step' });
  await expect(cache.getByRole('row')).toHaveCount(5);
  await expect(page.getByText(/^No cache breaks/)).toBeVisible();
});

test('a step opens with its figures, its tool calls, its capture, and what its request added over the last', async ({
  page,
  app,
}) => {
  await app.open(`/runs/${runA}`);
  // No step chosen: the latest is shown.
  const detail = page.getByRole('region', { name: 'Step 4 · Main' });
  await expect(detail).toBeVisible();

  await timeline(page)
    .getByRole('button', { name: /^Step 3, Main/ })
    .click();
  await expect(page).toHaveURL(`/runs/${runA}?step=3`);
  const step = page.getByRole('region', { name: 'Step 3 · Main' });
  await expect(step).toBeVisible();
  await expect(timeline(page).getByRole('button', { name: /^Step 3, Main/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(step.getByRole('combobox', { name: 'Step' })).toHaveValue('3');
  await expect(step.getByLabel('Step figures').getByRole('term').filter({ hasText: 'Time to first token' })).toHaveCount(1);
  await expect(step.getByRole('heading', { name: 'Tool calls' })).toBeVisible();
  await expect(step.getByLabel('Arguments of get_weather')).toContainText('"city"');

  // Its turn diff: the reply sent back and the next question are new; the day in the system prompt is not what it was.
  const turn = step.getByRole('region', { name: 'Turn diff' });
  await expect(turn).toContainText('What this request sent over step 2’s');
  const added = turn.getByRole('list', { name: 'Added' });
  await expect(added.getByRole('listitem')).toHaveCount(2);
  await expect(added.getByRole('listitem').last()).toContainText('And tomorrow?');
  const changed = turn.getByRole('list', { name: 'Changed' }).getByRole('listitem');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('The system prompt');
  await expect(changed.getByRole('deletion')).toHaveText('[removed: 27]');
  await expect(changed.getByRole('insertion')).toHaveText('[added: 28]');

  // Step 2 added the tool call and its result, and kept the rest.
  await step.getByRole('combobox', { name: 'Step' }).selectOption('2');
  const second = page.getByRole('region', { name: 'Step 2 · Main' }).getByRole('region', { name: 'Turn diff' });
  await expect(second.getByRole('list', { name: 'Added' }).getByRole('listitem')).toHaveCount(2);
  await expect(second.getByRole('list', { name: 'Added' })).toContainText('Sunny, 21 °C');
  await expect(second.getByText(/^Nothing: the previous request is the start of this one/)).toBeVisible();

  // A lane's first request: all of it is new.
  await timeline(page)
    .getByRole('button', { name: /^Step 1, Main/ })
    .click();
  const first = page.getByRole('region', { name: 'Step 1 · Main' });
  await expect(first.getByText('The first request on its lane: all it sent is new.')).toBeVisible();
  await expect(first.getByRole('list', { name: 'Added' })).toContainText('What is the weather in Paris?');

  // Its whole capture, on the Traffic page.
  const capture = first.getByRole('link', { name: 'Open capture' });
  const href = await capture.getAttribute('href');
  expect(href).toMatch(/^\/traffic\/[\w-]+$/);
  await capture.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1, name: 'Capture: POST /messages' })).toBeVisible();
  // Narrow, its line of facts wraps, at some width "Open its run" onto a line of its own
  // (where depends on the names and the time): at none is a "·" left at a line's start.
  const runLink = page.getByRole('link', { name: 'Open its run' });
  for (let width = 560; width >= 320; width -= 10) {
    await page.setViewportSize({ width, height: 844 });
    const dots = await lineDots(runLink.locator('xpath=ancestor::p[1]'));
    expect(dots.stray, `at ${width} px`).toEqual([]);
    expect(dots.shown, `at ${width} px`).toBeGreaterThan(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // And back: the capture names its run.
  await runLink.click();
  await expect(page).toHaveURL(`/runs/${runA}`);
  for (let width = 560; width >= 320; width -= 10) {
    await page.setViewportSize({ width, height: 844 });
    expect((await lineDots(page.getByText(/^Started /).locator('xpath=ancestor::p[1]'))).stray, `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // A link to a step opens the page on it.
  await app.open(`/runs/${runA}?step=2`);
  await expect(page.getByRole('region', { name: 'Step 2 · Main' })).toBeVisible();
});

test('a run diffs with another: the first divergence, the figures B − A, the steps aligned and marked', async ({ page, app }) => {
  await app.open(`/runs/${runA}`);
  await page.getByRole('button', { name: 'Diff with another run…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diff with another run' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Find a run' }).fill(`${stamp} B`);
  await expect(dialog.getByRole('combobox', { name: 'Run to diff with' })).toHaveValue(runB);
  await dialog.getByRole('button', { name: 'Diff' }).click();

  await expect(page).toHaveURL(`/runs/diff?a=${runA}&b=${runB}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Diff of two runs' })).toBeVisible();
  await expect(page.getByRole('link', { name: NAME_A })).toBeVisible();
  await expect(page.getByRole('link', { name: NAME_B })).toBeVisible();
  // Where they part: the tool said otherwise at step 2, so the answers differ there.
  const divergence = page.getByRole('region', { name: /^First divergence — Step 2: different text/ });
  await expect(divergence).toContainText('Sunny');
  await expect(divergence).toContainText('Snow');
  const figures = page.getByRole('table', { name: 'Figures' });
  await expect(figures.getByRole('row', { name: /^Requests 4 3 −1$/ })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Aligned steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toHaveAttribute('data-mark', 'same');
  await expect(steps.nth(1)).toHaveAttribute('data-mark', 'different');
  await expect(steps.nth(1)).toHaveAttribute('data-downstream', 'true');
  await expect(steps.nth(3)).toHaveAttribute('data-mark', 'only in A');
  await expect(steps.nth(3)).toContainText('no step');
  // Each step is a link to it in its run.
  await steps.nth(1).getByRole('link', { name: 'Step 2' }).last().click();
  await expect(page).toHaveURL(`/runs/${runB}?step=2`);
  await expect(page.getByRole('region', { name: 'Step 2 · Main' })).toBeVisible();
});

test('a run becomes a cassette named by its name, a second one numbered, and a HAR file', async ({ page, app, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await app.open(`/runs/${runB}`);
  // One obvious next step, first and in the primary look; a diff beside it; the rest under "More".
  const actions = page.getByRole('group', { name: 'Run actions' });
  await expect(actions.getByRole('button').first()).toHaveAccessibleName('Replay this run offline');
  await expect(actions.getByRole('button').first()).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(actions.getByRole('button')).toHaveCount(3);
  await expect(actions.getByRole('button').nth(1)).toHaveAccessibleName('Diff with another run…');
  await expect(actions.getByRole('button').nth(2)).toHaveAccessibleName('More run actions');
  await page.getByRole('button', { name: 'Replay this run offline' }).click();
  // Named by the run's name, as a slug, not by its id.
  const slug = NAME_B.toLowerCase().replace(/[^a-z0-9._]+/g, '-');
  const made = page.getByRole('status').filter({ hasText: 'Cassette' });
  await expect(made).toContainText(`Cassette ${slug} holds 3 exchanges.`);
  const command = made.getByLabel('Playback command');
  await expect(command).toHaveText(`npm run with -- --cassette ${slug} --mode playback <your agent command>`);
  await made.getByRole('button', { name: 'Copy command' }).click();
  await expect(made.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('--mode playback');
  // Again: its name is taken, so the next one is numbered.
  await page.getByRole('button', { name: 'Replay this run offline' }).click();
  await expect(made).toContainText(`Cassette ${slug}-2 holds 3 exchanges.`);

  const download = page.waitForEvent('download');
  const more = page.getByRole('menu', { name: 'More run actions' });
  await page.getByRole('button', { name: 'More run actions' }).click();
  await expect(more.getByRole('menuitem')).toHaveText(['Share', 'Export HAR']);
  await more.getByRole('menuitem', { name: 'Export HAR' }).click();
  // Named by the run's start, not the export's moment.
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^sluice-run-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ-${runB}\\.har$`),
  );

  // Shared as a snapshot: the link opens the run's steps as plain HTML.
  await page.getByRole('button', { name: 'More run actions' }).click();
  await more.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this run' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: /Share link/ }).inputValue();
  const shared = await (await page.request.get(link)).text();
  expect(shared).toContain('Shared agent run');
  expect(shared.match(/<tr><th scope="row">/g)).toHaveLength(3);
});

test('a run’s page follows it live: a subagent’s step streams on a lane of its own, then ends, without a reload', async ({
  page,
  app,
  baseURL,
}) => {
  const name = `e2e live ${unique()}`;
  await playAgent(baseURL!, name, [{ user: `Weather in Oslo? ${FAST}` }]);
  const id = await runNamed(baseURL!, name, 1);
  await app.open(`/runs/${id}`);
  await expect(timeline(page).getByRole('button')).toHaveCount(1);
  // A subagent's first request (a conversation of its own under the run), slow enough to be seen streaming.
  const answer = playAgent(baseURL!, name, [{ user: 'Look up Oslo for the main agent. tps=5 delay=0' }]);
  const bar = timeline(page).getByRole('group', { name: 'Subagent 1' }).locator('[data-step="2"]');
  await expect(bar).toHaveAttribute('data-tone', 'streaming');
  await expect(page.getByText('running', { exact: true }).first()).toBeVisible();
  await answer;
  await expect(bar).toHaveAttribute('data-tone', 'complete');
  await expect(page.getByLabel('Run figures').getByRole('definition').first()).toHaveText('2');
  await page.getByRole('region', { name: 'Timeline' }).screenshot({ path: `${SHOTS}/timeline-lanes.png` });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the runs pages at 1440 and 390 px wide, ${theme}: no sideways scroll, no serious violation`, async ({ page, app }) => {
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    const found: Record<string, string[]> = {};
    for (const [width, height] of [
      [1440, 1000],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, url] of [
        ['list', `/runs?q=${stamp}`],
        ['run', `/runs/${runA}?step=3`],
        ['diff', `/runs/diff?a=${runA}&b=${runB}`],
      ] as const) {
        await app.open(url);
        if (name === 'run') await expect(page.getByRole('list', { name: 'Changed' })).toBeVisible();
        if (name === 'list') await expect(page.getByRole('link', { name: NAME_A })).toBeVisible();
        expect(await sideways(page), `${name} at ${width}`).toBe(0);
        found[`${name} ${width}`] = await violations(page);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
      }
    }
    // The dialog too, over the page.
    await app.open(`/runs/${runA}`);
    await page.getByRole('button', { name: 'Diff with another run…' }).click();
    await expect(page.getByRole('combobox', { name: 'Run to diff with' })).toBeEnabled();
    found.dialog = await violations(page);
    await page.screenshot({ path: `${SHOTS}/dialog-390-${theme}.png` });
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });
}
