/**
 * Sluice's own sign-in (SLUICE_AUTH=oidc) in Chromium: a real OpenID provider on
 * loopback (its login page filled in as a person would), a Sluice of its own started
 * with it, the app seen signed in, then signed out. Details live in tests/oidc.test.ts.
 */
import { rmSync } from 'node:fs';
import { freePort, startNextServer, type RunningServer } from '../tests/support/next-server';
import { startOidcProvider, type RunningProvider } from '../tests/support/oidc-provider';
import { expect, test, violations } from './support';

let provider: RunningProvider;
let sluice: RunningServer;

test.beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${origin}/api/auth/callback`);
  sluice = await startNextServer(
    {
      SLUICE_CONFIG: '',
      SLUICE_AUTH: 'oidc',
      SLUICE_OIDC_ISSUER: provider.issuer,
      SLUICE_OIDC_CLIENT_ID: provider.clientId,
      SLUICE_OIDC_CLIENT_SECRET: provider.clientSecret,
      SLUICE_PUBLIC_URL: origin,
    },
    { port },
  );
});
test.afterAll(async () => {
  await sluice?.stop();
  await provider?.stop();
  if (sluice) rmSync(sluice.dataDir, { recursive: true, force: true });
});

test('signs in through the provider’s login page, chats, shares with another signed-in person, revokes, signs out', async ({
  page,
  app,
  browser,
}) => {
  await page.goto(`${sluice.origin}/`);
  await expect(page).toHaveURL(`${sluice.origin}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await app.shot('sign-in-required');
  await page.getByRole('link', { name: 'Sign in' }).click();

  // The provider's own login page (oidc-provider's development interactions).
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back in Sluice, signed in: the app, and who is signed in.
  await expect(page).toHaveURL(`${sluice.origin}/`);
  await app.hydrated();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText('Signed in as Test ada');
  await expect(app.sidebar().getByText('No conversations yet.')).toBeVisible();
  await app.shot('signed-in');

  // A chat, shared with signed-in users only, opened by another person in a browser of their own.
  await app.ask('sim-openai::sim-echo', 'ada shares this walrus');
  await app.done();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
  await dialog.getByRole('switch', { name: 'Signed-in users only' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: /Share link/ }).inputValue();
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  expect((await other.goto(link))?.status()).toBe(404); // signed out: nothing there
  await other.goto(`${sluice.origin}/api/auth/sign-in`);
  await other.getByPlaceholder('Enter any login').fill('bea');
  await other.getByPlaceholder('and password').fill('any password');
  await other.getByRole('button', { name: 'Sign-in' }).click();
  await expect(other).toHaveURL(`${sluice.origin}/`);
  expect((await other.goto(link))?.status()).toBe(200);
  await expect(other.getByRole('article').last()).toContainText('ada shares this walrus');
  // Bea's own list has none of Ada's work.
  await other.goto(`${sluice.origin}/`);
  await expect(other.getByText('No conversations yet.')).toBeVisible();
  // Revoked by Ada: gone for Bea too.
  await dialog.getByRole('button', { name: /^Revoke share/ }).click();
  await page.getByRole('dialog', { name: 'Revoke this share?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('list', { name: 'Your shares' })).toContainText('revoked');
  expect((await other.goto(link))?.status()).toBe(404);
  await visitor.close();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Signed out for real: the API refuses this browser now.
  expect((await page.request.get(`${sluice.origin}/api/conversations`)).status()).toBe(401);
});

test('a share’s "Fork into my conversations" signed out: sign in first, then the fork is in my own history', async ({
  page,
  app,
  browser,
}) => {
  // Ada shares a chat with anyone who has the link.
  await page.goto(`${sluice.origin}/api/auth/sign-in`);
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${sluice.origin}/`);
  await app.hydrated();
  await app.ask('sim-openai::sim-echo', 'ada shares this heron with anyone');
  await app.done();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: /Share link/ }).inputValue();

  // Cy, signed out, opens it and forks it: Sluice's sign-in first, and the fork on the way back, without a second press.
  const visitor = await browser.newContext();
  const cy = await visitor.newPage();
  expect((await cy.goto(link))?.status()).toBe(200);
  await cy.getByRole('button', { name: 'Fork into my conversations' }).click();
  await expect(cy).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(new URL(link).pathname + '/fork')}$`));
  await expect(cy.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await cy.screenshot({ path: 'test-results/screenshots/fork-sign-in-first.png' });
  await cy.getByRole('link', { name: 'Sign in' }).click();
  await cy.getByPlaceholder('Enter any login').fill('cy');
  await cy.getByPlaceholder('and password').fill('any password');
  await cy.getByRole('button', { name: 'Sign-in' }).click();
  await expect(cy).toHaveURL(new RegExp(`^${sluice.origin}/c/[0-9a-f-]{36}$`));
  await expect(cy.getByText('ada shares this heron with anyone').first()).toBeVisible();
  await expect(cy.getByRole('region', { name: 'Account' })).toContainText('Signed in as Test cy');
  await cy.screenshot({ path: 'test-results/screenshots/fork-landed.png' });
  // Cy's own conversation: in Cy's list.
  await cy.goto(`${sluice.origin}/`);
  await expect(cy.getByRole('navigation', { name: 'Conversations' })).toContainText('ada shares this heron with anyone');
  // The fork was done once: going back to its address forks nothing more, it is the share's page.
  await cy.goto(`${link}/fork`);
  await expect(cy).toHaveURL(link);
  await visitor.close();
});
