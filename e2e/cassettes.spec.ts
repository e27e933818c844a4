/**
 * Cassettes on the Traffic page: the test is the app, recording two exchanges to a
 * cassette through the proxy and playing one back; the page shows which capture was
 * recorded and which played back, and opens the cassette as a list of its exchanges
 * with their keys and event logs. Both widths, both themes, axe-core.
 */
import { expect, sideways, test, violations } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A streamed Chat Completions request under a cassette, read to its end. */
async function ask(baseURL: string, cassette: string, mode: string, text: string): Promise<string> {
  const response = await fetch(`${baseURL}/cassette/${cassette}/${mode}/sim-openai/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'sim-markdown', stream: true, messages: [{ role: 'user', content: text }] }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Waits until the cassette holds `count` exchanges (each is added once its capture is written). */
async function cassetteHolds(baseURL: string, name: string, count: number): Promise<void> {
  await expect
    .poll(async () => {
      const response = await fetch(`${baseURL}/api/cassettes/${name}`);
      return response.ok ? ((await response.json()) as { entries: number }).entries : 0;
    })
    .toBe(count);
}

test('captures say recorded or played back, and a cassette opens as its exchanges with their event logs', async ({
  page,
  app,
  baseURL,
}) => {
  const name = `e2e-${unique()}`;
  const recorded = await ask(baseURL!, name, 'record', `first tokens=30 ${name}`);
  await ask(baseURL!, name, 'record', `second tokens=10 ${name}`);
  await cassetteHolds(baseURL!, name, 2);
  expect(await ask(baseURL!, name, 'playback+instant', `first tokens=30 ${name}`)).toBe(recorded);

  await app.open('/traffic');
  await expect(page.getByRole('link', { name: `played back from ${name}` })).toHaveCount(1);
  await expect(page.getByRole('link', { name: `recorded to ${name}` })).toHaveCount(2);
  await app.shot('traffic-cassette-badges', { fullPage: false });

  await page.getByRole('link', { name: 'Cassettes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cassettes', level: 1 })).toBeVisible();
  await page.getByRole('list', { name: 'Cassettes' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Cassette ${name}` })).toBeVisible();
  const exchanges = page.getByRole('list', { name: 'Exchanges' }).getByRole('listitem');
  await expect(exchanges).toHaveCount(2);
  await exchanges.first().getByText('POST /chat/completions').click();
  await expect(page.getByLabel('Key of exchange 0')).toContainText(`first tokens=30 ${name}`);
  const log = page.getByRole('region', { name: 'Event log of exchange 0' });
  await expect(log.locator('[data-log-row]').first()).toBeVisible();
  await expect(log.locator('[data-log-row]').first()).toContainText('chat.completion.chunk');

  // A cassette that is not there is a page that says so.
  await page.goto('/traffic/cassettes/no-such-cassette');
  await expect(page.getByRole('heading', { name: 'Cassette not found' })).toBeVisible();
});

const VIEWS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['light', 'dark'] as const) {
  test(`the cassette pages, ${theme}: no serious axe violation, no sideways scroll on a phone`, async ({
    page,
    app,
    baseURL,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    const name = `look-${unique()}`;
    await ask(baseURL!, name, 'record', `look tokens=20 ${name}`);
    await cassetteHolds(baseURL!, name, 1);
    const found: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await app.open('/traffic/cassettes');
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      found[`list ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      await app.shot(`cassettes-${view.name}-${theme}`);

      await app.open(`/traffic/cassettes/${name}`);
      await page.getByRole('list', { name: 'Exchanges' }).getByText('POST /chat/completions').click();
      await expect(page.getByRole('region', { name: 'Event log of exchange 0' }).locator('[data-log-row]').first()).toBeVisible();
      found[`cassette ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      await app.shot(`cassette-${view.name}-${theme}`);
    }
    expect(found).toEqual({ 'list desktop': [], 'cassette desktop': [], 'list phone': [], 'cassette phone': [] });
  });
}
