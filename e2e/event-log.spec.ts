import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureText } from '../tests/support/fixtures';
import { startNextServer } from '../tests/support/next-server';
import { startSimulator } from '../tests/support/simulator';
import { expect, settled, test, type Page, type SluiceApp } from './support';

const panel = (page: Page) => page.getByRole('region', { name: 'Event log' });
const rows = (page: Page) => panel(page).locator('[data-log-row]');

/** Names of the rows rendered, in order (the BFF badge dropped); rows are virtualized, so only those near the scroll position. */
const names = async (page: Page) =>
  (await rows(page).locator('button[aria-expanded] > span:nth-child(4)').allInnerTexts()).map((t) =>
    t.replace(/^BFF/, '').trim(),
  );
const shownCount = async (page: Page) => Number((await panel(page).getByTestId('event-log-count').innerText()).split(' ')[0]);

/** Asks `model` and waits for its reply, then opens the event log. */
async function replyAndLog(app: SluiceApp, model: string, prompt: string) {
  await app.open();
  await app.ask(model, prompt);
  await app.done();
  await app.page.getByRole('button', { name: 'Event log', exact: true }).click();
}

/** Stops following the tail and scrolls the rows to the top or the bottom. */
async function scrollRows(page: Page, to: 'top' | 'bottom') {
  const follow = panel(page).getByRole('button', { name: 'Follow tail' });
  if ((await follow.getAttribute('aria-pressed')) === 'true') await follow.click();
  await panel(page)
    .getByTestId('event-log-rows')
    .evaluate((el, where) => (el.scrollTop = where === 'top' ? 0 : el.scrollHeight), to);
  await page.waitForTimeout(100);
}

const PROTOCOLS = [
  { provider: 'sim-openai', first: 'message', terminal: 'message', terminalData: '[DONE]', expected: ['message'] },
  {
    provider: 'sim-anthropic',
    first: 'message_start',
    terminal: 'message_stop',
    terminalData: 'message_stop',
    expected: ['message_start', 'content_block_delta'],
  },
  {
    provider: 'sim-responses',
    first: 'response.created',
    terminal: 'response.completed',
    terminalData: 'response.completed',
    expected: ['response.output_text.delta'],
  },
  { provider: 'sim-gemini', first: 'message', terminal: 'message', terminalData: 'finishReason', expected: ['message'] },
];

for (const p of PROTOCOLS) {
  test(`${p.provider}: every event in order, the BFF's lines marked, the terminal event highlighted, timings in ms`, async ({
    page,
    app,
  }) => {
    await app.open();
    await app.ask(`${p.provider}::sim-markdown`, 'tokens=40 tps=400 delay=0');
    await app.done();
    await page.getByRole('button', { name: 'Event log', exact: true }).click();
    await expect(panel(page)).toBeVisible();
    await scrollRows(page, 'top');
    const top = await names(page);
    expect(top.slice(0, 3)).toEqual(['sluice open', 'sluice upstream', p.first]);
    for (const name of p.expected) expect(top).toContain(name);
    await scrollRows(page, 'bottom');
    expect((await names(page)).at(-1)).toBe('sluice end');
    // What the end line means, in words: a complete reply's end reads as one, not as an error.
    await expect(rows(page).last()).toContainText('End: the stream is complete');
    const terminal = rows(page).filter({ hasText: 'terminal:' });
    await expect(terminal).toHaveCount(1);
    await expect(terminal).toContainText(p.terminalData);
    await expect(rows(page).first()).toContainText(/\d+(\.\d)? ms/);
    await expect(panel(page).getByText('The stream ended without its terminal event.')).toHaveCount(0);
    // Comments and pings can be hidden.
    const all = await shownCount(page);
    await panel(page).getByRole('checkbox', { name: 'Comments and pings' }).uncheck();
    // The BFF's open, upstream and end lines, and Anthropic's own ping event.
    await expect.poll(() => shownCount(page)).toBe(all - (p.provider === 'sim-anthropic' ? 4 : 3));
    await scrollRows(page, 'top');
    expect(await names(page)).not.toContain('sluice open');
    if (p.provider === 'sim-anthropic') await app.shot('event-log-anthropic', { fullPage: false });
  });
}

