import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '@/proxy';
import { allowedHosts, hostAllowed, isLoopback } from '@/lib/server/platform/allowed-hosts';
import { nonJsonBody, refusal } from './guard';
import { asPageForBrowser, isNavigation } from '../error-page';
import { crossOriginRefusal } from './same-origin';

describe('allowed hosts', () => {
  it('loopback names are always allowed; anything else only when listed', () => {
    for (const name of [
      '127.0.0.1:3000',
      '127.9.9.9',
      'localhost',
      'LOCALHOST:80',
      'app.localhost:3000',
      '[::1]:3000',
      'localhost.',
    ])
      expect(hostAllowed(name, []), name).toBe(true);
    for (const name of [
      'attacker.example',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      '0.0.0.0:3000',
      '10.0.0.5',
      '',
      'localhostx',
    ])
      expect(hostAllowed(name, []), name).toBe(false);
    expect(hostAllowed(null, [])).toBe(false);
  });

  it('SLUICE_ALLOWED_HOSTS lists names, comma- or space-separated, with .domain or *.domain for subdomains', () => {
    const allowed = allowedHosts('sluice.example.com, 10.0.0.5:3000 *.corp.example');
    expect(hostAllowed('sluice.example.com:443', allowed)).toBe(true);
    expect(hostAllowed('10.0.0.5:3000', allowed)).toBe(true);
    expect(hostAllowed('a.corp.example', allowed)).toBe(true);
    expect(hostAllowed('corp.example', allowed)).toBe(true);
    expect(hostAllowed('evilcorp.example', allowed)).toBe(false);
    expect(hostAllowed('sluice.example.com.evil', allowed)).toBe(false);
    expect(isLoopback('0.0.0.0')).toBe(false);
  });
});

