/**
 * Conversation history end to end, on each database Sluice supports: the embedded
 * PGlite, and PostgreSQL when TEST_DATABASE_URL names a server (CI starts one). Each
 * database gets servers of its own here, so one can be restarted mid-test.
 */
import pg from 'pg';
import type { PageStats } from '../lib/client/render-stats';
import { startNextServer, type RunningServer } from '../tests/support/next-server';
import { expect, expectModel, type Page, settled, SluiceApp, test } from './support';

const pgUrl = process.env.TEST_DATABASE_URL;

interface Database {
  name: string;
  env: () => Promise<Record<string, string>>;
  cleanup: () => Promise<void>;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const databases: Database[] = [{ name: 'PGlite', env: async () => ({}), cleanup: async () => {} }];
if (pgUrl) {
  const name = `sluice_e2e_${process.pid}`;
  databases.push({
    name: 'PostgreSQL',
    env: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      return { DATABASE_URL: url.toString() };
    },
    cleanup: () => admin(`drop database if exists ${name} with (force)`),
  });
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

/** The conversation id the server sent for the next /api/chat stream. */
function nextConversationId(page: Page): Promise<string> {
  return page.waitForResponse((r) => r.url().endsWith('/api/chat')).then((r) => r.headers()['x-conversation-id']!);
}

for (const database of databases) {
  test.describe(`history on ${database.name}`, () => {
    let env: Record<string, string>;
    let server: RunningServer;

    test.beforeAll(async () => {
      env = { SLUICE_CONFIG: '', ...(await database.env()) };
      server = await startNextServer(env);
    });
    test.afterAll(async () => {
      await server?.stop();
      await database.cleanup();
    });

    test('send, follow the id, list, reload, continue, rename, search, delete, restart', async ({ page, app, browser }) => {
      await app.open(`${server.origin}/`);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      // The URL follows the header's id while the reply is still streaming, without a reload.
      const idPromise = nextConversationId(page);
      await app.ask('sim-anthropic::sim-thinking', 'Plan a garden party think=30 tokens=120 tps=60 delay=0');
      const id = await idPromise;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await expect(page).toHaveURL(`${server.origin}/c/${id}`);
      // In the list at once, while the reply is still streaming.
      const entry = sidebar(page).getByRole('link', { name: /^Plan a garden party/ });
      await expect(entry).toHaveAttribute('aria-current', 'page');
      await expect(entry).toHaveAttribute('href', `/c/${id}`);
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await app.done();
      const answer = await app.lastReply().locator('.prose-sluice').innerText();

      // Reload: the whole conversation as stored, thinking and figures included.
      await app.open(page.url());
      await expect(page.getByRole('main').getByText(/^Plan a garden party/)).toBeVisible();
      await expect(app.lastReply()).toHaveAttribute('data-status', 'complete');
      expect(await app.lastReply().locator('.prose-sluice').innerText()).toBe(answer);
      await expect(app.lastReply().locator('details summary').first()).toHaveText(/^Thought for \d+\.\d s$/);
      await expect(app.lastReply().getByLabel('Reply figures')).toContainText('TTFT');
      await expectModel(page, 'sim-anthropic::sim-thinking');

      // A follow-up continues the same conversation.
      const followUp = nextConversationId(page);
      await app.ask('sim-openai::sim-echo', 'And the drinks? tokens=5 delay=0');
      expect(await followUp).toBe(id);
      await app.done();
      await app.open(page.url());
      await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
      await expect(app.lastReply()).toContainText('And the drinks?');

      // Rename, and it sticks.
      await app.conversationAction('Plan a garden party', 'Rename');
      await sidebar(page).getByRole('textbox', { name: 'Conversation title' }).fill('Party planning');
      await sidebar(page).getByRole('button', { name: 'Save' }).click();
      await expect(sidebar(page).getByRole('link', { name: 'Party planning' })).toBeVisible();
      await app.open(page.url());
      await expect(sidebar(page).getByRole('link', { name: 'Party planning' })).toHaveAttribute('aria-current', 'page');

      // A second conversation, from New chat; it goes to the top.
      await sidebar(page).getByRole('link', { name: 'New chat' }).click();
      await expect(page).toHaveURL(`${server.origin}/`);
      await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(0);
      const secondPromise = nextConversationId(page);
      await app.ask('sim-gemini::sim-echo', 'Weather in Lisbon tokens=5 delay=0');
      const second = await secondPromise;
      await app.done();
      await expect(page).toHaveURL(`${server.origin}/c/${second}`);
      await expect(sidebar(page).getByRole('list', { name: 'Conversation list' }).getByRole('link')).toHaveText([
        /^Weather in Lisbon/,
        'Party planning',
      ]);

      // Search by title and by message text.
      const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations' });
      await search.fill('drinks');
      await expect(sidebar(page).getByRole('list', { name: 'Conversation list' }).getByRole('link')).toHaveText([
        'Party planning',
      ]);
      await search.fill('LISBON');
      await expect(sidebar(page).getByRole('list', { name: 'Conversation list' }).getByRole('link')).toHaveText([
        /^Weather in Lisbon/,
      ]);
      await search.fill('no such thing anywhere');
      await expect(sidebar(page).getByText('No conversation matches “no such thing anywhere”.')).toBeVisible();
      await search.fill('');

      // Opening one from the list shows it.
      await sidebar(page).getByRole('link', { name: 'Party planning' }).click();
      await expect(page).toHaveURL(`${server.origin}/c/${id}`);
      await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(2);
      await app.shot('history-sidebar');

      // Delete asks first; Cancel keeps it, Delete removes it.
      await app.conversationAction('Party planning', 'Delete');
      const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(sidebar(page).getByRole('link', { name: 'Party planning' })).toBeVisible();
      await app.conversationAction('Party planning', 'Delete');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(`${server.origin}/`);
      await expect(sidebar(page).getByRole('link', { name: 'Party planning' })).toHaveCount(0);
      await page.goto(`${server.origin}/c/${id}`);
      await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();

      // A restart keeps what was stored. The browser lets go of the server first: a
      // graceful shutdown waits for every connection with a request on it, and a page
      // merely sent to about:blank still held one at times (its context keeps its
      // sockets), past the 10 s the restart allows. Closing the context closes them all.
      await page.context().close();
      await server.stop();
      server = await startNextServer({ ...env, SLUICE_DATA_DIR: server.dataDir });
      const reopened = new SluiceApp(await browser.newPage());
      await reopened.open(`${server.origin}/c/${second}`);
      await expect(reopened.lastReply()).toContainText('Weather in Lisbon');
      await expect(reopened.lastReply()).toHaveAttribute('data-status', 'complete');
      await expect(sidebar(reopened.page).getByRole('list', { name: 'Conversation list' }).getByRole('link')).toHaveText([
        /^Weather in Lisbon/,
      ]);
      await reopened.page.context().close();
    });

    test('tool calls and failures show as they were when reopened; an unknown id is not found', async ({ page, app }) => {
      await app.open(`${server.origin}/`);
      const toolId = nextConversationId(page);
      await app.ask('sim-openai::sim-tools', 'tps=500 delay=0');
      await app.done();
      const cards = app.lastReply().getByRole('region', { name: /^Tool call/ });
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      await app.open(`${server.origin}/c/${await toolId}`);
      await expect(app.lastReply().getByRole('region', { name: /^Tool call/ })).toHaveCount(count);

      await sidebar(page).getByRole('link', { name: 'New chat' }).click();
      // Ask only once the new chat is in place: a message sent while the old
      // conversation is still on screen goes with it (and its stream with the page).
      await expect(page).toHaveURL(`${server.origin}/`);
      await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(0);
      const errorId = nextConversationId(page);
      await app.ask('sim-openai::sim-fault-error', 'tps=500 delay=0');
      await app.done();
      await app.open(`${server.origin}/c/${await errorId}`);
      await expect(app.lastReply()).toHaveAttribute('data-status', 'error');
      await expect(app.lastReply().getByRole('alert')).toBeVisible();

      for (const bad of ['019a0000-0000-7000-8000-000000000000', 'not-a-conversation', "1'%20or%201=1"]) {
        const response = await page.goto(`${server.origin}/c/${bad}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
      }
    });

    test('after a failed turn, a regenerate and an edit, a reload shows what the page showed', async ({ page, app }) => {
      await app.open(`${server.origin}/`);
      await app.ask('sim-openai::sim-echo', 'first tokens=3 delay=0');
      await app.done();
      await app.ask('sim-openai::sim-fault-http-401', 'refused delay=0');
      await app.done();
      await app.ask('sim-openai::sim-echo', 'second tokens=3 delay=0');
      await app.done();
      await app.lastReply().getByRole('button', { name: 'Regenerate reply' }).click();
      await app.done();
      await page.getByRole('button', { name: 'Edit message and resend' }).nth(2).click();
      await page.getByRole('textbox', { name: 'Edit message' }).fill('second, edited tokens=3 delay=0');
      await page.getByRole('button', { name: 'Resend', exact: true }).click();
      await app.done();
      const shown = async () => page.getByRole('main').getByRole('article').allInnerTexts();
      const before = await shown();
      expect(before).toHaveLength(6);
      await app.open(page.url());
      await expect(page.getByRole('article', { name: 'Assistant reply' })).toHaveCount(3);
      expect((await shown()).map((t) => t.split('\n')[0])).toEqual(before.map((t) => t.split('\n')[0]));
      await expect(app.lastReply()).toContainText('second, edited');
    });

    test('long replies reopened render from their end, a few blocks a frame in all, each block parsed once', async ({
      page,
      app,
    }) => {
      await app.open(`${server.origin}/`);
      const id = nextConversationId(page);
      await app.ask('sim-openai::sim-markdown', 'tokens=4000 tps=20000 delay=0');
      await app.done();
      await app.ask(undefined, 'tokens=4000 tps=20000 delay=0 seed=2');
      await app.done();
      // textContent, not innerText: the text of a group skipped off screen (content-visibility) is not "rendered".
      // Read once it holds still: the streamed reply's last trees and highlighting land after its end.
      const text = await settled(() => app.lastReply().locator('.prose-sluice').textContent());
      // Main-thread parses counted at every frame from the page's start.
      await page.addInitScript(() => {
        const w = window as unknown as { __parses: number[]; __sluice?: PageStats };
        w.__parses = [];
        const tick = () => {
          w.__parses.push(w.__sluice?.markdownStats.mainThreadParses ?? 0);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await app.open(`${server.origin}/c/${await id}`);
      const reply = app.lastReply();
      // The replies render with their blocks, raw or not: then the raw ones are waited out.
      await expect(reply).toHaveAttribute('data-status', 'complete');
      await expect(page.locator('.md-raw')).toHaveCount(0);
      expect(await reply.locator('.prose-sluice').textContent()).toBe(text);
      const blocks = await page.locator('.prose-sluice > div > div').count();
      expect(blocks).toBeGreaterThan(10 * 12);
      expect((await app.stats()).markdownStats.mainThreadParses).toBe(blocks);
      // Each reply's first 12 blocks as it mounts, then 8 a frame for the whole page.
      const parses = (await page.evaluate('window.__parses')) as number[];
      const [first, ...rest] = parses
        .slice(1)
        .map((n, i) => n - parses[i]!)
        .filter((n) => n > 0);
      expect(first).toBeLessThanOrEqual(2 * 12);
      expect(Math.max(...rest)).toBeLessThanOrEqual(8);
    });

    test('a long list comes a page at a time', async ({ page, app, request }) => {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          request
            .post(`${server.origin}/api/chat`, {
              data: {
                provider: 'sim-openai',
                model: 'sim-echo',
                messages: [{ role: 'user', content: `bulk ${i} tokens=2 delay=0` }],
              },
            })
            .then((r) => r.body()),
        ),
      );
      const total = (
        (await (await request.get(`${server.origin}/api/conversations?limit=200`)).json()) as { conversations: unknown[] }
      ).conversations.length;
      expect(total).toBeGreaterThan(60);
      await app.open(`${server.origin}/`);
      const entries = sidebar(page).getByRole('list', { name: 'Conversation list' }).getByRole('listitem');
      await expect(entries).toHaveCount(50);
      await sidebar(page).getByRole('button', { name: 'Load more conversations' }).scrollIntoViewIfNeeded();
      await expect(entries).toHaveCount(total);
      await expect(sidebar(page).getByRole('button', { name: 'Load more conversations' })).toHaveCount(0);
    });
  });
}
