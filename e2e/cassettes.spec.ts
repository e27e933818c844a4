/**
 * Cassettes on the Traffic page: the test is the app, recording two exchanges to a
 * cassette through the proxy and playing one back; the page shows which capture was
 * recorded and which played back, and opens the cassette as a list of its exchanges
 * with their keys and event logs; a miss is a status of its own. Both widths, both
 * themes, axe-core.
 */
import { expect, sideways, test, violations, unique } from './support';

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
  // Where the files are, by the variable that says so: never a path on the server.
  await expect(page.getByRole('main')).toContainText('HAR files of recorded exchanges in SLUICE_CASSETTE_DIR');
  await expect(page.getByRole('main')).not.toContainText(/ \/(tmp|home|work|var)\//);
  await page.getByRole('list', { name: 'Cassettes' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Cassette ${name}` })).toBeVisible();
  const exchanges = page.getByRole('list', { name: 'Exchanges' }).getByRole('listitem');
  await expect(exchanges).toHaveCount(2);
  await exchanges.first().getByText('POST /chat/completions').click();
  await expect(page.getByLabel('Key of exchange 0')).toContainText(`first tokens=30 ${name}`);
  const log = page.getByRole('region', { name: 'Event log of exchange 0' });
  await expect(log.locator('[data-log-row]').first()).toBeVisible();
  await expect(log.locator('[data-log-row]').first()).toContainText('chat.completion.chunk');

  await expect(page.getByRole('main')).toContainText('ignored fields when matching: stream_options, user, metadata.');
  await expect(page.getByRole('main')).not.toContainText('log._sluice.ignore');

  // A cassette never recorded (a miss's badge links to it) says how to record it: no dead end.
  expect((await page.goto('/traffic/cassettes/no-such-cassette'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Cassette no-such-cassette' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('This cassette has no recording yet');
  await expect(page.getByLabel('How to use a cassette')).toContainText('x-sluice-cassette: no-such-cassette; mode=record');
  // A name no cassette could have is not found.
  expect((await page.goto('/traffic/cassettes/.hidden'))?.status()).toBe(404);
});

test('a cassette miss is a status of its own, filtered by, and its page names no upstream URL it never reached', async ({
  page,
  app,
  baseURL,
}) => {
  const name = `miss-${unique()}`;
  await ask(baseURL!, name, 'record', `recorded tokens=5 ${name}`);
  await cassetteHolds(baseURL!, name, 1);
  const missed = await fetch(`${baseURL}/cassette/${name}/playback/sim-openai/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'sim-markdown',
      stream: true,
      messages: [{ role: 'user', content: `never recorded ${name}` }],
    }),
  });
  expect(missed.status).toBe(504);
  let id = '';
  await expect
    .poll(async () => {
      const listed = (await (
        await fetch(`${baseURL}/api/captures?q=${encodeURIComponent(`never recorded ${name}`)}`)
      ).json()) as {
        items: { id: string; status: string }[];
      };
      id = listed.items[0]?.id ?? '';
      return listed.items[0]?.status;
    })
    .toBe('cassette-miss');

  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/traffic');
  const filters = page.getByRole('search', { name: 'Filter captures' });
  await filters.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'cassette miss' });
  await expect(page).toHaveURL(/\/traffic\?status=cassette-miss$/);
  const row = page.getByRole('table', { name: 'Captures' }).locator(`tr[data-capture-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'cassette-miss');
  await expect(row).toContainText('cassette miss');
  await expect(row).not.toContainText('unreachable');
  await expect(page.getByRole('table', { name: 'Captures' }).locator('tbody tr:not([data-status="cassette-miss"])')).toHaveCount(
    0,
  );
  await app.shot('traffic-cassette-miss-list-1440-light', { fullPage: false });

  await row.getByRole('link', { name: '/chat/completions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Capture: POST /chat/completions' })).toBeVisible();
  // First where it parts from the recording, in a sentence; the raw keys folded after it.
  const lead = page
    .getByRole('main')
    .locator('p')
    .filter({ hasText: `No exchange in cassette “${name}” matches:` });
  await expect(lead).toHaveText(
    `No exchange in cassette “${name}” matches: the closest, exchange 0, differs at $.messages[0].content ` +
      `(recorded "recorded tokens=5 ${name}", sent "never recorded ${name}").`,
  );
  const keys = page.getByLabel("The proxy's whole message");
  await expect(keys).toBeHidden();
  await page.getByText('The keys it was matched by').click();
  await expect(keys).toContainText(`No exchange in cassette "${name}" matches POST /chat/completions`);
  const request = page.getByRole('region', { name: 'Request' });
  await expect(request).toContainText(`Not sent upstream: cassette “${name}” had no matching exchange`);
  // The simulator's upstream is under /api/sim/: the page names no address the request never reached.
  await expect(request).not.toContainText('/api/sim/');
  await expect(request).not.toContainText('http');
  await expect(page.getByRole('region', { name: 'Response' })).toContainText('cassette_miss');
  await app.shot('traffic-cassette-miss-1440-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await app.hydrated();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await sideways(page)).toBe(0);
  expect(await violations(page)).toEqual([]);
  await app.shot('traffic-cassette-miss-390-dark');
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
