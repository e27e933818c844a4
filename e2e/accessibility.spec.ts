/**
 * Every page and state a reader meets, scanned by axe-core in light and dark: the chat
 * (idle, streaming, done), compare, history, the event log and the runs pages. Any serious
 * or critical violation fails, named with the elements it found.
 */
import { playAgent, runNamed } from './agent-runs';
import { expect, test, type Page, violations } from './support';

const THEMES = ['light', 'dark'] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('the chat idle, streaming and done, and the event log, have no serious violation', async ({ page, app }) => {
      const found: Record<string, string[]> = {};
      await app.open();
      found.idle = await violations(page);
      await app.ask('sim-anthropic::sim-thinking', 'tokens=400 tps=40 think=40 delay=0');
      await app.streamed();
      found.streaming = await violations(page);
      await app.done();
      found.done = await violations(page);
      await page.getByRole('button', { name: 'Event log', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Event log' }).locator('[data-log-row]').first()).toBeVisible();
      found['event log'] = await violations(page);
      expect(found).toEqual({ idle: [], streaming: [], done: [], 'event log': [] });
    });

    test('a reply reopened from history has no serious violation', async ({ page, app }) => {
      await app.open();
      await app.ask('sim-openai::sim-markdown', 'tokens=200 tps=2000 delay=0');
      await app.done();
      await page.reload();
      await app.hydrated();
      await expect(app.lastReply()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the runs list, a run with a step open, and two runs diffed have no serious violation', async ({
      page,
      app,
      baseURL,
    }) => {
      const [a, b] = [`a11y ${theme} ${Date.now()} A`, `a11y ${theme} ${Date.now()} B`];
      await playAgent(baseURL!, a, [{ user: 'Weather in Rome? tps=4000 delay=0' }, { result: 'Warm' }]);
      await playAgent(baseURL!, b, [{ user: 'Weather in Rome? tps=4000 delay=0' }, { result: 'Cold' }]);
      const [runA, runB] = await Promise.all([runNamed(baseURL!, a, 2), runNamed(baseURL!, b, 2)]);
      const found: Record<string, string[]> = {};
      await app.open('/runs');
      found.list = await violations(page);
      await app.open(`/runs/${runA}?step=2`);
      await expect(page.getByRole('list', { name: 'Added' })).toBeVisible();
      found.run = await violations(page);
      await app.open(`/runs/diff?a=${runA}&b=${runB}`);
      found.diff = await violations(page);
      expect(found).toEqual({ list: [], run: [], diff: [] });
    });

    test('compare, racing and done, has no serious violation', async ({ page, app }) => {
      await app.open('/race');
      const empty = await violations(page);
      await app.send('tokens=300 tps=300 delay=0');
      await app.done();
      expect({ empty, done: await violations(page) }).toEqual({ empty: [], done: [] });
    });
  });
}
