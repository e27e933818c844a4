/**
 * Addresses that name nothing: a conversation or compare session that is not stored, and
 * a path that is no page. Each answers 404 with the app's own page (a heading, the way
 * back, the conversation list), in the theme the reader chose or their system prefers.
 */
import { expect, test } from './support';

const PAGES = [
  { path: '/c/019a0000-0000-7000-8000-000000000000', heading: 'Conversation not found', link: 'Start a new chat', href: '/' },
  { path: '/race/019a0000-0000-7000-8000-000000000000', heading: 'Race not found', link: 'Start a new race', href: '/race' },
  { path: '/nope', heading: 'Page not found', link: 'Start a new chat', href: '/' },
];

const DARK = [
  { how: 'chosen with the theme toggle', colorScheme: 'light' as const, stored: 'dark' },
  { how: 'preferred by the system', colorScheme: 'dark' as const, stored: undefined },
];

for (const { how, colorScheme, stored } of DARK) {
  test(`not-found pages are dark when dark is ${how}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    if (stored) await page.addInitScript((t) => localStorage.setItem('sluice-theme', t), stored);
    for (const { path, heading, link, href } of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('html'), path).toHaveClass(/\bdark\b/);
      await expect(page.getByRole('link', { name: link })).toHaveAttribute('href', href);
      // In the app's frame: the conversation list is there to go elsewhere.
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeAttached();
    }
  });
}

test('not-found pages stay light when light is chosen, whatever the system prefers', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('sluice-theme', 'light'));
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('html'), path).not.toHaveClass(/\bdark\b/);
  }
});
