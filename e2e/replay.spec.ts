/**
 * Replay, as a user drives it: a reply of the chat and a capture of the Traffic page re-run
 * as a new chat through the replay provider, at their recorded pace, with the same text;
 * their replay URLs given to the OpenAI SDK as its base URL, which reads the same reply
 * again; a replay named and priced as its recording, which is no model in the picker; once
 * it has ended, the chat goes on with the model the recording was made with.
 * At 1440 and 390 px, light and dark.
 */
import OpenAI from 'openai';
import { expect, expectModel, proxyAsk, settled, type SluiceApp, test, unique } from './support';

/** Words enough that a stream echoing them at 20 a second still runs when the test looks, on a busy machine too. */
const WORDS = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

/** The reply's text as shown (its parts), once its late updates are in. */
const replyText = (app: SluiceApp) =>
  settled(async () => (await app.lastReply().locator('[data-part]').allInnerTexts()).join('\n'));

/** What the OpenAI SDK reads from `baseURL` streaming a chat completion: its text. */
async function sdkText(baseURL: string): Promise<string> {
  const openai = new OpenAI({ baseURL, apiKey: 'not-needed-for-a-replay' });
  let text = '';
  for await (const chunk of await openai.chat.completions.create({
    model: 'any',
    stream: true,
    messages: [{ role: 'user', content: 'the request is not read' }],
  }))
    text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

test('Replay on a reply: a new chat, the reply streamed again at its pace, the same text; its URL replays to an SDK', async ({
  page,
  app,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/');
  // Echoed a word at a time, 20 a second: three seconds of stream, its pace to replay.
  const prompt = `replay me ${unique()} ${WORDS} tps=20`;
  await app.ask('sim-openai::sim-echo', prompt);
  await app.done();
  const original = await replyText(app);
  expect(original.length).toBeGreaterThan(10);
  await expect(page).toHaveURL(/\/c\//);
  const first = page.url();

  // Copy replay URL: the reply's /replay/{id}, absolute; the SDK reads the same text from it.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await app.replyAction('Copy replay URL of this reply');
  await expect(app.lastReply().getByRole('status').filter({ hasText: 'Replay URL copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(new RegExp(`^${baseURL}/replay/[0-9a-f-]{36}$`));
  expect((await sdkText(url)).trim()).toBe(original.trim());
  const replyId = url.slice(url.lastIndexOf('/') + 1);

  await app.replyAction('Replay this reply at its recorded pace');
  // A new chat of what it answered, on the replay provider's model for this reply.
  await expectModel(page, `replay::${replyId}`);
  const reply = app.lastReply();
  // At its recorded pace: seen streaming, as the original was.
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(page).not.toHaveURL(first);
  await expect(page).toHaveURL(/\/c\//);
  await app.done();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText(prompt);
  expect(await replyText(app)).toBe(original);
  // Named and priced as its recording: its provider and model, not the replay provider and an id.
  await expect(reply.getByText('sim-openai · sim-echo (replay)')).toBeVisible();
  await expect(reply).not.toContainText(replyId);
  await expect(reply.getByLabel('Reply figures')).toContainText(/\$\d/);
  await expect(reply.getByLabel('Reply figures')).not.toContainText('no price');
  // The replay ended, the chat goes on with the model it was recorded with: a follow-up is no second replay.
  await expectModel(page, 'sim-openai::sim-echo');
  await app.shot('replay-reply-1440-light', { fullPage: false });

  // Read back: the same, the picker on the replay shown by its recording's model and provider, and the list
  // of conversations naming that model, never the recording's id.
  await page.reload();
  await app.hydrated();
  await expect(app.lastReply().getByText('sim-openai · sim-echo (replay)')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Model' });
  await expectModel(page, 'sim-openai::sim-echo');
  await expect(picker).toHaveValue('sim-echo');
  await expect(picker).toHaveAccessibleDescription('Simulator · OpenAI Chat');
  const listed = app
    .sidebar()
    .getByRole('listitem')
    .filter({ hasText: prompt.slice(0, 20) });
  await expect(listed.first()).toContainText('sim-echo');
  await expect(app.sidebar()).not.toContainText(replyId);
  // Recordings are no models to pick: the replays made here are not options, only the one chosen.
  await picker.click();
  const options = page.getByRole('listbox', { name: 'Models' }).getByRole('option');
  await expect(options.filter({ hasText: prompt.slice(0, 20) })).toHaveCount(0);
  await expect(page.locator('[role="option"][data-choice^="replay::"]')).toHaveCount(0);
  await picker.press('Escape');

  // Dark as the system prefers it, read as the page loads.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await app.hydrated();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(app.lastReply().getByRole('button', { name: 'More actions for this reply' })).toBeInViewport({
    ratio: 0,
  });
  await app.shot('replay-reply-390-dark', { fullPage: false });

  // A follow-up goes to the model the recording was made with: a new answer, not the recording again.
  const followUp = `and now ${unique()}`;
  await app.send(followUp);
  await app.done();
  const answer = app.lastReply();
  await expect(answer.getByText('sim-openai · sim-echo', { exact: true })).toBeVisible();
  expect(await replyText(app)).toContain(followUp);
  expect(await replyText(app)).not.toBe(original);
  await expectModel(page, 'sim-openai::sim-echo');
});

test('Replay on a capture: a new chat of its request, its answer replayed; its replay URL replays to an SDK', async ({
  page,
  app,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const marker = unique();
  const id = await proxyAsk(baseURL!, `Echo ${marker} ${WORDS} tps=20`, marker);

  await page.setViewportSize({ width: 390, height: 844 });
  await app.open(`/traffic/${id}`);
  const actions = page.getByRole('group', { name: 'Capture actions' });
  // Under More actions: copied, and said so, as the menu closes.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await actions.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy replay URL' }).click();
  await expect(actions.getByRole('status')).toHaveText('Replay URL copied.');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(`${baseURL}/replay/${id}`);
  const captured = (await page.getByRole('article', { name: 'Captured reply' }).locator('[data-part]').allInnerTexts()).join(
    '\n',
  );
  expect((await sdkText(url)).trim()).toBe(captured.trim());
  await app.shot('replay-capture-390-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await app.hydrated();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await app.shot('replay-capture-1440-dark', { fullPage: false });

  await actions.getByRole('link', { name: 'Replay' }).click();
  await expectModel(page, `replay::${id}`);
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText(`Echo ${marker}`);
  await expect(app.lastReply()).toHaveAttribute('data-status', 'streaming');
  await expect(page).toHaveURL(/\/c\//);
  await app.done();
  expect(await replyText(app)).toBe(captured);
  await expect(app.lastReply().getByText('sim-openai · sim-echo (replay)')).toBeVisible();
  // Ended, the picker shows the model the capture was made with: the next message goes to it.
  await expectModel(page, 'sim-openai::sim-echo');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveAccessibleDescription('Simulator · OpenAI Chat');
});
