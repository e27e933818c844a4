/**
 * The Traffic list of an agent's worth of captures: only the rows near the screen are
 * drawn, each says its place, and scrolling to the end of the rows read brings the next
 * page in without a click, until the table knows its whole count.
 */
import { expect, test } from './support';

const COUNT = 130; // three pages of 50
const LANES = 8;

/** `count` small exchanges through the recording proxy, each with `word` in its prompt. */
async function record(baseURL: string, word: string, count: number): Promise<void> {
  let sent = 0;
  const lane = async () => {
    while (sent < count) {
      const n = sent++;
      const response = await fetch(`${baseURL}/proxy/sim-openai/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sim-echo',
          stream: true,
          messages: [{ role: 'user', content: `${word} step ${n} tokens=3 tps=5000 delay=0` }],
        }),
      });
      expect(response.status).toBe(200);
      await response.text();
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

test('a long list draws only the rows near the screen and reads on as the reader scrolls', async ({ page, baseURL }) => {
  const word = `longlist${Date.now().toString(36)}`;
  await record(baseURL!, word, COUNT);
  // Each capture is written once its exchange has ended: all of them, before the page opens.
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${baseURL}/api/captures?q=${word}&limit=200`)).json()) as {
        items: { status: string }[];
      };
      return list.items.filter((c) => c.status !== 'streaming').length;
    })
    .toBe(COUNT);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/traffic?q=${word}`);
  const table = page.getByRole('table', { name: 'Captures' });
  const rows = table.locator('tbody').getByRole('row');
  await expect(rows.first()).toBeVisible();
  // More than one page exists: the table does not know its count yet, and draws a window.
  await expect(table).toHaveAttribute('aria-rowcount', '-1');
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(50);
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');

  // To the end of what was read, again and again: the next pages come in with no click.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 20_000);
      return table.getAttribute('aria-rowcount');
    })
    .toBe(String(COUNT + 1));
  // The oldest capture (step 0's prompt went first on one of the lanes) is drawn at the end,
  // in its place, and the window is still a window.
  await page.mouse.wheel(0, 20_000);
  await expect(rows.last()).toHaveAttribute('aria-rowindex', String(COUNT + 1));
  expect(await rows.count()).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'Load more captures' })).toHaveCount(0);
  // Older pages read are not news: the live region tells only of captures that arrive.
  await expect(page.getByRole('status', { name: 'New captures' })).toHaveText('');

  // Back at the top, the newest is drawn again.
  await page.keyboard.press('Home');
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
});
