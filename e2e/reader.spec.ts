/**
 * Every reader: one on the keyboard (a skip link, the composer focused), one on a
 * screen reader (a reply's start and end told once, messages labelled, headings in
 * order), one on a phone (nothing scrolls sideways), and anyone in either theme (the
 * header and the composer's footer hide what scrolls under them).
 */
import { expect, test, type Page, type SluiceApp } from './support';

const THEMES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const announced = (page: Page) => page.getByRole('status', { name: 'Reply progress' });

/** How wide the page is laid out: more than the window means a sideways scroll. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The alpha (0 to 255) the page's header and footer paint their background with: a canvas reads any CSS colour (oklch too). */
function paintedAlpha(page: Page): Promise<number[]> {
  const bars = page.getByRole('banner').or(page.getByRole('contentinfo'));
  return bars.evaluateAll((elements) =>
    elements.map((el) => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = getComputedStyle(el).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      return context.getImageData(0, 0, 1, 1).data[3]!;
    }),
  );
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), theme);
}

test('"Skip to message" is the first stop of the keyboard, and moves the focus to the composer', async ({ page, app }) => {
  await app.open('/race');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to message' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
});

test('the chat opens with the composer focused, and its skip link first in the page', async ({ page, app }) => {
  await app.open();
  await expect(composer(page)).toBeFocused();
  const first = await page.evaluate(
    () => document.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')?.textContent,
  );
  expect(first).toBe('Skip to message');
});

// Focused there, the composer would open the on-screen keyboard over the page before the reader asked for it.
for (const [device, use] of [
  ['a phone', { viewport: PHONE }],
  ['a touch screen', { viewport: { width: 1024, height: 768 }, hasTouch: true }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use(use);

    test('the chat opens with the composer unfocused, and the skip link still reaches it', async ({ page, app }) => {
      await app.open();
      // Hydrated: the composer's own effect, which would focus it, has run.
      await expect(composer(page)).toBeVisible();
      await expect(composer(page)).not.toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to message' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(composer(page)).toBeFocused();
    });
  });
}

test('a live region says when a reply starts, is stopped and ends, not its tokens', async ({ page, app }) => {
  await app.open();
  await expect(announced(page)).toHaveText('');
  await app.ask('sim-anthropic::sim-markdown', 'tokens=3000 tps=40 delay=0');
  await expect(announced(page)).toHaveText('Reply started');
  await app.streamed();
  await expect(announced(page)).toHaveText('Reply started');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(announced(page)).toHaveText('Reply stopped');
  await app.send('tokens=40 tps=2000 delay=0');
  await app.done();
  await expect(announced(page)).toHaveText('Reply finished');
  await expect(announced(page)).toHaveAttribute('aria-live', 'polite');
});

test('a message is labelled as the user’s, and a reply’s headings sit under the page’s h1', async ({ page, app }) => {
  await app.open();
  await app.ask('sim-openai::sim-markdown', 'tokens=300 tps=2000 delay=0');
  await app.done();
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveText(/tokens=300 tps=2000 delay=0/);
  await expect(app.lastReply().getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(app.lastReply().getByRole('heading', { level: 1 })).toHaveCount(0);
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
  );
  expect(levels[0]).toBe(1);
  // Down one level at a time, never skipping one (back up by any).
  expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([]);
});