test('filter by name and search narrow the rows; a row shows the part of the reply it produced', async ({ page, app }) => {
  await app.open();
  await app.ask('sim-anthropic::sim-markdown', 'tokens=60 tps=600 delay=0');
  await app.done();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const all = await shownCount(page);
  await panel(page).getByRole('combobox', { name: 'Event name' }).selectOption('content_block_delta');
  await expect.poll(async () => new Set(await names(page))).toEqual(new Set(['content_block_delta']));
  expect(await shownCount(page)).toBeLessThan(all);
  await panel(page).getByRole('combobox', { name: 'Event name' }).selectOption('');
  await panel(page).getByRole('searchbox', { name: 'Search events' }).fill('message_stop');
  await expect.poll(() => names(page)).toEqual(['message_stop']);
  await panel(page).getByRole('searchbox', { name: 'Search events' }).fill('');
  await panel(page).getByRole('combobox', { name: 'Event name' }).selectOption('content_block_delta');
  await rows(page).first().getByRole('button').first().click();
  await panel(page)
    .getByRole('button', { name: /^Show in reply/ })
    .click();
  await expect(app.lastReply().locator('[data-part][aria-current="true"]')).toHaveCount(1);
});

test('the panel names the reply it shows, and its rows give the data the room', async ({ page, app }) => {
  await replyAndLog(app, 'sim-anthropic::sim-markdown', 'tokens=40 tps=400 delay=0');
  // Model, provider, and when (the server's time, once the reply is stored).
  await expect(panel(page)).toHaveAccessibleDescription(
    /^Newest reply: sim-markdown · Simulator · Anthropic Messages · \d{1,2}:\d{2}\b/,
  );
  await app.ask('sim-openai::sim-echo', 'second tokens=5 delay=0');
  await app.done();
  await expect(panel(page)).toHaveAccessibleDescription(/^Newest reply: sim-echo · Simulator · OpenAI Chat · /);
  await app.replyAction('Show this reply in the event log', page.getByRole('article', { name: 'Assistant reply' }).first());
  await expect(panel(page)).toHaveAccessibleDescription(/^Reply: sim-markdown · Simulator · Anthropic Messages · /);

  // The number, time and gap are narrow; the data has the widest column, over a third of the row.
  await panel(page).getByRole('combobox', { name: 'Event name' }).selectOption('content_block_delta');
  const row = rows(page).first().getByRole('button').first();
  const cells = row.locator(':scope > span');
  const [rowBox, at, data] = [
    (await row.boundingBox())!,
    (await cells.nth(1).boundingBox())!,
    (await cells.nth(4).boundingBox())!,
  ];
  expect(at.width).toBeLessThanOrEqual(52);
  expect(data.width).toBeGreaterThan(rowBox.width / 3);
  await expect(cells.nth(4)).toContainText('"type":"content_block_delta"');
  await app.shot('event-log-panel', { fullPage: false });

  // Its close button closes it, and focus goes back to the button that opened it.
  await panel(page).getByRole('button', { name: 'Close event log' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Event log', exact: true })).toBeFocused();

  // Escape closes it too, from a row inside it: focus back on its button.
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await rows(page).first().getByRole('button').first().focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Event log', exact: true })).toBeFocused();
  // And from its button, just pressed.
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);

  // New chat closes it: a new chat has no reply whose events it could show.
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  await page.getByRole('link', { name: 'New chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(app.lastReply()).toHaveCount(0);
  await expect(panel(page)).toHaveCount(0);
});

test('a capture without timing says so instead of showing every time as 0.0 ms; its import label reads cleanly', async ({
  page,
  app,
}) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await panel(page).getByText('Import or paste a stream').click();
  // The label is one line, and the hint's file names and command never break inside.
  const label = panel(page).getByText('Import stream', { exact: true });
  expect((await label.boundingBox())!.height).toBeLessThan(20);
  for (const code of await panel(page).locator('code').all()) expect((await code.boundingBox())!.height).toBeLessThan(20);
  await panel(page)
    .getByLabel('Import stream')
    .setInputFiles({
      name: 'capture.sse',
      mimeType: 'text/plain',
      buffer: Buffer.from(fixtureText('openai-chat/finish-length.sse')),
    });
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await expect(panel(page)).toHaveAccessibleDescription('Imported: capture.sse');
  await expect(panel(page).getByRole('note')).toContainText('No timing');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first()).not.toContainText(' ms', { useInnerText: true });
  expect(await names(page)).toContain('message');
  // The reply's figures too: its timing is unknown, not "TTFT ≈0 ms"; its tokens are the capture's.
  const figures = app.lastReply().getByLabel('Reply figures');
  await expect(figures).toContainText(/timing\s*unknown/);
  await expect(figures).toContainText(/out\s*\d+/);
  await expect(figures).not.toContainText(/TTFT|total|ms\b/);
  await app.shot('event-log-untimed', { fullPage: false });
});

test('an imported reply’s thinking says how long it took only when the capture says: under 0.1 s, never “0.0 s”', async ({
  page,
  app,
}) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await panel(page).getByText('Import or paste a stream').click();
  const capture = fixtureText('anthropic-messages/thinking-signature.sse');
  const thought = () => app.lastReply().locator('details').first().locator('summary');
  // A .sse capture has no timing: it thought, for no time anyone knows.
  await panel(page)
    .getByLabel('Import stream')
    .setInputFiles({ name: 'thinking.sse', mimeType: 'text/plain', buffer: Buffer.from(capture) });
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await expect(thought()).toHaveText('Thought');
  // The same events a millisecond apart, as a .jsonl export times them: it thought for a few ms.
  const timed = capture
    .split(/\n\n+/)
    .filter((event) => event.trim())
    .map((event, i) => JSON.stringify({ at: 100 + i, raw: `${event}\n\n` }))
    .join('\n');
  await panel(page)
    .getByLabel('Import stream')
    .setInputFiles({ name: 'thinking.jsonl', mimeType: 'text/plain', buffer: Buffer.from(timed) });
  await expect(app.lastReply()).toContainText('thinking.jsonl');
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await expect(thought()).toHaveText('Thought for under 0.1 s');
  await expect(app.lastReply().getByLabel('Reply figures')).toContainText(/TTFT\s*≈?1\d\d ms/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the event log is a sheet over the whole screen, its rows showing name and data, with a clear close', async ({
    page,
    app,
  }) => {
    await replyAndLog(app, 'sim-anthropic::sim-markdown', 'tokens=40 tps=400 delay=0');
    const sheet = page.getByRole('dialog', { name: 'Event log' });
    await expect(sheet).toBeVisible();
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The page behind is out of reach while it is open.
    const focusable = (name: string) =>
      page.getByRole('textbox', { name }).evaluate((el) => {
        el.focus();
        return document.activeElement === el;
      });
    expect(await focusable('Message')).toBe(false);
    const close = sheet.getByRole('button', { name: 'Close event log' });
    await expect(close).toBeInViewport();

    // A row: its name, and its data on a line of its own across the sheet.
    await panel(page).getByRole('combobox', { name: 'Event name' }).selectOption('content_block_delta');
    const cells = rows(page).first().getByRole('button').first().locator(':scope > span');
    await expect(cells.nth(3)).toHaveText('content_block_delta');
    await expect(cells.nth(4)).toContainText('"type":"content_block_delta"');
    const data = (await cells.nth(4).boundingBox())!;
    expect(data.width).toBeGreaterThan(300);
    await app.shot('event-log-phone', { fullPage: false });

    await close.click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Event log', exact: true })).toBeFocused();
    // Escape closes it too.
    await page.getByRole('button', { name: 'Event log', exact: true }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    expect(await focusable('Message')).toBe(true);
  });

  test('opened mid-reply, the sheet follows the live stream, and shows that it does', async ({ page, app }) => {
    await app.open();
    await app.ask('sim-openai::sim-markdown', 'tokens=3000 tps=150 delay=0');
    await app.streamed();
    await page.getByRole('button', { name: 'Event log', exact: true }).click();
    const follow = panel(page).getByRole('button', { name: 'Follow tail' });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    // Pressed is plain to see: filled, unlike the other controls.
    const filled = await follow.evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await panel(page)
      .getByRole('button', { name: 'Export .sse' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(filled).not.toBe(plain);
    // A healthy log offers no jump to an error it does not have.
    await expect(panel(page).getByRole('button', { name: 'Jump to first error' })).toHaveCount(0);
    // The rows keep up with the stream: at the bottom each time, with ever more rows above.
    const box = panel(page).getByTestId('event-log-rows');
    const gapBelow = () => box.evaluate((el) => el.scrollHeight - (el.scrollTop + el.clientHeight));
    const before = await shownCount(page);
    await expect.poll(() => shownCount(page)).toBeGreaterThan(before + 20);
    await expect.poll(gapBelow).toBeLessThan(40);
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(app.lastReply()).toHaveAttribute('data-status', 'streaming');
    // Pressed again, it lets go, and says so.
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(await follow.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(plain);
  });
});

test('opened on a finished reply, the log starts at its first row, not following; its controls stay put as names come', async ({
  page,
  app,
}) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const pings = panel(page).getByText('Comments and pings');
  const select = panel(page).getByRole('combobox', { name: 'Event name' });
  // Where it sits in the row of controls (the heading above gains the reply's description).
  const at = async () => {
    const [box, row] = [(await pings.boundingBox())!, (await select.boundingBox())!];
    return { x: box.x, y: box.y - row.y, selectWidth: row.width };
  };
  const empty = await at();
  await app.ask('sim-anthropic::sim-markdown', 'tokens=400 tps=400 delay=0');
  await app.done();
  // The filter's new names (message_start, content_block_delta, …) widen nothing.
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(3);
  expect(await at()).toEqual(empty);
  // Reopened on the finished reply: from the top.
  await page.getByRole('button', { name: 'Close event log' }).click();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(panel(page).getByRole('button', { name: 'Follow tail' })).toHaveAttribute('aria-pressed', 'false');
  await expect(rows(page).first()).toBeVisible();
  expect(
    await panel(page)
      .getByTestId('event-log-rows')
      .evaluate((el) => el.scrollTop),
  ).toBe(0);
  expect((await names(page))[0]).toBe('sluice open');
});

test('a stream cut short says it ended without its terminal event; Jump to first error finds the error', async ({
  page,
  app,
}) => {
  await app.open();
  await app.ask('sim-openai::sim-fault-eof', 'tokens=30 delay=0');
  await app.done();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(panel(page).getByText('The stream ended without its terminal event.')).toBeVisible();
  await scrollRows(page, 'bottom');
  await expect(rows(page).last()).toContainText('End: the upstream closed its stream before its terminal event');
  await app.ask('sim-responses::sim-fault-error', 'tokens=30 delay=0');
  await app.done();
  await panel(page).getByRole('button', { name: 'Jump to first error' }).click();
  await expect(rows(page).filter({ hasText: 'error:' }).first()).toBeInViewport();
});

test('export .jsonl and .sse, import them back: the same events and the same reply', async ({ page, app }) => {
  await app.open();
  await app.ask('sim-anthropic::sim-thinking', 'think=20 tokens=40 tps=400 delay=0');
  await app.done();
  await expect(app.lastReply().getByLabel('Reply figures')).toHaveAttribute('data-clock', 'server'); // the server's figures
  const original = await settled(() => app.lastReply().locator('.prose-sluice').innerText());
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const count = await panel(page)
    .getByRole('heading', { name: /Event log/ })
    .innerText();
  await panel(page).getByText('Import or paste a stream').click();
  await panel(page).getByRole('radio', { name: 'Instantly' }).check();
  // Named by the reply (its model, its request's time), not by the moment of the export: both files one name.
  const files: string[] = [];
  for (const format of ['.jsonl', '.sse']) {
    const download = page.waitForEvent('download');
    await panel(page)
      .getByRole('button', { name: `Export ${format}` })
      .click();
    files.push((await download).suggestedFilename());
  }
  expect(files[0]).toMatch(/^sluice-sim-thinking-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl$/);
  expect(files[1]).toBe(files[0]!.replace(/\.jsonl$/, '.sse'));
  for (const format of ['.jsonl', '.sse']) {
    await app.replyAction('Show this reply in the event log');
    const download = page.waitForEvent('download');
    await panel(page)
      .getByRole('button', { name: `Export ${format}` })
      .click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    if (format === '.sse') expect(text).toMatch(/^: sluice [0-9a-f]{16} open\n/);
    if (format === '.jsonl') {
      // Its last line: the reply's figures (the server's, settled) and what it cost.
      const summary = JSON.parse(text.trimEnd().split('\n').at(-1)!) as {
        kind: string;
        clock: string;
        ttftMs: number;
        model: string;
        speed: { from: string };
        cost: { usd: number };
        pricing: { source: string };
      };
      expect(summary).toMatchObject({
        kind: 'reply',
        clock: 'server',
        model: 'sim-thinking',
        speed: { from: 'usage' },
        pricing: { source: 'config' },
      });
      expect(summary.ttftMs).toBeGreaterThan(0);
      expect(summary.cost.usd).toBeGreaterThan(0);
    }
    await panel(page)
      .getByLabel(/^Import stream/)
      .setInputFiles({ name: `capture${format}`, mimeType: 'text/plain', buffer: Buffer.from(text) });
    const imported = app.lastReply();
    await expect(imported).toContainText(`capture${format}`);
    await expect(imported).toHaveAttribute('data-status', 'complete');
    // A reply's last markdown tree may land a frame after its status: poll, do not read once.
    await expect.poll(() => imported.locator('.prose-sluice').innerText()).toBe(original);
    await expect(panel(page).getByRole('heading', { name: /Event log/ })).toHaveText(
      `${count.split('·')[0]!.trim()} · ${count.split('·')[1]!.trim()} · capture${format}`,
    );
  }
});

test('a pasted curl capture replays; nonsense gets a clear error', async ({ page, app }) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  await panel(page).getByText('Import or paste a stream').click();
  await panel(page).getByRole('textbox', { name: 'Paste SSE' }).fill('hello there');
  await panel(page).getByRole('button', { name: 'Load pasted stream' }).click();
  await expect(panel(page).getByRole('alert')).toContainText('No SSE events found');
  const capture = fixtureText('openai-chat/finish-length.sse');
  await panel(page).getByRole('textbox', { name: 'Paste SSE' }).fill(capture);
  await panel(page).getByRole('button', { name: 'Load pasted stream' }).click();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  await expect(app.lastReply()).toContainText('imported · openai-chat');
});

