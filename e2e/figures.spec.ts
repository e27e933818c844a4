/**
 * Figures a user can trust (docs/contract.md, `timings`, `pricing`, `cost`): one clock,
 * the server's, for a live reply and a stored one; what each reply and the conversation cost.
 */
import { expect, test } from './support';

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
  // Stored, the server's figures replace them: no longer marked, priced (the simulator's list prices).
  await expect(figures()).not.toContainText('≈');
  await expect(figures()).toContainText(/TTFT\s*\d+ ms/);
  await expect(figures()).toContainText(/speed\s*[\d.]+ tok\/s/);
  await expect(figures()).toContainText(/cost\s*\$0\.\d+/);
  const live = await figures().innerText();
  await expect(page.getByLabel('Conversation cost')).toContainText(/^This conversation: \$0\.\d+$/);
  await page.reload();
  await app.hydrated();
  await expect(figures()).not.toContainText('≈');
  expect(await figures().innerText()).toBe(live);
  await app.shot('figures-settled');
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
