/**
 * Personal tokens as a user finds them. With sign-in on (a Sluice of its own,
 * SLUICE_AUTH=proxy, the browser sending the trusted headers a signing proxy in front
 * would): from the account's foot of the sidebar, one made (shown once, with Copy),
 * used by a script through the recording proxy, then revoked after the confirm dialog
 * and refused in a sentence of its own; an admin's Usage beside it. Without sign-in (the
 * suite's own server) neither is offered, /tokens says what tokens are for, and /admin
 * is not there. Detail (every header form, two users) is in tests/tokens.test.ts.
 */
import { rmSync } from 'node:fs';
import { startNextServer, type RunningServer } from '../tests/support/next-server';
import { expect, test, violations } from './support';

test.describe('with sign-in on', () => {
  let sluice: RunningServer;
  test.beforeAll(async () => {
    sluice = await startNextServer({
      SLUICE_CONFIG: '',
      SLUICE_AUTH: 'proxy',
      SLUICE_AUTH_USER_HEADER: 'x-test-user',
      SLUICE_AUTH_EMAIL_HEADER: 'x-test-email',
      SLUICE_TRUSTED_PROXIES: '127.0.0.1',
      SLUICE_ADMIN_EMAILS: 'ada@example.com',
    });
  });
  test.afterAll(async () => {
    await sluice?.stop();
    if (sluice) rmSync(sluice.dataDir, { recursive: true, force: true });
  });
  test.use({ extraHTTPHeaders: { 'x-test-user': 'ada', 'x-test-email': 'ada@example.com' } });

  test('a token made, shown once, used through the proxy, revoked and refused; Usage for an admin', async ({ page, app }) => {
    const name = `e2e ${Date.now().toString(36)}`;
    await app.open(`${sluice.origin}/`);
    const account = page.getByRole('region', { name: 'Account' });
    await expect(account).toContainText('Signed in as ada@example.com');
    await account.getByRole('link', { name: 'Tokens', exact: true }).click();
    await expect(page).toHaveURL(/\/tokens$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Tokens', exact: true })).toHaveAttribute('aria-current', 'page');
    await app.shot('tokens-signed-in', { fullPage: false });

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('textbox', { name: 'New token' });
    await expect(shown).toHaveValue(/^sluice_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('it will not be shown again')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    const token = await shown.inputValue();
    expect(await violations(page)).toEqual([]);

    const proxied = () =>
      page.request.post(`${sluice.origin}/proxy/sim-openai/chat/completions`, {
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
    // Refused, in a sentence that starts where a sentence does: the proxy's answer and the API's.
    const refused = 'The Sluice token sent is unknown or revoked: make a new one under Tokens.';
    const after = await proxied();
    expect(after.status()).toBe(401);
    expect((await after.json()).error.message).toBe(refused);
    const api = await page.request.get(`${sluice.origin}/api/conversations`, { headers: { 'x-sluice-token': token } });
    expect(api.status()).toBe(401);
    expect((await api.json()).error.message).toBe(refused);

    // An admin's usage page, from the same foot.
    await account.getByRole('link', { name: 'Usage', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usage by user' })).toBeVisible();
    await expect(page.getByRole('row', { name: /ada@example\.com/ })).toBeVisible();
  });
});

test('without sign-in, neither Tokens nor Usage: /tokens says what tokens are for, /admin is not there', async ({
  page,
  app,
}) => {
  await app.open('/');
  await expect(app.sidebar().getByRole('link', { name: 'Tokens', exact: true })).toHaveCount(0);
  await expect(app.sidebar().getByRole('link', { name: 'Usage', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);

  await page.goto('/tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Sign-in is off');
  await expect(page.getByRole('main')).toContainText('Personal tokens are for a Sluice with sign-in on');
  await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  expect((await page.goto('/admin'))?.status()).toBe(404);
  // The 404 in the one frame the page already has, not a second one beside it.
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
});
