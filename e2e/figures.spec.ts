/**
 * Figures a user can trust (docs/contract.md, `timings`, `pricing`, `cost`): one clock,
 * the server's, for a live reply and a stored one; what each reply and the conversation cost.
 */
import { expect, test, type Route } from './support';

test('a reply’s figures are marked as estimates while it streams, then settle to the server’s: the same after a reload', async ({
  page,
  app,
}) => {
  await app.open('/');
  await app.ask('sim-anthropic::sim-markdown', 'tokens=150 tps=150 delay=0');
  const figures = () => app.lastReply().getByLabel('Reply figures');
  // While it streams, the page's own clock: marked.
  await expect(figures()).toContainText('≈');
  await app.done();
  // Ended with the upstream's usage: final, no longer marked, priced (the simulator's list prices).
  await expect(figures()).not.toContainText('≈');
  await expect(figures()).toContainText(/TTFT\s*\d+ ms/);
  await expect(figures()).toContainText(/speed\s*[\d.]+ tok\/s/);
  await expect(figures()).toContainText(/cost\s*\$0\.\d+/);
  await expect(page.getByLabel('Conversation cost')).toContainText(/^This conversation: \$0\.\d+$/);
  // The server's figures (from when it received the request) replace the page's: what a reload shows.
  await expect(figures()).toHaveAttribute('data-clock', 'server');
  const live = await figures().innerText();
  await page.reload();
  await app.hydrated();
  await expect(figures()).not.toContainText('≈');
  expect(await figures().innerText()).toBe(live);
  await app.shot('figures-settled');
});

test('a reply that ends with the upstream’s usage looks final at once: unmarked figures, no streaming mark, before the server says so', async ({
  page,
  app,
}) => {
  await app.open('/');
  await expect(app.sidebar().getByText('Loading conversations…')).toHaveCount(0);
  // The server's figures and its list held back: what the end shows is the page's own.
  const held: Route[] = [];
  const serverSays = /\/api\/conversations(\?|\/[^/]+\/messages\/[^/]+$)/;
  await page.route(serverSays, (route) => void held.push(route));
  const title = `Final at once ${Date.now()}`;
  await app.ask('sim-anthropic::sim-markdown', `${title} tokens=200 tps=100 delay=0`);
  const entry = app
    .sidebar()
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${title}`) }) });
  const mark = entry.getByRole('img', { name: 'A reply is streaming' });
  await expect(mark).toBeVisible();
  const figures = app.lastReply().getByLabel('Reply figures');
  await expect(figures).toContainText('≈');
  await app.done();
  await expect(figures).toContainText(/TTFT\s*\d+ ms/);
  await expect(figures).toContainText(/cost\s*\$0\.\d+/);
  await expect(figures).not.toContainText('≈');
  await expect(figures).toHaveAttribute('data-clock', 'page');
  await expect(mark).toHaveCount(0);
  // Both were asked of the server, and neither answer has come.
  const asked = (part: string) => held.some((route) => route.request().url().includes(part));
  await expect.poll(() => asked('/messages/')).toBe(true);
  await expect.poll(() => asked('/api/conversations?')).toBe(true);
  await app.shot('figures-final-at-once', { fullPage: false });
  // Let the server answer: its list confirms the mark is gone, its figures replace the page's.
  const listed = page.waitForResponse((r) => r.url().includes('/api/conversations?'));
  await page.unroute(serverSays);
  for (const route of held.splice(0)) await route.continue().catch(() => {}); // a request the page gave up on meanwhile
  await listed;
  await expect(mark).toHaveCount(0);
  await expect(entry).toBeVisible();
  await expect(figures).toHaveAttribute('data-clock', 'server');
  await expect(figures).not.toContainText('≈');
});

test('while a reply streams, its output and cost so far are marked estimates that count the streamed tokens, not the upstream’s first word', async ({
  app,
}) => {
  await app.open('/');
  // Anthropic's message_start says 1 output token; the real count comes with message_delta, at the end.
  await app.ask('sim-anthropic::sim-markdown', 'tokens=400 tps=100 delay=0');
  const figures = () => app.lastReply().getByLabel('Reply figures');
  await expect(figures()).toContainText(/out\s*≈([2-9]|\d\d+)/);
  await expect(figures()).toContainText(/cost\s*≈\$0\.\d+/);
  await app.done();
  await expect(figures()).toContainText(/out\s*\d{3}/);
  await expect(figures()).not.toContainText('≈');
});