test('a capture dropped anywhere on the log replays', async ({ page, app }) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const capture = fixtureText('anthropic-messages/thinking-signature.sse');
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.sse', { type: 'text/plain' }));
    return transfer;
  }, capture);
  await panel(page).getByTestId('event-log-rows').dispatchEvent('drop', { dataTransfer });
  await expect(app.lastReply()).toContainText('dropped.sse');
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(panel(page).getByRole('heading', { name: /Event log/ })).toContainText('dropped.sse');
});

test('100k events: virtualized, under 2000 row nodes, Follow tail going to the last one', async ({ page, app }) => {
  await app.open();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const chunk = (i: number) =>
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"t${i} "}}]}\n\n`;
  const text = Array.from({ length: 100_000 }, (_, i) => chunk(i)).join('') + 'data: [DONE]\n\n';
  await panel(page).getByText('Import or paste a stream').click();
  await panel(page).getByRole('radio', { name: 'Instantly' }).check();
  await panel(page)
    .getByLabel(/^Import stream/)
    .setInputFiles({ name: 'big.sse', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(panel(page).getByRole('heading', { name: /Event log/ })).toContainText('100001 items', { timeout: 30_000 });
  // Over at once, it opens at its start; Follow tail takes it to the last row.
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  await panel(page).getByRole('button', { name: 'Follow tail' }).click();
  await expect(rows(page).filter({ hasText: '#100000' })).toBeVisible({ timeout: 15_000 });
  const nodes = await rows(page).count();
  expect(nodes).toBeGreaterThan(5);
  expect(nodes).toBeLessThan(2000);
});

test('copy as curl names the key’s variable and never the key; the log is there after a reload', async ({ page, app }) => {
  const secret = 'sk-e2e-never-show-this-4711';
  const sim = await startSimulator();
  const config = join(mkdtempSync(join(tmpdir(), 'sluice-keyed-')), 'providers.json');
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        {
          id: 'keyed-sim',
          protocol: 'openai-chat',
          baseUrl: `${sim.origin}/openai/v1`,
          apiKeyEnv: 'E2E_SECRET_KEY',
          models: ['sim-echo'],
        },
      ],
    }),
  );
  const server = await startNextServer({ SLUICE_CONFIG: config, E2E_SECRET_KEY: secret });
  try {
    await app.open(`${server.origin}/`);
    await app.ask('keyed-sim::sim-echo', 'curl me tokens=5 delay=0');
    await app.done();
    await page.getByRole('button', { name: 'Event log', exact: true }).click();
    // What Sluice took of the first byte, beside the upstream's share.
    await expect(panel(page).getByText(/^Upstream request and response/)).toContainText(
      /headers after [\d.]+ ms: Sluice [\d.]+ ms, upstream [\d.]+ ms/,
    );
    await panel(page)
      .getByText(/^Upstream request and response/)
      .click();
    const curl = await panel(page).getByLabel('curl command').innerText();
    expect(curl).toContain(`curl -N -X POST '${sim.origin}/openai/v1/chat/completions'`);
    expect(curl).toContain(`-H 'authorization: Bearer '"$E2E_SECRET_KEY"`);
    expect(curl).toContain('curl me');
    expect(await page.content()).not.toContain(secret);
    expect(await panel(page).getByLabel('Request').innerText()).toContain('authorization: [redacted]');
    // Reopened, the log comes from the store.
    await app.open(page.url());
    await expect(page).toHaveURL(/\/c\//);
    await page.getByRole('button', { name: 'Event log', exact: true }).click();
    await expect(rows(page).first()).toBeVisible();
    expect((await names(page)).slice(0, 2)).toEqual(['sluice open', 'sluice upstream']);
    await expect(rows(page).filter({ hasText: 'terminal:' })).toContainText('[DONE]');
    expect(server.output()).not.toContain(secret);
  } finally {
    await page.goto('about:blank'); // let go of the server so it can shut down at once
    await server.stop();
    await sim.close();
  }
});
