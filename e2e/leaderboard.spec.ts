/**
 * The leaderboard as a user finds it: from the sidebar, empty with how to get votes,
 * then a few votes (sent as the race page sends them, to POST /api/votes) rated and
 * filtered by prompt words and days in the address, exported as CSV; desktop and phone,
 * light and dark, axe-core. The votes' prompts carry a marker, so votes other specs cast
 * on the same server stay out of this board.
 */
import { readFileSync } from 'node:fs';
import type { VoteInput } from '../lib/api/votes';
import { voteOn } from '../tests/support/votes';
import { expect, sideways, test, violations, type Page, unique } from './support';

const board = (page: Page) => page.getByRole('table', { name: 'Leaderboard' });
const VIEWS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function castVotes(page: Page, votes: VoteInput[]): Promise<void> {
  for (const vote of votes) expect((await page.request.post('/api/votes', { data: vote })).status()).toBe(201);
}

test('the leaderboard: empty, then a few votes rated, filtered in the address, exported as CSV', async ({ page, app }) => {
  const marker = unique();
  await app.open('/');
  await app.sidebar().getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(app.sidebar().getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();

  // Nothing voted on this prompt yet: the page says how to get votes.
  await app.open(`/leaderboard?q=${marker}`);
  await expect(page.getByRole('heading', { name: 'No blind votes match these filters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a race' })).toHaveAttribute('href', '/race');
  await expect(page.getByRole('status').filter({ hasText: 'rated' })).toHaveText('0 blind votes rated.');

  const prompt = { prompt: `Which is kinder? ${marker}` };
  await castVotes(page, [
    voteOn(['sim-openai/sim-echo', 'sim-anthropic/sim-markdown'], 'B', prompt),
    voteOn(['sim-anthropic/sim-markdown', 'sim-openai/sim-echo'], 'A', prompt),
    voteOn(['sim-openai/sim-tools', 'sim-openai/sim-echo', 'sim-anthropic/sim-markdown'], 'C', prompt),
    voteOn(['sim-openai/sim-tools', 'sim-openai/sim-echo'], 'tie', prompt),
    voteOn(['sim-openai/sim-echo', 'sim-anthropic/sim-markdown'], 'tie', prompt),
    voteOn(['sim-openai/sim-echo', 'sim-openai/sim-tools'], 'A', {
      ...prompt,
      blind: false,
      nonBlindReason: 'Reply A names its model.',
    }),
  ]);

  // The filter, as a user sets it, goes to the address and stays there through a reload.
  await app.open('/leaderboard');
  await page.getByRole('searchbox', { name: 'Prompt contains' }).fill(marker);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Prompt contains' })).toHaveValue(marker);
  await expect(page.getByRole('status').filter({ hasText: 'rated' })).toHaveText(
    '5 blind votes rated; 1 vote not rated, cast after a model’s name showed.',
  );
  const rows = board(page).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('sim-markdown');
  // What a score means in a line; how it is made, folded under "How ranks are computed".
  await expect(page.getByText('Models ranked by blind votes in races: 1000 is the average model.')).toBeVisible();
  await expect(page.getByText(/Bradley–Terry score/)).toBeHidden();
  await page.getByText('How ranks are computed').click();
  await expect(page.getByText(/Bradley–Terry score/)).toBeVisible();
  // Each row says how many votes it stands on; an interval only from 5 (sim-echo's), not on 4 or 2.
  const row = (model: string) => rows.filter({ hasText: model });
  await expect(row('sim-echo')).toContainText(/\d+–\d+/);
  await expect(row('sim-markdown')).toContainText('not enough votes yet (4 of 5)');
  await expect(row('sim-tools')).toContainText('not enough votes yet (2 of 5)');
  await expect(row('sim-markdown')).not.toContainText(/\d+–\d+/);

  // Export CSV: the same board, with the page's filter.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('sluice-leaderboard.csv');
  const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('rank,provider,model,score,low,high,wins,losses,ties,votes');
  // The same ranks, and no interval where the page has none.
  expect(csv[1]).toMatch(/^1,sim-anthropic,sim-markdown,\d+(\.\d)?,,,4,0,1,4$/);
  expect(csv.find((line) => line.includes(',sim-echo,'))).toMatch(/,sim-echo,\d+(\.\d)?,\d+(\.\d)?,\d+(\.\d)?,/);
  expect(csv).toHaveLength(5);

  // One vote of three panes: the two the winner beat share second place, and nobody has an interval.
  const single = unique();
  await castVotes(page, [
    voteOn(['sim-openai/sim-echo', 'sim-anthropic/sim-markdown', 'sim-openai/sim-tools'], 'A', { prompt: `One race ${single}` }),
  ]);
  await app.open(`/leaderboard?q=${single}`);
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/1$/);
  for (const n of [2, 3]) {
    await expect(rows.nth(n).getByRole('cell').first()).toHaveText(/2$/);
    await expect(rows.nth(n)).toContainText('not enough votes yet (1 of 5)');
  }
  await expect(board(page)).not.toContainText(/\d+–\d+/);

  // Days: the votes were cast today (UTC); from tomorrow on there are none.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(tomorrow);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByRole('heading', { name: 'No blind votes match these filters' })).toBeVisible();
  // A day that is no date: the page says so, and offers no export (its download would be the error).
  await app.open('/leaderboard?from=2026-13-45');
  await expect(page.getByRole('alert').filter({ hasText: 'must be a day' })).toContainText('2026-13-45');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('sluice-theme', t), theme);
    for (const view of VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await app.open(`/leaderboard?q=${marker}`);
      await expect(rows).toHaveCount(4);
      expect(await violations(page), `${view.name}, ${theme}`).toEqual([]);
      if (view.name === 'phone') {
        expect(await sideways(page)).toBe(0);
        // The board starts in the top half of a phone's first screen, not under the explanation.
        expect((await board(page).boundingBox())!.y, theme).toBeLessThan(view.height / 2);
      }
      await app.shot(`leaderboard-${view.name}-${theme}`);
    }
  }
});
