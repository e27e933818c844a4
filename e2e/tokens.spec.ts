/**
 * Personal tokens as a user finds them: from the sidebar, one made (shown once, with
 * Copy), used by a script through the recording proxy, then revoked after the confirm
 * dialog and refused. Detail (every header form, two users, sign-in on) is in
 * tests/tokens.test.ts.
 */
import { expect, test, violations } from './support';

test('a token made, shown once, used through the proxy, revoked and refused', async ({ page, app }) => {
  const name = `e2e ${Date.now().toString(36)}`;
  await app.open('/');
  await app.sidebar().getByRole('link', { name: 'Tokens', exact: true }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('textbox', { name: 'New token' });
  await expect(shown).toHaveValue(/^sluice_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  const token = await shown.inputValue();
  expect(await violations(page)).toEqual([]);

  const proxied = () =>
    page.request.post('/proxy/sim-openai/chat/completions', {
      headers: { 'x-sluice-token': token },
      data: { model: 'sim-markdown', stream: true, messages: [{ role: 'user', content: 'hi tokens=5' }] },
    });
  const first = await proxied();
  expect(first.status(), await first.text()).toBe(200);

  // Once left, the token is not on the page again; its row says when it was last used.
  await page.reload();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(async () => {
    await page.reload();
    await expect(row).not.toContainText('Never', { timeout: 500 });
  }).toPass();

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await proxied()).status()).toBe(401);
});
