/**
 * The Traffic page, driven as a user and an app would: the test is the app, sending
 * requests through the recording proxy with Node's fetch while the page is open; the
 * page is driven by role and name. Captures appear live, open whole, export, and turn
 * into a chat or a race; filters narrow the list; phone width, both themes, axe-core.
 */
import { readFileSync } from 'node:fs';
import {
  captureEnded,
  chatBody,
  expect,
  expectModel,
  type Locator,
  type Page,
  proxySend,
  sideways,
  test,
  unique,
  violations,
} from './support';

const TOOL = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: {} } },
};

const captures = (page: Page) => page.getByRole('table', { name: 'Captures' });
const rowOf = (page: Page, id: string): Locator => captures(page).locator(`tr[data-capture-id="${id}"]`);

/** The list has read its first page with the feed open: what comes next arrives live. */
async function openTraffic(page: Page, open: (url: string) => Promise<void>, url = '/traffic'): Promise<void> {
  await open(url);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText('Loading captures…')).toHaveCount(0);
}

test('a capture appears live, opens whole (request redacted, events, reply, figures), and exports as HAR and curl', async ({
  page,
  app,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openTraffic(page, (url) => app.open(url));
  // How to record: each provider's proxy address; recordings replay at /replay/{id}, not through it.
  const howTo = page.locator('details').filter({ hasText: 'Record an app’s traffic' });
  await expect(howTo).toContainText(`${baseURL}/proxy/sim-openai`);
  await expect(howTo).not.toContainText('/proxy/replay');
  const marker = unique();
  const secret = `sk-test-${marker}-do-not-show`;
  // Slow enough to be seen streaming: 40 tokens at 20 a second.
  const { id, done } = await proxySend(
    baseURL!,
    'sim-openai/chat/completions',
    chatBody('sim-thinking', `hi tokens=40 tps=20 think=10 ${marker}`),
    marker,
    { authorization: `Bearer ${secret}` },
  );
  const row = rowOf(page, id);
  // Live, no reload: listed while it streams, then ended in place.
  await expect(row).toHaveAttribute('data-status', 'streaming', { timeout: 3000 });
  await expect(page.getByRole('status', { name: 'New captures' })).toHaveText(
    'New capture: POST /chat/completions, sim-thinking',
  );
  const streamed = await done;
  expect(streamed).toContain('data: [DONE]');
  await expect(row).toHaveAttribute('data-status', 'complete');
  for (const text of ['sim-openai', 'POST', '/chat/completions', 'sim-thinking', '200 complete'])
    await expect(row.getByRole('cell', { name: text, exact: true })).toHaveCount(1);
  await expect(row).toContainText(/\$0\.\d+/); // its cost
  await expect(row).toContainText(/\d+ ms|\d\.\d\d s/); // time to first token, duration

  await row.getByRole('link', { name: '/chat/completions' }).click();
  await expect(page).toHaveURL(`/traffic/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Capture: POST /chat/completions' })).toBeVisible();
  // The request: the app's authorization redacted, nowhere on the page; the body pretty.
  const headers = page.getByRole('definition').filter({ hasText: '[redacted]' });
  await expect(headers).toHaveCount(1);
  await expect(page.getByLabel('Request headers')).toContainText('authorization[redacted]');
  await expect(page.getByLabel('Request body')).toContainText(`"model": "sim-thinking",\n  "stream": true`);
  // Highlighted as the chat highlights its code: Shiki's tokens, colored by the theme.
  await expect(page.getByLabel('Request body').locator('span[style*="--sdm-c"]').first()).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  // The response head, the event log's rows, the reply with its thinking, the figures.
  await expect(page.getByLabel('Response headers')).toContainText('content-typetext/event-stream');
  const log = page.getByRole('region', { name: 'Event log' });
  await expect(log.locator('[data-log-row]').first()).toBeVisible();
  await expect(log.getByRole('heading', { name: /Event log · \d+ items/ })).toBeVisible();
  const reply = page.getByRole('article', { name: 'Captured reply' });
  await expect(reply.getByText(/^Thought for \d+\.\d s$/)).toBeVisible();
  await expect(reply.locator('.prose-sluice').first()).toContainText(/\w{3,}/);
  const figures = page.getByLabel('Capture figures');
  for (const label of ['Time to first token', 'Duration', 'Speed', 'Tokens in', 'Tokens out', 'Cost'])
    await expect(figures.getByRole('term').filter({ hasText: label })).toHaveCount(1);

  // In sight: Replay, Open in chat, Copy as curl; the rest under More actions, by their names.
  const actions = page.getByRole('group', { name: 'Capture actions' });
  await expect(actions.getByRole('link')).toHaveText(['Replay', 'Open in chat']);
  await expect(actions.getByRole('button')).toHaveText(['Copy as curl', /^More actions/]);
  await actions.getByRole('button', { name: 'More actions' }).click();
  const more = page.getByRole('menu', { name: 'More capture actions' });
  await expect(more.getByRole('menuitem')).toHaveText([
    'Race this prompt',
    'Diff with a stored reply',
    'Copy replay URL',
    'Export HAR',
    'Delete',
  ]);
  await expect(more.getByRole('menuitem', { name: 'Race this prompt' })).toHaveAttribute('href', `/race?capture=${id}`);
  await app.shot('traffic-capture-more-actions', { fullPage: false });

  // HAR 1.2, as a download named for the capture (its start, its id), as its .sse and .jsonl are.
  const download = page.waitForEvent('download');
  await more.getByRole('menuitem', { name: 'Export HAR' }).click();
  const named = (await download).suggestedFilename();
  expect(named).toMatch(new RegExp(`^sluice-capture-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ-${id}\\.har$`));
  const base = named.replace(/\.har$/, '');
  const har = readFileSync(await (await download).path(), 'utf8');
  expect(har).not.toContain(secret);
  const parsed = JSON.parse(har) as {
    log: { version: string; entries: { request: { url: string }; response: { status: number } }[] };
  };
  expect(parsed.log.version).toBe('1.2');
  expect(parsed.log.entries[0]).toMatchObject({
    request: { url: expect.stringContaining('/chat/completions') },
    response: { status: 200 },
  });

  // Copy as curl: the upstream, the key from a variable, the body as the app sent it.
  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl -N -X POST '${baseURL}/api/sim/openai/v1/chat/completions'`);
  expect(curl).toContain(`-H 'authorization: Bearer '"$API_KEY"`);
  expect(curl).toContain(marker);
  expect(curl).not.toContain(secret);
  expect(curl).not.toMatch(/-H 'host:/);

  // The event log's own exports.
  const sse = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export .sse' }).click();
  expect((await sse).suggestedFilename()).toBe(`${base}.sse`);
  expect(readFileSync(await (await sse).path(), 'utf8')).toBe(streamed);
  const jsonl = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export .jsonl' }).click();
  expect((await jsonl).suggestedFilename()).toBe(`${base}.jsonl`);
});

test('Open in chat: the captured conversation, system prompt, tools and parameters, on its model, ready to regenerate', async ({
  page,
  app,
  baseURL,
}) => {
  const marker = unique();
  const { id } = await proxySend(
    baseURL!,
    'sim-openai/chat/completions',
    chatBody('sim-echo', `Echo me ${marker} tokens=8`, {
      messages: [
        { role: 'system', content: 'You repeat.' },
        { role: 'user', content: `Echo me ${marker} tokens=8` },
      ],
      tools: [TOOL],
      temperature: 0.3,
    }),
    marker,
  );
  await captureEnded(baseURL!, id);
  await app.open(`/traffic/${id}`);
  await page.getByRole('link', { name: 'Open in chat' }).click();
  await expect(page).toHaveURL(`/?capture=${id}`);
  await app.hydrated();
  await expectModel(page, 'sim-openai::sim-echo');
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveText(new RegExp(`Echo me ${marker} tokens=8`));
  await expect(page.getByText('System prompt')).toBeVisible();
  await expect(app.lastReply()).toContainText(`Echo me ${marker}`);
  await page.getByText('Parameters', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Tools' })).toHaveValue(/"name": "get_weather"/);
  await expect(page.getByRole('spinbutton', { name: 'Temperature' })).toHaveValue('0.3');
  await app.shot('traffic-open-in-chat');

  // Regenerate: the first request carries it all, and the conversation is stored as it stands.
  await app.lastReply().getByRole('button', { name: 'Regenerate reply' }).click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await app.done();
  await expect(app.lastReply()).toContainText(`Echo me ${marker}`);
  await app.send(`Again ${marker} tokens=4`);
  await app.done();
  await page.reload();
  await app.hydrated();
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
  await expect(page.getByText('System prompt')).toBeVisible();
  await expect(app.lastReply()).toContainText(`Again ${marker}`);
});

test('Race this prompt: a race on the captured model first, the captured prompt ready to send', async ({
  page,
  app,
  baseURL,
}) => {
  const marker = unique();
  const { id } = await proxySend(
    baseURL!,
    'sim-openai/chat/completions',
    chatBody('sim-echo', `Race ${marker} tokens=6`, { tools: [TOOL] }),
    marker,
  );
  await captureEnded(baseURL!, id);
  await app.open(`/traffic/${id}`);
  await page.getByRole('group', { name: 'Capture actions' }).getByRole('button', { name: 'More actions' }).click();
  const race = page.getByRole('menuitem', { name: 'Race this prompt' });
  await expect(race).toHaveAttribute('href', `/race?capture=${id}`);
  await race.click();
  await expect(page).toHaveURL(`/race?capture=${id}`);
  await app.hydrated();
  const first = page.getByRole('region', { name: 'Pane 1' });
  await expectModel(first, 'sim-openai::sim-echo');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(`Race ${marker} tokens=6`);
  await expect(page.getByText('From the captured request: its tool (get_weather), for every pane.')).toBeVisible();
  await app.shot('traffic-race-this-prompt');
  await app.sendButton().click();
  await app.done();
  await expect(app.lastReply(first)).toContainText(`Race ${marker}`);
  await expect(app.lastReply(page.getByRole('region', { name: 'Pane 2' }))).toBeVisible();
});

test('filters narrow the list, by provider, status, model and words, and stay in the address', async ({ page, app, baseURL }) => {
  const [a, b] = [unique(), unique()];
  const openai = await proxySend(baseURL!, 'sim-openai/chat/completions', chatBody('sim-echo', `filter ${a}`), a);
  const anthropic = await proxySend(
    baseURL!,
    'sim-anthropic/v1/messages',
    { model: 'sim-markdown', max_tokens: 64, stream: true, messages: [{ role: 'user', content: `filter ${b} tokens=10` }] },
    b,
  );
  await Promise.all([captureEnded(baseURL!, openai.id), captureEnded(baseURL!, anthropic.id)]);
  await openTraffic(page, (url) => app.open(url));
  const filters = page.getByRole('search', { name: 'Filter captures' });
  await expect(rowOf(page, openai.id)).toBeVisible();
  await expect(rowOf(page, anthropic.id)).toBeVisible();

  // The filters offer the values that occur in captures: no model of a provider no app used, no recording's id.
  const modelOptions = await filters.getByRole('combobox', { name: 'Model' }).locator('option').allTextContents();
  expect(modelOptions).toContain('sim-echo');
  expect(modelOptions).toContain('sim-markdown');
  expect(modelOptions.filter((m) => /^[0-9a-f]{8}-/.test(m))).toEqual([]);
  expect(modelOptions).not.toContain('sim-fault-http-401');
  const statuses = filters.getByRole('combobox', { name: 'Status' }).locator('option');
  await expect(statuses.filter({ hasText: 'cassette miss' })).toHaveAttribute('value', 'cassette-miss');

  await filters.getByRole('combobox', { name: 'Provider' }).selectOption('sim-anthropic');
  // The chosen provider's models only.
  await expect(filters.getByRole('combobox', { name: 'Model' }).locator('option', { hasText: 'sim-echo' })).toHaveCount(0);
  await expect(rowOf(page, openai.id)).toHaveCount(0);
  await expect(rowOf(page, anthropic.id)).toContainText('/messages');
  await expect(captures(page).locator('tbody tr').filter({ hasNotText: 'sim-anthropic' })).toHaveCount(0);

  await filters.getByRole('combobox', { name: 'Provider' }).selectOption('');
  await filters.getByRole('combobox', { name: 'Model' }).selectOption('sim-echo');
  await expect(rowOf(page, anthropic.id)).toHaveCount(0);
  await expect(rowOf(page, openai.id)).toBeVisible();

  await filters.getByRole('combobox', { name: 'Status' }).selectOption('client-closed');
  await expect(rowOf(page, openai.id)).toHaveCount(0);
  await filters.getByRole('combobox', { name: 'Status' }).selectOption('complete');
  await filters.getByRole('combobox', { name: 'Model' }).selectOption('');
  await filters.getByRole('searchbox', { name: 'Search captures' }).fill(b);
  await expect(rowOf(page, openai.id)).toHaveCount(0);
  await expect(captures(page).locator('tbody tr')).toHaveCount(1);
  await expect(rowOf(page, anthropic.id)).toBeVisible();
  await expect(page).toHaveURL(`/traffic?status=complete&q=${b}`);

  // The address keeps them: a reload shows the same list.
  await page.reload();
  await app.hydrated();
  await expect(page.getByRole('searchbox', { name: 'Search captures' })).toHaveValue(b);
  await expect(captures(page).locator('tbody tr')).toHaveCount(1);

  // A new capture that matches the search arrives live; one that does not, does not.
  const c = unique();
  const late = await proxySend(baseURL!, 'sim-openai/chat/completions', chatBody('sim-echo', `late ${b} ${c}`), c);
  const other = await proxySend(baseURL!, 'sim-openai/chat/completions', chatBody('sim-echo', `other ${c}x`), `${c}x`);
  await expect(rowOf(page, late.id)).toBeVisible();
  await captureEnded(baseURL!, other.id);
  await expect(rowOf(page, late.id)).toHaveAttribute('data-status', 'complete');
  await expect(rowOf(page, other.id)).toHaveCount(0);

  // Deleted from its page (More actions, Delete), after a question: back on the list, it is gone, and so is its address.
  await app.open(`/traffic/${late.id}`);
  const more = page.getByRole('group', { name: 'Capture actions' }).getByRole('button', { name: 'More actions' });
  await more.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this capture?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  expect((await fetch(`${baseURL}/api/captures/${late.id}`)).status).toBe(200);
  await more.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/traffic$/);
  await expect(rowOf(page, anthropic.id)).toBeVisible();
  await expect(rowOf(page, late.id)).toHaveCount(0);
  expect((await fetch(`${baseURL}/api/captures/${late.id}`)).status).toBe(404);
});

const VIEWS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['light', 'dark'] as const) {
  test(`the list and a capture, ${theme}: no serious axe violation, no sideways scroll on a phone`, async ({
    page,
    app,
    baseURL,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    const marker = unique();
    const { id } = await proxySend(
      baseURL!,
      'sim-anthropic/v1/messages',
      {
        model: 'sim-tools',
        max_tokens: 200,
        stream: true,
        system: 'Use the tools.',
        tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
        messages: [{ role: 'user', content: `Weather? ${marker}` }],
      },
      marker,
    );
    await captureEnded(baseURL!, id);
    const found: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await openTraffic(page, (url) => app.open(url));
      await expect(rowOf(page, id)).toBeVisible();
      found[`list ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      await app.shot(`traffic-list-${view.name}-${theme}`, { fullPage: false });

      await app.open(`/traffic/${id}`);
      await expect(page.getByRole('region', { name: 'Event log' }).locator('[data-log-row]').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tool call get_weather' })).toBeVisible();
      found[`capture ${view.name}`] = await violations(page);
      if (view.name === 'phone') expect(await sideways(page)).toBe(0);
      await app.shot(`traffic-capture-${view.name}-${theme}`);
    }
    expect(found).toEqual({ 'list desktop': [], 'capture desktop': [], 'list phone': [], 'capture phone': [] });
  });
}