describe('the origin rule', () => {
  const headers = (h: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', ...h });
  it('refuses unsafe methods from another origin, an opaque one, or a cross-site fetch', () => {
    expect(crossOriginRefusal('POST', headers({ origin: 'http://evil.example' }))).toMatch(/not this app's origin/);
    expect(crossOriginRefusal('DELETE', headers({ origin: 'null' }))).toMatch(/Origin: null/);
    expect(crossOriginRefusal('PATCH', headers({ origin: 'http://127.0.0.1:3001' }))).toBeDefined();
    expect(crossOriginRefusal('PUT', headers({ 'sec-fetch-site': 'cross-site' }))).toBeDefined();
    expect(crossOriginRefusal('POST', headers({ 'sec-fetch-site': 'same-site' }))).toBeDefined();
    expect(crossOriginRefusal('POST', headers({ origin: 'not a url' }))).toMatch(/not a URL/);
  });

  it('lets the app’s own origin, safe methods, and scripts without Origin or Sec-Fetch-Site through', () => {
    expect(crossOriginRefusal('POST', headers({ origin: 'http://127.0.0.1:3000' }))).toBeUndefined();
    expect(
      crossOriginRefusal('POST', new Headers({ host: 'sluice.example.com', origin: 'https://sluice.example.com' })),
    ).toBeUndefined();
    expect(crossOriginRefusal('GET', headers({ origin: 'http://evil.example' }))).toBeUndefined();
    expect(crossOriginRefusal('POST', headers({ 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(crossOriginRefusal('POST', headers({ 'sec-fetch-site': 'none' }))).toBeUndefined();
    expect(crossOriginRefusal('POST', headers({}))).toBeUndefined();
  });

  it('takes JSON bodies only, and bodiless requests', () => {
    expect(nonJsonBody('POST', new Headers({ 'content-type': 'text/plain', 'content-length': '2' }))).toMatch(/text\/plain/);
    expect(nonJsonBody('POST', new Headers({ 'content-length': '2' }))).toMatch(/no Content-Type/);
    expect(
      nonJsonBody('POST', new Headers({ 'content-type': 'application/json; charset=utf-8', 'content-length': '2' })),
    ).toBeUndefined();
    expect(
      nonJsonBody('POST', new Headers({ 'content-type': 'application/merge-patch+json', 'transfer-encoding': 'chunked' })),
    ).toBeUndefined();
    expect(nonJsonBody('POST', new Headers({ 'content-length': '0' }))).toBeUndefined();
  });
});

describe('a browser that navigates gets a page, never JSON', () => {
  const navigation = { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*;q=0.8' };

  it('tells a navigation (a link, a form post, an address typed) from a script', () => {
    expect(isNavigation(new Headers(navigation))).toBe(true);
    expect(isNavigation(new Headers({ 'sec-fetch-mode': 'cors', accept: 'text/html' }))).toBe(false);
    expect(isNavigation(new Headers({ accept: 'text/html,application/xhtml+xml' }))).toBe(true); // a browser without Sec-Fetch
    expect(isNavigation(new Headers({ accept: '*/*' }))).toBe(false); // curl
    expect(isNavigation(new Headers({}))).toBe(false);
  });

  it('a refused form post (Origin: null, another origin, a foreign host) is a page saying why; a script still gets JSON', async () => {
    const attacks: Record<string, string>[] = [{ origin: 'null' }, { origin: 'http://evil.example' }, { host: 'evil.example' }];
    for (const headers of attacks) {
      const page = refusal('POST', new Headers({ ...navigation, ...headers }), false)!;
      expect(page.status).toBe(403);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('<h1>Refused</h1>');
      expect(html).toContain('<a class="sluice-brand" href="/">');
      expect(html).not.toContain('"error"');
      const json = refusal('POST', new Headers({ host: '127.0.0.1:3000', 'sec-fetch-mode': 'cors', ...headers }), false)!;
      expect(json.headers.get('content-type')).toContain('application/json');
    }
  });

  it('turns an API route’s JSON error into its page for a navigation, its message escaped, a way on linked', async () => {
    const error = Response.json({ error: { type: 'not_found', message: 'Unknown capture "<b>x</b>".' } }, { status: 404 });
    const page = await asPageForBrowser(new Headers(navigation), error, { href: '/traffic', label: 'Back to traffic' });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('<h1>Not found</h1>');
    expect(html).toContain('Unknown capture &quot;&lt;b&gt;x&lt;/b&gt;&quot;.');
    expect(html).toContain('<a href="/traffic">Back to traffic</a>');
    const fetched = Response.json({ error: { type: 'not_found', message: 'x' } }, { status: 404 });
    expect(await asPageForBrowser(new Headers({ 'sec-fetch-mode': 'cors' }), fetched)).toBe(fetched);
    const ok = Response.json({ fine: true });
    expect(await asPageForBrowser(new Headers(navigation), ok)).toBe(ok);
  });
});

describe('every API route is guarded', () => {
  // The proxy skips /api/: each route's exports must go through route() (lib/server/host/api-route.ts), which runs the checks.
  const routeFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? routeFiles(join(dir, entry.name)) : entry.name === 'route.ts' ? [join(dir, entry.name)] : [],
    );

  it('exports its handlers only as route(…)', () => {
    const files = routeFiles(join(process.cwd(), 'app/api'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const handlers = [
        ...source.matchAll(
          /export\s+(?:async\s+)?(?:const|function|let|var)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b(\s*=\s*(route|publicRoute)\()?/g,
        ),
      ];
      expect(handlers.length, file).toBeGreaterThan(0);
      for (const handler of handlers) {
        expect(handler[2], `${file}: ${handler[1]}`).toBeDefined();
        // Only the health check, the built-in simulator and the sign-in's own routes answer without a signed-in user (issue 40).
        if (handler[3] === 'publicRoute')
          expect(file, `${file}: ${handler[1]}`).toMatch(/app\/api\/(health|sim\/|auth\/(sign-in|callback|sign-out)\/)/);
      }
      expect(source, file).not.toMatch(/export\s*\{/);
    }
  });

  it('the proxy skips exactly the API and the static build files', () => {
    const matcher = new RegExp(`^${config.matcher[0]!}$`);
    for (const path of ['/', '/c/x', '/race/x', '/api']) expect(matcher.test(path), path).toBe(true);
    for (const path of ['/api/chat', '/api/health', '/_next/static/a.js', '/metrics'])
      expect(matcher.test(path), path).toBe(false);
  });
});
