/**
 * Not a benchmark: a look inside one. Streams one chat reply under Chromium's CPU
 * profiler and prints the page's self time by function and by bundle, with the
 * main-thread totals the ui bench reports. `npx tsx bench/profile-ui.ts [prompt] [panes]`:
 * with more than one pane, the reply is raced on /compare. Built with
 * `SLUICE_SOURCE_MAPS=1 npx next build`, the saved profile's functions map back to
 * their sources through `.next/static/chunks/*.map`.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNextServer } from '../tests/support/next-server';
import { cdpMetrics, launchBrowser, pickModel, BYPASS_CSP } from './browser';

const prompt = process.argv[2] ?? 'tokens=1000 tps=1000 delay=0';
const panes = Number(process.argv[3] ?? 1);
const next = await startNextServer({ SLUICE_CONFIG: '', SLUICE_BENCH_PAGES: '1' });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: BYPASS_CSP });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${next.origin}${panes > 1 ? '/race' : '/'}`);
  await page.waitForFunction('window.__sluice !== undefined');
  for (let i = 2; i < panes; i++) await page.getByRole('button', { name: 'Add model' }).click();
  for (const picker of await page.getByRole('combobox', { name: 'Model' }).all())
    await pickModel(picker, 'sim-openai::sim-markdown');
  await page.waitForFunction('window.__sluice.highlighter.ready', undefined, { timeout: 30_000 });
  const send = async (p: string) => {
    await page.getByRole('textbox', { name: 'Message' }).fill(p);
    await page.getByRole('button', { name: /^Send/ }).click();
    await page.waitForTimeout(300);
    await page.waitForFunction(`document.querySelector('article[data-status="streaming"]') === null`, undefined, {
      polling: 250,
      timeout: 60_000,
    });
  };
  await send('tokens=400 tps=5000 delay=0');
  await cdp.send('Performance.enable');
  const m0 = await cdpMetrics(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await send(prompt);
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const saved = join(tmpdir(), 'sluice-ui.cpuprofile');
  writeFileSync(saved, JSON.stringify(profile));
  console.log(`profile: ${saved}`);
  const m1 = await cdpMetrics(cdp);
  for (const k of ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'])
    console.log(k, ((m1[k]! - m0[k]!) * 1000).toFixed(1), 'ms');
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  const byUrl = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + us);
    const u = f.url.split('/').pop() || f.functionName;
    byUrl.set(u, (byUrl.get(u) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  console.log('--- by function\n' + top(byName, 60));
  console.log('--- by file\n' + top(byUrl, 20));
} finally {
  await browser.close();
  await next.stop();
}
