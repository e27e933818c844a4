/**
 * The one module every end-to-end spec imports: Playwright's `test` with an `app`
 * fixture (a page that can open Sluice, pick a model, ask, wait for a reply to
 * settle, read the last reply, take a screenshot), and the few helpers specs share.
 */
import { createRequire } from 'node:module';
import { test as base, errors, expect, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import type { PageStats } from '../lib/client/render-stats';

export { expect };
export type { BrowserContext, Locator, Page, Route };
export { captureEnded, chatBody, proxyAsk, proxySend, unique } from './proxy';

const SCREENSHOTS = 'test-results/screenshots';
/** Where `shot(name)` writes its image. */
export const shotPath = (name: string) => `${SCREENSHOTS}/${name}.png`;
/** A reply of the simulator's longest test prompts ends well within this. */
const REPLY_TIMEOUT_MS = 30_000;
/** A page's scripts load and run well within this, on a loaded CI machine too. */
const HYDRATE_TIMEOUT_MS = 20_000;

/** The model picker (combobox "Model") of the page, or of a pane. */
export const modelPicker = (within: Page | Locator) => within.getByRole('combobox', { name: 'Model' });

/**
 * Picks `choice` (`provider::model`) in a model picker: its model's id typed (the list
 * narrows to it), its option picked; the picker then holds it. Options and the picker
 * carry their choice's key as `data-choice`: the same model on four providers reads alike.
 */
export async function chooseModel(within: Page | Locator, choice: string): Promise<void> {
  const picker = modelPicker(within);
  // Opened first: typing what it already shows changes nothing, and would not open it.
  await picker.click();
  await picker.fill(choice.slice(choice.indexOf('::') + 2));
  const listbox = within.getByRole('listbox', { name: 'Models' });
  await listbox.locator(`[role="option"][data-choice="${choice}"]`).click();
  await expectModel(within, choice);
}

/** Waits until the model picker holds `choice` (`provider::model`, or a pattern of it). */
export async function expectModel(within: Page | Locator, choice: string | RegExp): Promise<void> {
  await expect(modelPicker(within)).toHaveAttribute('data-choice', choice);
}

/** Sluice in one page, as a user drives it: every control found by its role and name. */
export class SluiceApp {
  constructor(readonly page: Page) {}

  /** Opens a page and waits until React has hydrated: a choice made before would be reset by it. */
  async open(url = '/'): Promise<void> {
    await this.page.goto(url);
    await this.hydrated();
  }

  /**
   * Waits for `window.__sluice`, which every page sets once React has hydrated it (its
   * app, or <PageStats />). A page without it would be waited for until the test's own
   * timeout, minutes later and nameless: it fails here, soon, saying which page it is.
   */
  async hydrated(): Promise<void> {
    await this.page
      .waitForFunction(() => '__sluice' in window, undefined, { timeout: HYDRATE_TIMEOUT_MS })
      .catch((error) => {
        if (!(error instanceof errors.TimeoutError)) throw error;
        throw new Error(`${this.page.url()} did not hydrate within ${HYDRATE_TIMEOUT_MS} ms: does it render <PageStats />?`);
      });
  }

  /**
   * Picks a model (`provider::model`) in the page's (or a pane's) model picker, as a user
   * does: types its id in the combobox, which narrows the list, and picks its option.
   */
  async pick(model: string, within: Page | Locator = this.page): Promise<void> {
    await chooseModel(within, model);
  }

  /** The sidebar's conversation list. */
  sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Conversations' });
  }

  /** Opens the "More actions" menu of the listed conversation whose title starts with `title`, and picks `action`. */
  async conversationAction(title: string, action: 'Rename' | 'Delete'): Promise<void> {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.sidebar()
      .getByRole('button', { name: new RegExp(`^More actions for “${escaped}`) })
      .click();
    await this.sidebar().getByRole('menuitem', { name: action }).click();
  }

  /** A reply's "More" menu: the actions that are not on its line (Event log, Replay, Copy replay URL, Diff with…, Diff versions). */
  replyMenu(reply: Locator = this.lastReply()): Locator {
    return reply.getByRole('menu', { name: 'Actions for this reply' });
  }

  /** Opens a reply's "More" menu and picks `action` by its accessible name ("Show this reply in the event log", …). */
  async replyAction(action: string, reply: Locator = this.lastReply()): Promise<void> {
    await reply.getByRole('button', { name: 'More actions for this reply' }).click();
    await this.replyMenu(reply).getByRole('menuitem', { name: action }).click();
  }

  /** Types a message and presses Send (with `model` picked first, when given); does not wait for the reply. */
  async ask(model: string | undefined, text: string): Promise<void> {
    if (model) await this.pick(model);
    await this.send(text);
  }

  async send(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Message' }).fill(text);
    await this.sendButton().click();
  }

  sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }

  /** Waits until nothing streams any more: Send is back in place of Stop. */
  async done(): Promise<void> {
    await expect(this.sendButton()).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  }

  /** Waits until the reply shows streamed text of its own (its heading names the model from the start). */
  async streamed(reply: Locator = this.lastReply()): Promise<void> {
    await expect(reply.locator('[data-part]').first()).toContainText(/\w{3,}/);
  }

  /** After a reload mid-stream: the reply is still streaming, and its text grows (the page joined its stream). */
  async stillStreaming(reply: Locator = this.lastReply()): Promise<void> {
    await expect(reply).toHaveAttribute('data-status', 'streaming');
    // The page follows it as its running reply: Stop is offered, not Send.
    await expect(reply.page().getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
    const before = (await reply.innerText()).length;
    await expect.poll(async () => (await reply.innerText()).length).toBeGreaterThan(before);
  }

  /** The last assistant reply in the page, or in one region of it (a compare pane). */
  lastReply(within: Page | Locator = this.page): Locator {
    return within.getByRole('article', { name: 'Assistant reply' }).last();
  }

  /** The counters the page exposes for tests (`window.__sluice`), as they stand now. */
  stats(): Promise<PageStats> {
    return this.page.evaluate(() => structuredClone((window as unknown as { __sluice: PageStats }).__sluice));
  }

  /**
   * A screenshot in test-results/screenshots. A full page is the page as laid out, top to
   * bottom: the browser draws a sticky header, sidebar or composer where the viewport
   * has them at the time, so a page scrolled to its end (a chat following its reply, by a
   * few pixels or many) showed its header part-way down the image, over the page, and one
   * scrolled to its top its composer mid-page. For the shot they are placed where the
   * page lays them out (and the scroll is at the top); both are put back after.
   */
  async shot(name: string, { fullPage = true } = {}): Promise<void> {
    if (!fullPage) return void (await this.page.screenshot({ path: shotPath(name) }));
    const scrolled = await this.page.evaluate(() => {
      const y = window.scrollY;
      for (const el of document.querySelectorAll<HTMLElement>('body *'))
        if (getComputedStyle(el).position === 'sticky') {
          el.dataset.shotPosition = el.style.position;
          el.style.position = 'relative';
        }
      window.scrollTo({ top: 0, behavior: 'instant' });
      return y;
    });
    await this.page.screenshot({ path: shotPath(name), fullPage });
    await this.page.evaluate((y) => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-shot-position]')) {
        el.style.position = el.dataset.shotPosition!;
        delete el.dataset.shotPosition;
      }
      window.scrollTo({ top: y, behavior: 'instant' });
    }, scrolled);
  }
}

