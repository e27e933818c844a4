/**
 * Versions (issue 38), as a user meets them: a reply regenerated twice, its versions
 * stepped through after a reload with the keyboard, the choice kept across a reload; a
 * message edited, and its old branch shown again; "Diff versions" opening the diff
 * page on the version shown and the one before it. 1440 and 390 px, light and dark, axe.
 */
import { expect, test, violations, sideways, type Locator, type Page, unique } from './support';

const versions = (message: Locator) => message.getByRole('group', { name: 'Versions' });
const yours = (page: Page) => page.getByRole('article', { name: 'Your message' });

test('regenerate twice, step through the versions after a reload, edit and go back, compare two versions', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open('/');
  const prompt = `Versions ${unique()} tokens=24 tps=12 delay=0`;
  await app.ask('sim-openai::sim-markdown', prompt);
  await app.done();
  await expect(versions(app.lastReply())).toHaveCount(0);
  for (const version of [2, 3]) {
    await app.lastReply().getByRole('button', { name: 'Regenerate reply' }).click();
    // While it streams, it is the newest version, and no other can be shown.
    const streaming = app.lastReply();
    await expect(streaming).toHaveAttribute('data-status', 'streaming');
    await expect(versions(streaming).getByText(`Version ${version} of ${version}`)).toBeAttached();
    await expect(versions(streaming).getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await app.done();
  }

  // After a reload: version 3 of 3, and the keyboard steps back to the first.
  await app.open(page.url());
  const reply = app.lastReply();
  await expect(versions(reply).getByText('Version 3 of 3')).toBeAttached();
  const third = await reply.getAttribute('data-message-id');
  await versions(reply).getByRole('button', { name: 'Previous version' }).focus();
  await page.keyboard.press('Enter');
  await expect(versions(reply).getByText('Version 2 of 3')).toBeAttached();
  await expect(versions(reply).getByRole('button', { name: 'Previous version' })).toBeFocused();
  const second = await reply.getAttribute('data-message-id');
  expect(second).not.toBe(third);
  await page.keyboard.press('Enter');
  await expect(versions(reply).getByText('Version 1 of 3')).toBeAttached();
  // The first has no previous: the focus stays on the switch, on Next.
  await expect(versions(reply).getByRole('button', { name: 'Next version' })).toBeFocused();
  const first = await reply.getAttribute('data-message-id');
  await page.keyboard.press('Enter');
  await expect(versions(reply).getByText('Version 2 of 3')).toBeAttached();
  // The choice is stored: a reload shows version 2.
  await app.open(page.url());
  await expect(versions(app.lastReply()).getByText('Version 2 of 3')).toBeAttached();
  await expect(app.lastReply()).toHaveAttribute('data-message-id', second!);

  // Edit the question: a new branch; the old one is a version of the question.
  await yours(page).getByRole('button', { name: 'Edit message and resend' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Edited tokens=8 delay=0');
  await page.getByRole('button', { name: 'Resend', exact: true }).click();
  await app.done();
  await expect(versions(yours(page)).getByText('Version 2 of 2')).toBeAttached();
  await expect(versions(app.lastReply())).toHaveCount(0);
  await versions(yours(page)).getByRole('button', { name: 'Previous version' }).click();
  await expect(yours(page)).toContainText(prompt);
  // The old branch as it was left: version 2 of its reply.
  await expect(versions(app.lastReply()).getByText('Version 2 of 3')).toBeAttached();
  await expect(app.lastReply()).toHaveAttribute('data-message-id', second!);

  // Light and dark, desktop and phone: no serious axe violation, nothing scrolls sideways,
  // and the switch moves nothing: the reply's text starts as far down as in a reply without it.
  const found: Record<string, string[]> = {};
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('sluice-theme', t), theme);
    for (const [name, width] of [
      ['desktop', 1440],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await app.open(page.url());
      await expect(versions(app.lastReply()).getByText('Version 2 of 3')).toBeAttached();
      found[`${name} ${theme}`] = await violations(page);
      if (name === 'phone') {
        expect(await sideways(page)).toBe(0);
        const offset = async (reply: Locator) => {
          const [box, text] = [await reply.boundingBox(), await reply.locator('[data-part]').first().boundingBox()];
          return text!.y - box!.y;
        };
        await versions(yours(page)).getByRole('button', { name: 'Next version' }).click();
        await expect(versions(app.lastReply())).toHaveCount(0);
        const plain = await offset(app.lastReply());
        await versions(yours(page)).getByRole('button', { name: 'Previous version' }).click();
        await expect(versions(app.lastReply()).getByText('Version 2 of 3')).toBeAttached();
        expect(await offset(app.lastReply())).toBe(plain);
      }
      await app.shot(`versions-${name}-${theme}`);
    }
  }
  expect(found).toEqual({ 'desktop light': [], 'phone light': [], 'desktop dark': [], 'phone dark': [] });

  // Diff versions: the diff page, the previous version as A, the one shown as B.
  await app.replyAction('Diff versions');
  await expect(page).toHaveURL(new RegExp(`/diff\\?a=${first}&b=${second}$`));
  await expect(page.getByRole('heading', { name: 'Diff two replies' })).toBeVisible();
  // Named by their place among the versions, not by their ids alone.
  await expect(page.getByText(/^A: .*, version 1 of 3$/)).toBeVisible();
  await expect(page.getByText(/^B: .*, version 2 of 3$/)).toBeVisible();
});
