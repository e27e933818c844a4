import { createServer } from 'node:http';
import { listen } from '../lib/simulator/serve-fetch';
import { expect, test } from './support';

/**
 * Another site the user visits (served here on 127.0.0.2, another origin) tries to
 * drive Sluice from the browser: a form post, fetches, a delete, a frame. None of it
 * reaches the upstream or changes anything.
 */
test('a page on another origin cannot make Sluice call the upstream, change history, or frame it', async ({
  page,
  app,
  request,
  baseURL,
}) => {
  await app.open();
  await app.ask('sim-openai::sim-echo', 'mine tokens=2 delay=0');
  await app.done();
  const list = async () =>
    ((await (await request.get('/api/conversations?limit=200')).json()) as { conversations: { id: string }[] }).conversations;
  const before = await list();
  const victim = before[0]!.id;
  const chat = `${baseURL}/api/chat`;
  const body = JSON.stringify({
    provider: 'sim-openai',
    model: 'sim-echo',
    messages: [{ role: 'user', content: 'spent by an attacker tokens=2' }],
  });
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>evil</title>
      <form id="f" method="POST" action="${chat}" enctype="text/plain" target="sink"><input name='${body.slice(0, -2)}' value='"}]}'></form>
      <iframe name="sink"></iframe>
      <iframe id="framed" src="${baseURL}/"></iframe>
      <script>
        window.results = [];
        const note = (what) => (r) => window.results.push(what + ':' + (r && r.status !== undefined ? r.status : r));
        document.getElementById('f').submit();
        fetch(${JSON.stringify(chat)}, {
          method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(body)},
        }).then(note('no-cors'), note('no-cors failed'));
        fetch(${JSON.stringify(chat)}, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)},
        }).then(note('cors'), note('cors failed'));
        fetch(${JSON.stringify(`${baseURL}/api/conversations/${victim}`)}, { method: 'DELETE', mode: 'no-cors' }).then(note('delete'), note('delete failed'));
        fetch(${JSON.stringify(`${baseURL}/api/conversations`)}).then((r) => r.text()).then(note('read'), note('read failed'));
      </script>`);
  });
  const origin = await listen(attacker, 0, '127.0.0.2');
  try {
    const evil = await page.context().newPage();
    await evil.goto(`${origin}/`);
    await expect
      .poll(() => evil.evaluate(() => (window as unknown as { results: string[] }).results.length), { timeout: 10_000 })
      .toBe(4);
    const results = await evil.evaluate(() => (window as unknown as { results: string[] }).results);
    // The cross-origin read is blocked by the browser (no CORS headers); the writes were refused by Sluice.
    expect(results).toContain('read failed:TypeError: Failed to fetch');
    expect(results).toContain('cors failed:TypeError: Failed to fetch');
    // The frame shows nothing of Sluice: frame-ancestors 'none'.
    const framed = evil.frames().find((f) => f !== evil.mainFrame() && f.name() !== 'sink')!;
    expect(await framed.locator('text=Sluice').count()).toBe(0);
    await evil.waitForTimeout(500);
    const after = await list();
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    await evil.close();
  } finally {
    attacker.closeAllConnections();
    attacker.close();
  }
});

/**
 * The same refusal, met by a person: another site's form that posts to Sluice in the
 * whole tab (and the tab is a navigation, so is owed a page) shows a page of Sluice's
 * saying it refused, with the way home, not a JSON body.
 */
test('a form on another origin that posts to Sluice in the tab gets a page that says it was refused', async ({
  page,
  baseURL,
}) => {
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>evil</title>
      <form method="POST" action="${baseURL}/api/conversations/x/fork"><button>Win a prize</button></form>`);
  });
  const origin = await listen(attacker, 0, '127.0.0.2');
  try {
    await page.goto(`${origin}/`);
    const answer = page.waitForResponse(`${baseURL}/api/conversations/x/fork`);
    await page.getByRole('button', { name: 'Win a prize' }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Refused' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('is not this app');
    await expect(page.getByRole('link', { name: 'Go to Sluice' })).toHaveAttribute('href', '/');
    expect(await page.locator('body').innerText()).not.toContain('forbidden_origin');
  } finally {
    attacker.closeAllConnections();
    attacker.close();
  }
});
