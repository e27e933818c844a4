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

test('an API address a browser opens and that answers an error is a page, not JSON: an export of nothing, a sign-in that is off, a replay of nothing', async ({
  page,
  app,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const har = await page.goto('/api/captures/019a0000-0000-7000-8000-000000000000/har');
    expect(har?.status()).toBe(404);
    expect(har?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Sluice' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('navigation', { name: 'Sluice' }).getByRole('link', { name: 'Sluice' })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toContain('"error"');
    await app.shot(`api-error-page-${colorScheme}`, { fullPage: false });
    // Sluice's own sign-in, on a Sluice that signs nobody in: said in a page too.
    const signIn = await page.goto('/api/auth/sign-in');
    expect(signIn?.status()).toBe(404);
    await expect(page.getByRole('main')).toContainText('SLUICE_AUTH=oidc');
    // A replay URL of nothing, pasted in the address bar.
    const replay = await page.goto('/replay/019a0000-0000-7000-8000-000000000000');
    expect(replay?.status()).toBe(404);
    await expect(page.getByRole('main')).toContainText('No capture or stored reply');
  }
  // A script asking the same still gets the API's JSON.
  const fetched = await page.evaluate(async () => (await fetch('/api/captures/019a0000-0000-7000-8000-000000000000/har')).json());
  expect(fetched).toMatchObject({ error: { type: 'not_found' } });
});
