import { expect, test, type Locator, type SluiceApp } from './support';

/** The listed conversation whose title starts with `title`: its row, and the link in it. */
function entry(app: SluiceApp, title: string): { row: Locator; link: Locator } {
  // `has` is relative to each row: a locator from the page, not from the sidebar.
  const link = app.page.getByRole('link', { name: new RegExp(`^${title}`) });
  const row = app.sidebar().getByRole('listitem').filter({ has: link });
  return { row, link: row.getByRole('link') };
}

/** Starts a new chat and asks `title` of `model`; resolves once the reply is done. */
async function chat(app: SluiceApp, model: string, title: string): Promise<{ row: Locator; link: Locator }> {
  await app.sidebar().getByRole('link', { name: 'New chat' }).click();
  await expect(app.page).toHaveURL(/\/$/);
  await expect(app.page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(0);
  await app.ask(model, `${title} tokens=3 delay=0`);
  await app.done();
  return entry(app, title);
}

test('an entry: its title on the row’s whole width, its model and date beneath, the page it is marked current', async ({
  page,
  app,
}) => {
  await app.open();
  await expect(app.sidebar().getByRole('link', { name: 'New chat' })).toHaveAttribute('aria-current', 'page');
  const title = `Row layout ${Date.now()}`;
  const { row, link } = await chat(app, 'sim-gemini::sim-echo', title);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(app.sidebar().getByRole('link', { name: 'New chat' })).not.toHaveAttribute('aria-current');
  // The second line: the model of its last reply and when (today: a time).
  await expect(link).toHaveAccessibleDescription(/^sim-echo · \d{1,2}:\d{2}/);
  await expect(row).toContainText('sim-echo ·');
  // Nothing hovered or focused (and no reply streaming): the hidden actions take no room from the title.
  await expect(row.getByRole('img', { name: 'A reply is streaming' })).toHaveCount(0);
  await page.mouse.move(1000, 10);
  const [rowBox, linkBox] = [(await row.boundingBox())!, (await link.boundingBox())!];
  expect(linkBox.width).toBeGreaterThanOrEqual(rowBox.width - 18); // its padding alone
  const more = row.getByRole('button', { name: `More actions for “${title} tokens=3 delay=0”` });
  await expect(more).toHaveCSS('opacity', '0');
  await row.hover();
  await expect(more).toHaveCSS('opacity', '1');

  await app.sidebar().getByRole('link', { name: 'Race', exact: true }).click();
  await expect(app.sidebar().getByRole('link', { name: 'Race', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('New chat is the one thing to do; the other pages are a compact list under it, the open one marked', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open();
  const pages = app.sidebar().getByRole('list', { name: 'Pages' });
  await expect(pages.getByRole('link')).toHaveText(['Race', 'Traffic', 'Runs', 'Leaderboard', 'Shares']);
  await expect(pages.getByRole('link', { name: 'Race', exact: true })).toHaveAttribute('href', '/race');
  // Quieter than New chat: shorter rows, and no fill of their own.
  const newChat = app.sidebar().getByRole('link', { name: 'New chat' });
  const [big, small] = [(await newChat.boundingBox())!, (await pages.getByRole('link').first().boundingBox())!];
  expect(small.height).toBeLessThan(big.height);
  await expect(pages.getByRole('link', { name: 'Traffic' })).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await pages.getByRole('link', { name: 'Traffic' }).click();
  await expect(page).toHaveURL(/\/traffic$/);
  await expect(pages.getByRole('link', { name: 'Traffic' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Traffic' })).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await app.shot('sidebar-pages-1440', { fullPage: false });

  // On a phone, in the drawer, a page followed closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Show conversations' }).click();
  await app.shot('sidebar-pages-390', { fullPage: false });
  await pages.getByRole('link', { name: 'Runs' }).click();
  await expect(page).toHaveURL(/\/runs$/);
  await expect(page.getByRole('button', { name: 'Show conversations' })).toBeVisible();
});

test('a conversation is one tab stop; its actions are reached from it by keyboard, and focus comes back to it', async ({
  page,
  app,
}) => {
  await app.open();
  const stamp = Date.now();
  const { row, link: older } = await chat(app, 'sim-openai::sim-echo', `Keys older ${stamp}`);
  const { link: newer } = await chat(app, 'sim-anthropic::sim-echo', `Keys newer ${stamp}`);
  await expect(app.sidebar().getByRole('list', { name: 'Conversation list' }).getByRole('link').first()).toHaveAccessibleName(
    /^Keys newer/,
  );

  // Tab goes from one conversation to the next: no Rename or Delete between them.
  await newer.focus();
  await page.keyboard.press('Tab');
  await expect(older).toBeFocused();

  // Focused, its "More actions" shows; → reaches it, Enter opens the menu on its first item.
  const more = row.getByRole('button', { name: /^More actions for “Keys older/ });
  await expect(more).toHaveCSS('opacity', '1');
  await page.keyboard.press('ArrowRight');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: /^Actions for “Keys older/ });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Shift+F10 on the link opens the menu too; a rename ends with focus on the renamed link.
  await older.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  const field = app.sidebar().getByRole('textbox', { name: 'Conversation title' });
  await expect(field).toBeFocused();
  await field.fill(`Renamed by keyboard ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(app.sidebar().getByRole('link', { name: `Renamed by keyboard ${stamp}` })).toBeFocused();

  // Delete asks; Cancel brings focus back to the conversation.
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter'); // Cancel has the focus
  await expect(dialog).toBeHidden();
  await expect(app.sidebar().getByRole('link', { name: `Renamed by keyboard ${stamp}` })).toBeFocused();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('every entry shows its actions without hover; a tap opens them', async ({ page, app }) => {
    await app.open();
    const title = `Touch me ${Date.now()}`;
    await app.ask('sim-responses::sim-echo', `${title} tokens=3 delay=0`);
    await app.done();
    await page.getByRole('button', { name: 'Show conversations' }).tap();
    const { row, link } = entry(app, title);
    const more = row.getByRole('button', { name: /^More actions for “Touch me/ });
    await expect(more).toHaveCSS('opacity', '1');
    // The title and the button do not overlap.
    const [linkBox, moreBox] = [(await link.boundingBox())!, (await more.boundingBox())!];
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(moreBox.x);
    await more.tap();
    await app.sidebar().getByRole('menuitem', { name: 'Rename' }).tap();
    await expect(app.sidebar().getByRole('textbox', { name: 'Conversation title' })).toBeFocused();
  });

  test('the drawer dims the page beside it; a tap there, or Escape, closes it', async ({ page, app }) => {
    await app.open();
    const show = page.getByRole('button', { name: 'Show conversations' });
    await show.tap();
    await expect(app.sidebar()).toBeVisible();
    // Beside the drawer, a backdrop over the page: what a tap there meets is none of the page's parts.
    const drawer = (await app.sidebar().boundingBox())!;
    const beside = { x: drawer.x + drawer.width + 30, y: 500 };
    const covered = () =>
      page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('header, main, footer') === null, beside);
    expect(await covered()).toBe(true);
    await app.shot('sidebar-phone-drawer', { fullPage: false });
    await page.touchscreen.tap(beside.x, beside.y);
    await expect(app.sidebar()).toBeHidden();
    expect(await covered()).toBe(false);
    // Open, it is modal: the focus is in it, and Tab never leaves it and its close button for the page behind.
    await show.tap();
    await expect(app.sidebar()).toBeVisible();
    await expect(app.sidebar().getByRole('link', { name: 'New chat' })).toBeFocused();
    await expect(page.locator('#app-page')).toHaveAttribute('inert', '');
    const focusIn = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        return at?.closest('#conversation-sidebar')
          ? 'drawer'
          : at?.closest('#app-page')
            ? 'page'
            : (at?.getAttribute('aria-label') ?? at?.tagName);
      });
    const visited = new Set<string | null | undefined>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      visited.add(await focusIn());
    }
    expect(visited.has('page')).toBe(false);
    expect(visited.has('drawer')).toBe(true);
    // Escape (from outside a text field, where it clears the field) closes it too, gives the page back, and the focus to the button that opened it.
    await app.sidebar().getByRole('link', { name: 'New chat' }).focus();
    await page.keyboard.press('Escape');
    await expect(app.sidebar()).toBeHidden();
    await expect(show).toBeFocused();
    await expect(page.locator('#app-page')).not.toHaveAttribute('inert', '');
  });
});
