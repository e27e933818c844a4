/**
 * Shares (issue 40), as a user meets them: a chat shared from its header's dialog, the
 * link opened in another browser context (the reply, its raw events, no script), forked
 * from there into a conversation, then revoked from the dialog's list, after which the
 * link is a plain 404. The dialog and the
 * share page at 1440 and 390 px, light and dark; axe on both.
 */
import { expect, test, violations, sideways, type Page, unique } from './support';

/** Screenshots at 1440 and 390 px, light and dark: the system's scheme, and the app's theme class as its toggle sets it. */
async function shots(page: Page, name: string, shoot: (name: string) => Promise<void>) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), colorScheme === 'dark');
      await shoot(`${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('share a chat, open the link in another context, revoke it: the link is then a 404', async ({
  page,
  app,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/');
  const words = `Shared ${unique()} words for the snapshot`;
  await app.ask('sim-openai::sim-echo', words);
  await app.done();

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Expires' }).selectOption('7');
  // Without sign-in there is no one to limit a link to: the choice is not offered (sign-in.spec has it).
  await expect(dialog.getByRole('switch', { name: 'Signed-in users only' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByRole('textbox', { name: /Share link/ });
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('list', { name: 'Your shares' })).toContainText('expires');
  expect(await violations(page)).toEqual([]);
  await shots(page, 'share-dialog', (name) => app.shot(name, { fullPage: false }));

  // A visitor, in a browser context of their own: the snapshot, its reply and raw events, no script.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  const csp: string[] = [];
  other.on('console', (m) => m.text().includes('Content Security Policy') && csp.push(m.text()));
  const opened = await other.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(other.getByRole('heading', { level: 1 })).toContainText('Shared');
  await expect(other.getByRole('article').last()).toContainText(words);
  expect(await other.locator('script').count()).toBe(0);
  await other.getByText(/^Raw events \(\d+/).click();
  await expect(other.getByRole('table')).toContainText('data:');
  await expect(other.getByRole('table')).toContainText(words);
  await expect(other.getByRole('button', { name: 'Fork into my conversations' })).toBeVisible();
  // Sluice's own page: its name, a link home; no referrer leaves for another site, but its own form keeps its Origin.
  await expect(other.getByRole('navigation', { name: 'Sluice' }).getByRole('link', { name: 'Sluice' })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(other.locator('meta[name="referrer"]')).toHaveAttribute('content', 'same-origin');
  expect(await violations(other)).toEqual([]);
  await shots(other, 'share-page', async (name) => {
    expect(await sideways(other)).toBe(0);
    await other.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
  });

  // The page's one call to action: a copy in my own conversations, where the fork lands (issue 50: it was a JSON 403).
  await other.getByRole('button', { name: 'Fork into my conversations' }).click();
  await expect(other).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(other.getByText(words).first()).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // It says it is a copy, of which share and when, kept with it: after a reload too.
  const forked = other.getByRole('note', { name: 'Forked from a shared conversation' });
  await expect(forked).toContainText(`“${words}”`);
  await expect(forked).toContainText(/shared \S/);
  await other.reload();
  await expect(forked).toContainText(`“${words}”`);
  await shots(other, 'share-forked', async (name) => {
    expect(await sideways(other)).toBe(0);
    await other.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
  });
  // The conversation shared is no copy.
  await expect(page.getByRole('note', { name: 'Forked from a shared conversation' })).toHaveCount(0);
  await other.goto(link);

  // Revoked from the dialog's list, asked first: the link opens nothing any more.
  // Its own share: other specs share runs and conversations of their own on this server.
  await dialog.getByRole('button', { name: new RegExp(`^Revoke share .${words}.$`) }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this share?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('list', { name: 'Your shares' })).toContainText('revoked');
  const gone = await other.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(other.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect(csp).toEqual([]);
  await visitor.close();
});

test('the share page takes the theme chosen in the app; with none chosen, the system’s', async ({ page, app, browser }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await app.open('/');
  await app.ask('sim-openai::sim-echo', `Themed ${unique()} share`);
  await app.done();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: /Share link/ }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const background = (on: Page) => on.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const DARK = 'rgb(9, 9, 11)';
  const LIGHT = 'rgb(255, 255, 255)';

  // Dark chosen in the app, on a light system: the page the server writes is dark.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.goto(link);
  expect(await background(page)).toBe(DARK);
  // Light chosen, on a dark system: light.
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.open('/');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await page.goto(link);
  expect(await background(page)).toBe(LIGHT);
  // Its 404 too.
  await page.goto(`${link.slice(0, -4)}AAAA`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect(await background(page)).toBe(LIGHT);

  // Nothing chosen (another browser): the system's scheme.
  const visitor = await browser.newContext({ colorScheme: 'dark' });
  const other = await visitor.newPage();
  await other.goto(link);
  expect(await background(other)).toBe(DARK);
  await other.emulateMedia({ colorScheme: 'light' });
  expect(await background(other)).toBe(LIGHT);
  await visitor.close();
});

test('a race forked from a shared link says it is a copy, of which share', async ({ page, baseURL }) => {
  const json = { 'content-type': 'application/json', origin: baseURL! };
  const title = `Raced ${unique()}`;
  const made = await fetch(`${baseURL}/api/compares`, { method: 'POST', headers: json, body: JSON.stringify({ title }) });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  for (const [pane, text] of ['left side', 'right side'].entries()) {
    const reply = await fetch(`${baseURL}/api/chat`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        provider: 'sim-openai',
        model: 'sim-echo',
        messages: [{ role: 'user', content: `${text} tps=5000 delay=0` }],
        compare: { id, pane },
      }),
    });
    await reply.text();
  }
  const shared = await fetch(`${baseURL}/api/shares`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ kind: 'compare', id }),
  });
  expect(shared.status).toBe(201);
  const { url } = (await shared.json()) as { url: string };

  await page.goto(url);
  await page.getByRole('button', { name: 'Fork into my conversations' }).click();
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  const note = page.getByRole('note', { name: 'Forked from a shared race' });
  await expect(note).toContainText(`“${title}”`);
  await page.goto(`/race/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Forked from a shared race' })).toHaveCount(0);
});
