/**
 * A blind race as a user runs it: two simulator models seated by the server as A and B.
 * Until the vote, neither the screen nor any response the page reads (the network log)
 * names a model or a provider; the vote names them, and they stay named after a reload.
 * A reply that names a model makes its vote non-blind, and the page says why.
 */
import type { Response } from '@playwright/test';
import { expect, test, violations, type Page } from './support';

const pane = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
/** The pool's names, and the protocols' own words (a stream's shape names its provider). */
const NAMES = /sim-anthropic|sim-gemini|sim-echo|Simulator ·|anthropic|gemini|message_start|candidates/i;

/** Every response body the page reads from now on (not its static scripts), to check once read. */
function networkLog(page: Page) {
  const reads: Promise<{ url: string; text: string }>[] = [];
  const listener = (response: Response) => {
    const url = response.url();
    if (url.includes('/_next/static/') || url.endsWith('.ico') || url.endsWith('.svg')) return;
    reads.push(
      response.text().then(
        (text) => ({ url, text }),
        () => ({ url, text: '' }),
      ),
    );
  };
  page.on('response', listener);
  return {
    /** The bodies read, for this session: the list answers other conversations too, and only its own entry counts. */
    async bodies(sessionId: string) {
      page.off('response', listener);
      return (await Promise.all(reads)).map(({ url, text }) => {
        if (!new URL(url).pathname.endsWith('/api/conversations')) return { url, text };
        const { conversations } = JSON.parse(text) as { conversations: { id: string }[] };
        return { url, text: JSON.stringify(conversations.filter((c) => c.id === sessionId)) };
      });
    },
  };
}

/** What the page shows but the conversation list (which holds other tests' conversations too). */
const screenText = async (page: Page) =>
  `${await page.getByRole('banner').innerText()}\n${await page.getByRole('main').innerText()}\n${await page.getByRole('contentinfo').innerText()}`;

test('a blind race names no model until the vote, then names them; a reply naming itself is marked non-blind', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/race');
  await app.pick('sim-anthropic::sim-echo', pane(page, 1));
  await app.pick('sim-gemini::sim-echo', pane(page, 2));
  await page.getByRole('switch', { name: 'Blind' }).check();
  await expect(page.getByText(/their names stay hidden until you vote/)).toBeVisible();

  const log = networkLog(page);
  // Echoed at 4 tokens a second: some four seconds of streaming, so the vote is seen
  // disabled while the replies run, on a busy machine too.
  await app.send('Rivers carry silt to the sea, and the sea keeps it for a long while tps=4 delay=0');
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await expect(pane(page, 1).getByRole('heading', { level: 2 })).toHaveText('A');
  await expect(pane(page, 2).getByRole('heading', { level: 2 })).toHaveText('B');
  const vote = page.getByRole('group', { name: 'Your vote' });
  await expect(vote.getByRole('button', { name: 'A is better' })).toBeDisabled();
  await app.done();
  await expect(vote.getByRole('button', { name: 'A is better' })).toBeEnabled();
  // Each reply read whole before the vote: a pane full size, then the next, naming no model.
  await pane(page, 1).getByRole('button', { name: 'Full size' }).click();
  const reader = page.getByRole('dialog', { name: 'Pane 1: A' });
  await expect(reader.getByRole('article', { name: 'Assistant reply' })).toContainText('Rivers carry silt');
  await reader.getByRole('button', { name: 'Next pane' }).click();
  await expect(page.getByRole('dialog', { name: 'Pane 2: B' }).getByRole('article', { name: 'Assistant reply' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Pane 2: B' })).not.toContainText(NAMES);
  await app.shot('blind-full-size-1440-light');
  await page.getByRole('dialog', { name: 'Pane 2: B' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pane(page, 1).getByRole('combobox', { name: 'Model' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Diff two panes' })).toHaveCount(0);
  // The event log of a pane shows the stream it read: the neutral one.
  await pane(page, 2).getByRole('button', { name: 'Event log', exact: true }).click();
  await expect(pane(page, 2).getByRole('region', { name: 'Event log' }).locator('[data-log-row]').first()).toBeVisible();
  // The conversation list names the race by its prompt and its labels.
  await expect(page.getByRole('navigation', { name: 'Conversations' }).getByText('A vs B', { exact: false })).toBeVisible();
  expect(await screenText(page)).not.toMatch(NAMES);
  expect(await violations(page)).toEqual([]);
  await app.shot('blind-1440-light');

  // Reloaded before the vote (dark, on a phone), it stays blind.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await app.hydrated();
  await expect(pane(page, 2).getByRole('heading', { level: 2 })).toHaveText('B');
  await expect(app.lastReply(pane(page, 2))).toContainText('Rivers carry silt to the sea');
  await expect(vote.getByRole('button', { name: 'B is better' })).toBeEnabled();
  expect(await screenText(page)).not.toMatch(NAMES);
  expect(await violations(page)).toEqual([]);
  await app.shot('blind-390-dark');

  for (const { url, text } of await log.bodies(id)) expect(text, url).not.toMatch(NAMES);

  // The vote names them, wherever the race is shown.
  await vote.getByRole('button', { name: 'B is better' }).click();
  const revealed = page.getByRole('status').filter({ hasText: 'Your vote: B is better.' });
  await expect(revealed).toContainText(/A was sim-(anthropic|gemini) · sim-echo, B was sim-(anthropic|gemini) · sim-echo/);
  await expect(revealed).not.toContainText('Not counted as blind');
  // Where the vote counts, one step away.
  await expect(revealed.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
  const headings = [
    await pane(page, 1).getByRole('heading', { level: 2 }).innerText(),
    await pane(page, 2).getByRole('heading', { level: 2 }).innerText(),
  ];
  expect(headings.sort()).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^A: sim-(anthropic|gemini) · sim-echo$/),
      expect.stringMatching(/^B: sim-(anthropic|gemini) · sim-echo$/),
    ]),
  );
  expect(new Set(headings.map((h) => h.split(' · ')[0]!.slice(3))).size).toBe(2);
  await expect(page.getByRole('group', { name: 'Your vote' })).toHaveCount(0);
  await app.shot('blind-voted-390-dark');

  // Reloaded after the vote, it stays named.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await app.hydrated();
  await expect(pane(page, 1).getByRole('heading', { level: 2 })).toHaveText(headings.find((h) => h.startsWith('A:'))!);
  await expect(page.getByRole('status').filter({ hasText: 'Your vote: B is better.' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await app.shot('blind-voted-1440-light');

  // A reply that names a model: the vote is kept, not blind, and the page says why.
  await app.open('/race');
  await app.pick('sim-openai::sim-echo', pane(page, 1));
  await app.pick('sim-anthropic::sim-echo', pane(page, 2));
  await page.getByRole('switch', { name: 'Blind' }).check();
  await app.send('Hello, I am Claude delay=0');
  await app.done();
  await page.getByRole('group', { name: 'Your vote' }).getByRole('button', { name: 'Tie' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your vote: Tie.' })).toContainText(
    "Not counted as blind: A's reply names “Claude”.",
  );
});
