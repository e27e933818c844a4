/**
 * Not a benchmark: a look at opening a long reply from history. Streams one reply,
 * then opens its conversation twice in fresh pages and prints, for each, when the
 * finished reply showed, how many blocks the page parsed, and every long animation
 * frame of the page's first seconds. `npx tsx bench/reopen-ui.ts ['tokens=50000 tps=20000 delay=0']`
 */
import { startNextServer } from '../tests/support/next-server';
import { launchBrowser, pickModel, BYPASS_CSP } from './browser';

const prompt = process.argv[2] ?? 'tokens=50000 tps=20000 delay=0';
const next = await startNextServer({ SLUICE_CONFIG: '' });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: BYPASS_CSP });
  await page.goto(`${next.origin}/`);
  await page.waitForFunction('window.__sluice !== undefined');
  await pickModel(page.getByRole('combobox', { name: 'Model' }), 'sim-openai::sim-markdown');
  await page.getByRole('textbox', { name: 'Message' }).fill(prompt);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForTimeout(500);
  await page.waitForFunction(`document.querySelector('article[data-status="streaming"]') === null`, undefined, {
    polling: 250,
    timeout: 120_000,
  });
  const url = page.url();
  for (let i = 1; i <= 2; i++) {
    const opened = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: BYPASS_CSP });
    await opened.addInitScript(`
      window.__loaf = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => window.__loaf.push([Math.round(e.startTime), Math.round(e.duration)])),
      ).observe({ type: 'long-animation-frame', buffered: true });
    `);
    const start = Date.now();
    await opened.goto(url);
    await opened.waitForSelector('article[aria-label="Assistant reply"][data-status="complete"]', { timeout: 60_000 });
    const shown = Date.now() - start;
    await opened.waitForFunction(`document.querySelector('.md-raw') === null`, undefined, { timeout: 60_000 });
    const rendered = Date.now() - start;
    await opened.waitForTimeout(1000);
    const parses = await opened.evaluate('window.__sluice.markdownStats.mainThreadParses');
    const frames = (await opened.evaluate('window.__loaf')) as [number, number][];
    console.log(
      `open ${i}: reply shown at ${shown} ms, all of it as markdown at ${rendered} ms; ${parses} blocks parsed on the page`,
    );
    console.log(`  long frames (start ms: duration ms): ${frames.map(([at, ms]) => `${at}: ${ms}`).join(', ')}`);
    await opened.close();
  }
} finally {
  await browser.close();
  await next.stop();
}
