/**
 * What a newcomer sees when a reply does not go as planned (issue 35): a stopped reply's
 * figures, whatever its protocol; a stream with an event that did not parse; a prompt
 * too long for the upstream marker, whole in the event log.
 */
import { expect, test, type Page } from './support';

const panel = (page: Page) => page.getByRole('region', { name: 'Event log' });

test('a stopped OpenAI Chat reply, which never got any usage, shows its tokens and cost as estimates, and the total it counts in is marked so', async ({
  page,
  app,
}) => {
  await app.open('/');
  // Chat Completions says its usage only in its last chunk: stopped, the reply never gets it.
  await app.ask('sim-openai::sim-markdown', `tokens=3000 tps=100 delay=0 ${'a long prompt '.repeat(400)}`);
  await app.streamed();
  await page.getByRole('button', { name: 'Stop' }).click();
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped');
  const figures = () => app.lastReply().getByLabel('Reply figures');
  for (const reopened of [false, true]) {
    if (reopened) {
      await page.reload();
      await app.hydrated();
    }
    await expect(figures()).toContainText(/in\s*≈\d{4,}/); // the prompt, estimated: about 1,400 tokens
    await expect(figures()).toContainText(/out\s*≈\d+/);
    await expect(figures()).toContainText(/cost\s*≈\$\d/);
    // One estimated reply makes the whole total an estimate.
    await expect(page.getByLabel('Conversation cost')).toContainText(/^This conversation: ≈\$\d/);
  }
  await app.shot('trust-stopped-openai-figures', { fullPage: false });
});

test('a reply whose stream had an event that did not parse warns under it, and its button opens the log at that event, live and stored', async ({
  page,
  app,
}) => {
  await app.open('/');
  await app.ask('sim-openai::sim-fault-malformed', 'tokens=40 tps=500 delay=0');
  await app.done();
  await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
  for (const reopened of [false, true]) {
    if (reopened) {
      await page.reload();
      await app.hydrated();
    }
    const note = app.lastReply().getByRole('note', { name: 'Stream warnings' });
    await expect(note).toContainText('An event in this reply’s stream did not parse');
    await note.getByRole('button', { name: 'Show the event that did not parse' }).click();
    const focused = panel(page).locator('[data-focused]');
    await expect(focused).toBeVisible();
    await expect(focused).toHaveCount(1);
    await expect(focused.locator('[data-log-row]')).toContainText('malformed');
    await expect(focused.getByRole('button', { expanded: true })).toBeVisible();
    if (!reopened) await app.shot('trust-malformed-warning');
    await page.getByRole('button', { name: 'Event log', exact: true }).click(); // closes it again
  }
});

test('a prompt too long for the upstream marker: the marker stays small, and the log’s request and curl have it whole', async ({
  page,
  app,
}) => {
  await app.open('/');
  const prompt = `tokens=5 delay=0 ${'lorem ipsum dolor '.repeat(3000)}THE END`; // about 54 KB
  await app.ask('sim-openai::sim-markdown', prompt);
  await app.done();
  await page.getByRole('button', { name: 'Event log', exact: true }).click();
  const marker = panel(page).locator('[data-log-row]').filter({ hasText: 'sluice upstream' });
  await marker.getByRole('button').first().click();
  const details = await marker
    .locator('p')
    .filter({ hasText: / bytes/ })
    .innerText();
  const size = Number(/(\d+) bytes/.exec(details)![1]);
  expect(size).toBeLessThan(12 * 1024); // not the whole prompt before the first token
  await panel(page)
    .getByText(/^Upstream request and response/)
    .click();
  await expect(panel(page).getByLabel('Request')).toContainText('THE END');
  const curl = panel(page).getByLabel('curl command');
  await expect(curl).toContainText('THE END');
  await expect(curl).not.toContainText('# The upstream marker carries');
});