export const test = base.extend<{ app: SluiceApp; noCspViolations: void }>({
  app: async ({ page }, provide) => {
    await provide(new SluiceApp(page));
  },
  // Every test, whatever it does, ends without the page breaking its own Content Security Policy.
  noCspViolations: [
    async ({ page }, provide) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await provide();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Reads `read` every 300 ms until two reads in a row agree, and returns that value:
 * what the page shows once its late updates (a reply's last trees, its highlighting,
 * which land after the stream's end) are in.
 */
export async function settled<T>(read: () => Promise<T>): Promise<T> {
  let last: string | undefined;
  let value: T | undefined;
  await expect
    .poll(
      async () => {
        value = await read();
        const now = JSON.stringify(value);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return value as T;
}

/**
 * Makes this Chromium Safari as far as following a stream's tail goes: no scroll
 * anchoring, and the page's test for it (CSS.supports) says so.
 */
export async function withoutScrollAnchoring(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
    CSS.supports = ((...args: string[]) => !args[0]!.includes('overflow-anchor') && supports(...args)) as typeof CSS.supports;
    // A constructed sheet, not a <style> element: the page's CSP admits no inline style elements.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { overflow-anchor: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}

/**
 * axe-core's source, the version @axe-core/playwright is built for (its dependency, not
 * ours: resolved from where it is).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

/** What a scan checks: WCAG 2.1 A and AA and best practice, with label-content-name-mismatch on (axe ships it off, as experimental). */
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // No page of Sluice has a frame: none to wait for.
  iframes: false,
  // Violations only, in full: passes and the undecided are not read, and not written out whole.
  resultTypes: ['violations'],
};

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * The serious and critical axe-core violations on the page as it is now, one line each,
 * naming the elements. With label-content-name-mismatch on: a control named other than
 * the words it shows fails voice control. axe is put in a page once (until it navigates)
 * and run there (axe.run): AxeBuilder put it in again each scan, twice, and finished each
 * in a blank page of its own, which made a scan three times as long.
 */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    async (options) =>
      (
        await (
          window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<{ violations: AxeViolation[] }> } }
        ).axe.run(document, options)
      ).violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) })),
    AXE_OPTIONS,
  );
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** How far the page scrolls sideways (0: it fits its width). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