test('"Insert an example" is named by its own text, not by the tools label around it', async ({ page, app }) => {
  await app.open();
  await page.getByText('Parameters', { exact: true }).click();
  await page.getByRole('button', { name: 'Insert an example', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Tools' })).not.toHaveValue('');
});

for (const theme of THEMES) {
  test(`the header and the composer’s footer are opaque in the ${theme} theme`, async ({ page, app }) => {
    await useTheme(page, theme);
    for (const url of ['/', '/race']) {
      await app.open(url);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await paintedAlpha(page), url).toEqual([255, 255]);
    }
  });
}

test('on a phone, the model picker has room to read what is typed in it, and each reply figure keeps its label and value together', async ({
  page,
  app,
}) => {
  await page.setViewportSize(PHONE);
  await app.open();
  // The picker is its own search: typed in, its list (within the screen) narrows.
  const picker = page.getByRole('combobox', { name: 'Model' });
  expect((await picker.boundingBox())!.width).toBeGreaterThanOrEqual(128);
  await picker.fill('gemini think');
  const list = (await page.getByRole('listbox', { name: 'Models' }).boundingBox())!;
  expect(list.x).toBeGreaterThanOrEqual(0);
  expect(list.x + list.width).toBeLessThanOrEqual(PHONE.width);
  await picker.press('Escape');
  // A stopped reply's figures are the longest: estimates, and a counted speed.
  await app.ask('sim-openai::sim-markdown', `tokens=3000 tps=100 delay=0 ${'a long prompt '.repeat(300)}`);
  await app.streamed();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await app.done();
  const figures = app.lastReply().getByLabel('Reply figures');
  await expect(figures).toHaveAttribute('data-clock', 'server');
  await expect(figures).toContainText('(counted)');
  // A pair whose label and value sit on different lines, or whose value runs onto two.
  const split = await figures.locator('div').evaluateAll((pairs) =>
    pairs.flatMap((pair) => {
      const [label, value] = [pair.querySelector('dt')!, pair.querySelector('dd')!];
      const lines = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      };
      const apart = Math.abs(label.getBoundingClientRect().top - value.getBoundingClientRect().top) > 1;
      return apart || lines(label) > 1 || lines(value) > 1 ? [pair.textContent] : [];
    }),
  );
  expect(split).toEqual([]);
  await app.shot('reader-390-figures', { fullPage: false });
});

/** Asserts that the page does not scroll sideways, and keeps a screenshot of it. */
async function fitsAndShoot(app: SluiceApp, name: string): Promise<void> {
  const width = app.page.viewportSize()!.width;
  expect(await pageWidth(app.page), name).toBeLessThanOrEqual(width);
  await app.shot(name, { fullPage: false });
}

for (const theme of THEMES) {
  for (const size of [PHONE, { width: 1440, height: 900 }]) {
    test(`at ${size.width} px in the ${theme} theme, no page scrolls sideways and the composer keeps its size`, async ({
      page,
      app,
    }) => {
      test.slow();
      await useTheme(page, theme);
      await page.setViewportSize(size);
      const tag = `reader-${size.width}-${theme}`;
      await app.open();
      await fitsAndShoot(app, `${tag}-home`);
      await app.ask('sim-anthropic::sim-markdown', 'tokens=600 tps=3000 delay=0');
      await app.done();
      await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
      await fitsAndShoot(app, `${tag}-chat`);
      const box = (await composer(page).boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(Math.min(size.width, 896) * 0.6);
      expect(box.height).toBeGreaterThanOrEqual(40);
      await page.reload();
      await app.hydrated();
      await expect(app.lastReply()).toBeVisible();
      await fitsAndShoot(app, `${tag}-conversation`);
      await page.getByRole('button', { name: 'Event log', exact: true }).click();
      const log =
        size === PHONE ? page.getByRole('dialog', { name: 'Event log' }) : page.getByRole('region', { name: 'Event log' });
      await expect(log.locator('[data-log-row]').first()).toBeVisible();
      await fitsAndShoot(app, `${tag}-event-log`);
      await app.open('/race');
      await fitsAndShoot(app, `${tag}-compare-empty`);
      await app.send('tokens=300 tps=3000 delay=0');
      await app.done();
      await fitsAndShoot(app, `${tag}-compare`);
      const panes = await page.getByTestId('pane-messages').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
      // On a phone the panes stack: one column, every pane at the same x.
      if (size === PHONE) expect(new Set(panes).size).toBe(1);
    });
  }
}
