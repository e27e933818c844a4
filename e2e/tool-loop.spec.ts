import { expect, test, type Locator, type SluiceApp } from './support';

/** An open tool loop outlives the page, as a reply does: after a reload, reopened from history, in a compare pane. */

const TOOLS = 'tps=500 delay=0';
const pane = (app: SluiceApp, n: number) => app.page.getByRole('region', { name: `Pane ${n}` });

/** Answers each pending call of the last reply in `within` (its result boxes, then Send tool results). */
async function answerTools(app: SluiceApp, within: Locator, results: string[]): Promise<void> {
  const boxes = within.getByRole('textbox', { name: 'Result of get_weather' });
  await expect(boxes).toHaveCount(results.length);
  const send = within.getByRole('button', { name: 'Send tool results' });
  await expect(send).toBeDisabled();
  for (const [i, result] of results.entries()) await boxes.nth(i).fill(result);
  await send.click();
}

/** The turn went on with the results: the model's answer quotes the last of them. */
async function turnWentOn(app: SluiceApp, within: Locator, last: string): Promise<void> {
  await app.done();
  const reply = app.lastReply(within);
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('The get_weather tool returned');
  await expect(reply).toContainText(last);
}

/** The tool results this tab keeps as drafts (sessionStorage), by key. */
const drafts = (app: SluiceApp) =>
  app.page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('sluice-tool-results:')));

test('a reply waiting for tool results can still be answered after a reload, with what was typed for it kept', async ({
  page,
  app,
}) => {
  await app.open('/');
  await app.ask('sim-anthropic::sim-tools-parallel', `Two cities ${TOOLS}`);
  await app.done();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  // One result typed, then the page reloaded: what was typed is still there.
  const boxes = page.getByRole('textbox', { name: 'Result of get_weather' });
  await boxes.first().fill('{"temp": 4}');
  await page.reload();
  await app.hydrated();
  await expect(boxes.first()).toHaveValue('{"temp": 4}');
  await expect(boxes.last()).toHaveValue('');
  await answerTools(app, page.locator('main'), ['{"temp": 4}', '{"temp": 18}']);
  await turnWentOn(app, page.locator('main'), '{"temp": 18}');
  // Sent, the drafts are gone.
  expect(await drafts(app)).toEqual([]);
  // Answered, the loop is closed: after another reload no call waits for a result.
  await page.reload();
  await app.hydrated();
  await expect(app.lastReply()).toContainText('The get_weather tool returned');
  await expect(page.getByRole('textbox', { name: /^Result of / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send tool results' })).toHaveCount(0);
});

test('a reply that asks for a tool result puts the focus in its box: the answer is typed at once, Enter sends it', async ({
  page,
  app,
}) => {
  await app.open('/');
  await app.ask('sim-openai::sim-tools', `Weather in Oslo ${TOOLS}`);
  await app.done();
  const box = page.getByRole('textbox', { name: 'Result of get_weather' });
  await expect(box).toBeFocused();
  // Reopened (a reload), the page does not move the focus into the thread: only a reply seen ending here does.
  await page.reload();
  await app.hydrated();
  await expect(box).toBeVisible();
  await expect(box).not.toBeFocused();
  await box.focus();
  await page.keyboard.type('{"temp": 4}');
  await page.keyboard.press('Enter');
  await turnWentOn(app, page.locator('main'), '{"temp": 4}');
});

test('while tool results are pending, the composer’s Send waits and says which Send applies', async ({ page, app }) => {
  await app.open('/');
  await app.ask('sim-openai::sim-tools', `Weather ${TOOLS}`);
  await app.done();
  await page.getByRole('textbox', { name: 'Message' }).fill('something else');
  const send = app.sendButton();
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(/answer them with “Send tool results”/);
  await answerTools(app, page.locator('main'), ['{"temp": 21}']);
  await turnWentOn(app, page.locator('main'), '{"temp": 21}');
  await page.getByRole('textbox', { name: 'Message' }).fill('and tomorrow?');
  await expect(send).toBeEnabled();
  await expect(send).not.toHaveAccessibleDescription(/tool results/);
});

test('a reply waiting for tool results can still be answered when reopened from the list', async ({ page, app }) => {
  const title = `Weather loop ${Date.now()}`;
  await app.open('/');
  await app.ask('sim-openai::sim-tools', `${title} ${TOOLS}`);
  await app.done();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const url = page.url();
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('link', { name: 'New chat' }).click();
  await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(0);
  // Back through the list: a client-side navigation, the conversation as stored.
  await sidebar.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await expect(page).toHaveURL(url);
  await answerTools(app, page.locator('main'), ['{"temp": 21}']);
  await turnWentOn(app, page.locator('main'), '{"temp": 21}');
});

test('a compare pane waiting for tool results can still be answered after a reload', async ({ page, app }) => {
  await app.open('/race');
  await app.pick('sim-openai::sim-tools', pane(app, 1));
  await app.pick('sim-gemini::sim-markdown', pane(app, 2));
  await app.send(`Race with tools tokens=20 ${TOOLS}`);
  await expect(page).toHaveURL(/\/race\/[0-9a-f-]{36}$/);
  await app.done();
  await page.reload();
  await app.hydrated();
  await expect(app.lastReply(pane(app, 2))).toHaveAttribute('data-status', 'complete');
  await answerTools(app, pane(app, 1), ['{"temp": 7}']);
  await turnWentOn(app, pane(app, 1), '{"temp": 7}');
  // Only the pane that was asked went on.
  await expect(pane(app, 2).getByRole('article', { name: 'Assistant reply' })).toHaveCount(1);
});

test('the results sent show in the chat, a long one folded, and stay after a reload; Enter in a result’s box sends them', async ({
  page,
  app,
}) => {
  await app.open('/');
  await app.ask('sim-anthropic::sim-tools-parallel', `Two cities shown ${TOOLS}`);
  await app.done();
  const long = JSON.stringify({ city: 'Oslo', hours: Array.from({ length: 12 }, (_, h) => ({ h, temp: h - 3 })) }, null, 2);
  const boxes = page.getByRole('textbox', { name: 'Result of get_weather' });
  await boxes.first().fill('{"temp": 4}');
  await boxes.last().fill(long);
  // Enter sends, as in the composer (Shift+Enter would be a new line).
  await boxes.last().press('Enter');
  await turnWentOn(app, page.locator('main'), '"city": "Oslo"');

  for (const reloaded of [false, true]) {
    if (reloaded) {
      await page.reload();
      await app.hydrated();
    }
    const sent = page.getByRole('article', { name: 'Tool results sent' });
    await expect(sent).toHaveCount(1);
    // The short one whole; the long one folded under its size and first line, opened on a click.
    await expect(sent.getByText('{"temp": 4}')).toBeVisible();
    const folded = sent.getByText(/^Result of get_weather · \d+ lines/);
    await expect(folded).toBeVisible();
    await expect(sent.getByText('"temp": 8')).toBeHidden();
    await folded.click();
    await expect(sent.getByText(/"temp": 8/)).toBeVisible();
    await expect(page.getByText(/Tool result for get_weather sent/)).toHaveCount(0);
    await app.shot(`tool-results-sent${reloaded ? '-reloaded' : ''}`);
  }
});
